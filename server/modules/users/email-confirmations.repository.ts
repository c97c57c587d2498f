import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function insertEmailConfirmation(
  tx: Transaction<Database>,
  row: { userId: string; email: string; tokenHash: Buffer; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await tx
    .insertInto('email_confirmations')
    .values({
      user_id: row.userId,
      email: row.email,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
      created_at: row.createdAt,
    })
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
