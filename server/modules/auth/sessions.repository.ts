import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function insertSession(
  tx: Transaction<Database>,
  session: { id: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await tx
    .insertInto('sessions')
    .values({ id: session.id, user_id: session.userId, created_at: session.createdAt, expires_at: session.expiresAt })
    .execute();
}

/** The session's user when it is neither revoked nor expired at `now`. */
export async function activeSessionUser(db: Kysely<Database>, id: string, now: Date): Promise<string | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id;
}

export async function revokeSession(db: Kysely<Database>, id: string, at: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}
