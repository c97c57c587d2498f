import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function insertEmailConfirmation(
  tx: Transaction<Database>,
  row: { userId: string; email: string; tokenHash: Buffer; expiresAt: Date; createdAt: Date },
): Promise<string> {
  const inserted = await tx
    .insertInto('email_confirmations')
    .values({
      user_id: row.userId,
      email: row.email,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
      created_at: row.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(inserted.id);
}

/** When the user's links since `since` were made, oldest first (the resend limits, over the user_id index). */
export async function emailConfirmationTimes(tx: Transaction<Database>, userId: string, since: Date): Promise<Date[]> {
  const rows = await tx
    .selectFrom('email_confirmations')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.created_at);
}

/** A link whose mail could not be sent: it never existed for the user, nor for the resend limits. */
export async function deleteEmailConfirmation(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('email_confirmations').where('id', '=', id).where('used_at', 'is', null).execute();
}

/** The user's unused links older than `newestId` expire now (a newer one, from a profile change, is kept). */
export async function supersedeEmailConfirmations(
  db: Kysely<Database>,
  userId: string,
  newestId: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('email_confirmations')
    .set({ expires_at: at })
    .where('user_id', '=', userId)
    .where('id', '<', newestId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
}

export interface EmailConfirmationRow {
  id: string;
  user_id: string;
  email: string;
  expires_at: Date;
  used_at: Date | null;
}

export async function lockEmailConfirmation(
  tx: Transaction<Database>,
  tokenHash: Buffer,
): Promise<EmailConfirmationRow | undefined> {
  return tx
    .selectFrom('email_confirmations')
    .select(['id', 'user_id', 'email', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function markEmailConfirmationUsed(tx: Transaction<Database>, id: string, at: Date): Promise<void> {
  await tx.updateTable('email_confirmations').set({ used_at: at }).where('id', '=', id).execute();
}
