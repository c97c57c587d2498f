/**
 * Sessions as other modules touch them: the back-office lists a person's recent sessions and ends them all when it
 * freezes an account or changes a role, and so does a role grant. The table and its queries stay this module's own.
 */
export { recentSessions, revokeUserSessions } from './sessions.repository.ts';
