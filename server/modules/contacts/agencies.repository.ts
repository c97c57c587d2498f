import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Agencies are the public contacts (SPEC.md section 3): no owner, an address and a place on the map. */
export interface AgencyRow {
  id: string;
  first_name: string;
  address: string | null;
  zip_code: string | null;
  city: string | null;
  phone_number: string | null;
  email: string | null;
  latitude: string | null;
  longitude: string | null;
}

const agencyColumns = [
  'id',
  'first_name',
  'address',
  'zip_code',
  'city',
  'phone_number',
  'email',
  'latitude',
  'longitude',
] as const;

export interface NewAgency {
  name: string;
  address: string;
  zipCode: string;
  city: string;
  latitude: string;
  longitude: string;
  phone: string | null;
  email: string | null;
}

export async function insertAgency(tx: Transaction<Database>, agency: NewAgency): Promise<AgencyRow> {
  return tx
    .insertInto('contacts')
    .values({
      public: true,
      owner_user_id: null,
      // The agency's name is its first name: lists show "first last", and an agency has one name.
      first_name: agency.name,
      last_name: '',
      address: agency.address,
      zip_code: agency.zipCode,
      city: agency.city,
      latitude: agency.latitude,
      longitude: agency.longitude,
      phone_number: agency.phone,
      email: agency.email,
    })
    .returning(agencyColumns)
    .executeTakeFirstOrThrow();
}

export async function findAgency(db: Kysely<Database>, id: string): Promise<AgencyRow | undefined> {
  if (!/^[1-9]\d{0,18}$/.test(id)) return undefined;
  return db
    .selectFrom('contacts')
    .select(agencyColumns)
    .where('id', '=', id)
    .where('public', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findAgencyByName(db: Kysely<Database>, name: string): Promise<AgencyRow | undefined> {
  return db
    .selectFrom('contacts')
    .select(agencyColumns)
    .where('first_name', '=', name)
    .where('public', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
