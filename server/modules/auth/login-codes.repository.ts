import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface LoginCodeRow {
  id: string;
  code_hash: Buffer;
  language: string;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
}

export async function insertLoginCode(
  tx: Transaction<Database>,
  code: { identifier: string; hash: Buffer; language: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await tx
    .insertInto('login_codes')
    .values({
      identifier: code.identifier,
      code_hash: code.hash,
      language: code.language,
      expires_at: code.expiresAt,
      created_at: code.createdAt,
    })
    .execute();
}

/** Only the newest code of an identifier counts: sending a new one retires the previous ones. */
export async function latestLoginCode(
  tx: Transaction<Database>,
  identifier: string,
): Promise<LoginCodeRow | undefined> {
  return tx
    .selectFrom('login_codes')
    .select(['id', 'code_hash', 'language', 'attempts', 'expires_at', 'used_at'])
    .where('identifier', '=', identifier)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countWrongAttempt(tx: Transaction<Database>, id: string): Promise<void> {
  await tx
    .updateTable('login_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function markLoginCodeUsed(tx: Transaction<Database>, id: string, at: Date): Promise<void> {
  await tx.updateTable('login_codes').set({ used_at: at }).where('id', '=', id).execute();
}
