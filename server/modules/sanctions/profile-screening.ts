import { sql } from 'kysely';
import type { Country } from '../../../common/identity/phone.ts';
import { listsVersion } from './sanctions-index.ts';
import { screenProfile, type CustomerScreening } from './screening.ts';
import type { ServiceDeps } from '../service-deps.ts';

/**
 * A customer's profile about to be saved, screened against the sanctions lists before the save's transaction, so
 * that the save records the screening of the very name it writes (recordCustomerScreening): a hit freezes the
 * account in the same commit as the rename, and an operator's clearance of the old name does not cover the new one.
 * Null for staff, who are not screened.
 */
export async function screenProfileChange(
  deps: ServiceDeps,
  userId: string,
  profile: { first_name: string; last_name: string; country: Country },
): Promise<CustomerScreening | null> {
  const user = await deps.db
    .selectFrom('users')
    .select(['role', sql<string | null>`to_char(date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth')])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (user?.role !== 'customer') return null;
  const version = await listsVersion(deps.db);
  return screenProfile(deps, userId, { ...profile, date_of_birth: user.date_of_birth }, version);
}
