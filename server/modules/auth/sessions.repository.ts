import type { Role } from '../../../common/api/auth.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { StatementShapes } from '../../db/statement-shapes.ts';

export async function insertSession(
  tx: Transaction<Database>,
  session: { id: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await tx
    .insertInto('sessions')
    .values({ id: session.id, user_id: session.userId, created_at: session.createdAt, expires_at: session.expiresAt })
    .execute();
}

interface ActiveSessionUser {
  id: string;
  role: Role;
  agency_id: string | null;
  frozen_at: Date | null;
  kyc_level: number;
  recovery_pending_until: Date | null;
  recovery_cooling_until: Date | null;
}

type SessionBinds = { sessionId: string; userId: string; now: Date };

/** Every authenticated request runs it: compiled by Kysely once, not at each request (StatementShapes). */
const sessionUserStatement = new StatementShapes<SessionBinds, Kysely<Database>>((b, db) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'u.id',
      'u.role',
      'u.agency_id',
      'u.frozen_at',
      'u.kyc_level',
      'u.recovery_pending_until',
      'u.recovery_cooling_until',
    ])
    .where('s.id', '=', b.sessionId)
    .where('s.user_id', '=', b.userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', b.now),
);

/**
 * Who a request comes from, in one round trip: the user of a session that is neither revoked nor expired at
 * `now` and belongs to `userId` (the token's subject). The send checks the same in its own statement
 * (wallet_send_as(), migration 0500): a condition changed here must change there.
 */
export async function activeSessionUserRow(
  db: Kysely<Database>,
  sessionId: string,
  userId: string,
  now: Date,
): Promise<ActiveSessionUser | undefined> {
  const statement = sessionUserStatement.compile('session user', { sessionId, userId, now }, db);
  return (await db.executeQuery<ActiveSessionUser>(statement)).rows[0];
}

export async function revokeSession(db: Kysely<Database>, id: string, at: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of a user at once (an operator's logout-all, a disabled teller): returns how many. */
export async function revokeUserSessions(db: Kysely<Database>, userId: string, at: Date): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface SessionRow {
  id: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

/** A user's newest sessions: their sign-ins, for the back-office. */
export async function recentSessions(db: Kysely<Database>, userId: string, limit: number): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'expires_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
