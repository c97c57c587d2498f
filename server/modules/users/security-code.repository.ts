import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface SecurityCodeState {
  hash: Buffer | null;
  salt: Buffer | null;
  failures: number;
  lockedUntil: Date | null;
  language: string;
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  phoneAuth: boolean;
}

/** Row-locked, so concurrent guesses on one account are counted one after the other. */
export async function lockSecurityCodeState(
  tx: Transaction<Database>,
  userId: string,
): Promise<SecurityCodeState | undefined> {
  const row = await tx
    .selectFrom('users')
    .select([
      'security_code_hash',
      'security_code_salt',
      'security_code_failures',
      'security_code_locked_until',
      'language',
      'email',
      'email_verified_at',
      'phone_number',
      'phone_auth',
    ])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return (
    row && {
      hash: row.security_code_hash,
      salt: row.security_code_salt,
      failures: row.security_code_failures,
      lockedUntil: row.security_code_locked_until,
      language: row.language,
      email: row.email,
      emailVerified: row.email_verified_at !== null,
      phone: row.phone_number,
      phoneAuth: row.phone_auth,
    }
  );
}

export async function saveSecurityCodeAttempts(
  tx: Transaction<Database>,
  userId: string,
  state: { failures: number; lockedUntil: Date | null },
): Promise<void> {
  await tx
    .updateTable('users')
    .set({ security_code_failures: state.failures, security_code_locked_until: state.lockedUntil })
    .where('id', '=', userId)
    .execute();
}

export async function saveSecurityCode(
  tx: Transaction<Database>,
  userId: string,
  hash: Buffer,
  salt: Buffer,
): Promise<void> {
  await tx
    .updateTable('users')
    .set({
      security_code_hash: hash,
      security_code_salt: salt,
      security_code_failures: 0,
      security_code_locked_until: null,
    })
    .where('id', '=', userId)
    .execute();
}
