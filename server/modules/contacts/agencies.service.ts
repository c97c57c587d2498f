import type { Kysely, Transaction } from 'kysely';
import { parsePhone } from '../../../common/identity/phone.ts';
import type { Database } from '../../db/schema.ts';
import { createAgencyCashAccount } from '../../ledger/accounts.repository.ts';
import { findAgency, findAgencyByName, insertAgency, type AgencyRow, type NewAgency } from './agencies.repository.ts';

/** What the back-office reads and changes of agencies; the other queries stay this module's own. */
export {
  findAgencyByName,
  findOpsAgency,
  listOpsAgencies,
  lockAgency,
  setAgencyDisabled,
  updateAgency,
  type AgencyChanges,
  type OpsAgencyFilters,
  type OpsAgencyRow,
} from './agencies.repository.ts';
/** Whether an id is an agency's, and whether it takes payouts. */
export { agencyState } from './contacts.repository.ts';

export type { AgencyRow } from './agencies.repository.ts';

export interface AgencyInput {
  name: string;
  address: string;
  zip: string;
  city: string;
  lat: string;
  lon: string;
  phone?: string | undefined;
  email?: string | undefined;
}

const coordinate = /^-?\d{1,3}(\.\d{1,6})?$/;

/** Operator input checked before it reaches the database, each problem named after its flag. */
export function validateAgency(
  input: AgencyInput,
): { ok: true; agency: NewAgency } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const text = (flag: string, value: string, max: number) => {
    const trimmed = value.trim();
    if (!trimmed || trimmed.length > max) problems.push(`--${flag} must be 1 to ${max} characters`);
    return trimmed;
  };
  const name = text('name', input.name, 100);
  const address = text('address', input.address, 200);
  const zipCode = text('zip', input.zip, 20);
  const city = text('city', input.city, 100);
  if (!coordinate.test(input.lat) || Math.abs(Number(input.lat)) > 90)
    problems.push('--lat must be a latitude (-90..90)');
  if (!coordinate.test(input.lon) || Math.abs(Number(input.lon)) > 180)
    problems.push('--lon must be a longitude (-180..180)');
  let phone: string | null = null;
  if (input.phone !== undefined) {
    const parsed = parsePhone(input.phone);
    if (parsed.ok) phone = parsed.value;
    else problems.push('--phone must be a +33, +212 or +1 number');
  }
  const email = input.email?.trim().toLowerCase() ?? null;
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.push('--email must be an e-mail address');
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    agency: { name, address, zipCode, city, latitude: input.lat, longitude: input.lon, phone, email },
  };
}

/** The agency and its MAD cash account (ledger), in one transaction. */
export async function createAgency(tx: Transaction<Database>, agency: NewAgency): Promise<AgencyRow> {
  const row = await insertAgency(tx, agency);
  await createAgencyCashAccount(tx, row.id);
  return row;
}

export async function getAgency(db: Kysely<Database>, id: string): Promise<AgencyRow | undefined> {
  return findAgency(db, id);
}

export async function getAgencyByName(db: Kysely<Database>, name: string): Promise<AgencyRow | undefined> {
  return findAgencyByName(db, name);
}
