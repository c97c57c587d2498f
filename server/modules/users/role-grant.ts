import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { revokeUserSessions } from '../auth/sessions.service.ts';

/** Who asked for someone to become staff (an operator's id; null from the command line), and when it took effect. */
export interface RoleGrant {
  at: Date;
  addedBy: string | null;
}

/**
 * Someone has just been given a staff role (teller, operator, auditor): the time and who asked are kept on their row,
 * for the approvals' rules and the audit; and every session they had ends in the same transaction. A session's
 * length is chosen at sign-in by role, so a customer's 7-day token must not go on as a staff token: they sign in
 * again and get the staff length. Returns how many sessions ended.
 */
export async function recordRoleGrant(tx: Transaction<Database>, userId: string, grant: RoleGrant): Promise<number> {
  await tx
    .updateTable('users')
    .set({ role_since: grant.at, role_added_by: grant.addedBy })
    .where('id', '=', userId)
    .execute();
  return revokeUserSessions(tx, userId, grant.at);
}
