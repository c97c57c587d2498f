import { sql, type Transaction } from 'kysely';
import { KYC_IDENTITY_FIELDS, type KycIdentityField, type KycProfileField } from '../../../common/api/kyc.ts';
import type { Database } from '../../db/schema.ts';
import { listsVersion } from '../sanctions/sanctions-index.ts';
import { recordCustomerScreening, screenProfile } from '../sanctions/screening.ts';
import type { ServiceDeps } from '../service-deps.ts';

/**
 * ADR 018: a verified identity changes only through a new document. A submission's name, country and (once
 * verified) date of birth that differ from the profile are the identity it asks for: kept on the submission, shown
 * to the operator as the identity to verify, and written to the profile only when the document is approved. The
 * customer keeps their level meanwhile; a rejection changes nothing.
 */
export type IdentityChange = Partial<Record<KycIdentityField | 'date_of_birth', string>>;

interface Current {
  level: number;
  first_name: string;
  last_name: string;
  country: string | null;
  date_of_birth: string | null;
}

/**
 * What a submission writes to the profile now (the address, and the date of birth while unverified) and the
 * identity change it asks for (null: none).
 */
export function splitSubmission(
  current: Current,
  profile: Partial<Record<KycProfileField, string>>,
  identity: Partial<Record<KycIdentityField, string>>,
): { now: Partial<Record<KycProfileField, string>>; change: IdentityChange | null } {
  const change: IdentityChange = {};
  for (const field of KYC_IDENTITY_FIELDS) {
    const value = identity[field];
    if (value !== undefined && value !== current[field]) change[field] = value;
  }
  const { date_of_birth, ...rest } = profile;
  const verified = current.level >= 2;
  if (verified && date_of_birth !== undefined && date_of_birth !== current.date_of_birth)
    change.date_of_birth = date_of_birth;
  return {
    now: verified || date_of_birth === undefined ? rest : { ...rest, date_of_birth },
    change: Object.keys(change).length === 0 ? null : change,
  };
}

/**
 * An approved document's identity change written to the profile, and the new identity screened against the
 * sanctions lists in the same transaction (a hit freezes the account before any money moves under the new name).
 */
export async function applyIdentityChange(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  userId: string,
  change: IdentityChange,
): Promise<void> {
  const user = await tx
    .updateTable('users')
    .set(change)
    .where('id', '=', userId)
    .returning([
      'first_name',
      'last_name',
      'country',
      sql<string | null>`to_char(date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'),
    ])
    .executeTakeFirstOrThrow();
  const screening = await screenProfile(deps, userId, user, await listsVersion(deps.db));
  await recordCustomerScreening(tx, deps, userId, screening);
}
