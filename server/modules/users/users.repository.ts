import type { Role } from '../../../common/api/auth.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const userColumns = [
  'id',
  'email',
  'email_verified_at',
  'phone_number',
  'phone_auth',
  'phone_verified_at',
  'first_name',
  'last_name',
  'country',
  'language',
  'role',
  'agency_id',
  'account_id',
  'subscription',
  'security_code_hash',
  'kyc_level',
] as const;

export interface UserRow {
  id: string;
  email: string | null;
  email_verified_at: Date | null;
  phone_number: string | null;
  phone_auth: boolean;
  phone_verified_at: Date | null;
  first_name: string;
  last_name: string;
  country: string | null;
  language: string;
  role: Role;
  agency_id: string | null;
  account_id: string;
  subscription: boolean;
  security_code_hash: Buffer | null;
  kyc_level: number;
}

export async function findUserById(db: Kysely<Database>, id: string, forUpdate = false): Promise<UserRow | undefined> {
  const query = db.selectFrom('users').select(userColumns).where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** A user signs in by e-mail only once that e-mail is verified (by the sign-in code itself, or by the link). */
export async function findUserByVerifiedEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select(userColumns)
    .where('email', '=', email)
    .where('email_verified_at', 'is not', null)
    .executeTakeFirst();
}

/**
 * Only a phone verified by an SMS code signs in: a phone typed into a profile proves nothing until its own SMS
 * code proves it, as a phone user's e-mail signs in once its link is opened (provedIdentifiers).
 */
export async function findUserBySignInPhone(db: Kysely<Database>, phone: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select(userColumns)
    .where('phone_number', '=', phone)
    .where((eb) => eb.or([eb('phone_auth', '=', true), eb('phone_verified_at', 'is not', null)]))
    .executeTakeFirst();
}

/**
 * Someone just proved they own `email` with a code: another account that merely typed it into its profile (never
 * confirmed) loses it, so nobody can squat an address and block its owner's sign-up.
 */
export async function releaseUnverifiedEmail(tx: Transaction<Database>, email: string): Promise<void> {
  await tx
    .updateTable('users')
    .set({ email: null })
    .where('email', '=', email)
    .where('email_verified_at', 'is', null)
    .execute();
}

export async function releaseUnverifiedPhone(tx: Transaction<Database>, phone: string): Promise<void> {
  await tx
    .updateTable('users')
    .set({ phone_number: null })
    .where('phone_number', '=', phone)
    .where('phone_auth', '=', false)
    .where('phone_verified_at', 'is', null)
    .execute();
}

/** The id first, so the wallet address (derived from it) is written with the row and the column stays NOT NULL. */
export async function nextUserId(tx: Transaction<Database>): Promise<string> {
  const { rows } = await sql<{ id: string }>`SELECT nextval(pg_get_serial_sequence('users', 'id'))::text AS id`.execute(
    tx,
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('users id sequence returned nothing');
  return id;
}

export interface NewUser {
  id: string;
  email: string | null;
  emailVerifiedAt: Date | null;
  phoneNumber: string | null;
  phoneAuth: boolean;
  language: string;
  role: Role;
  agencyId: string | null;
  accountId: string;
  firstName?: string;
  lastName?: string;
  country?: string | null;
}

export async function insertUser(tx: Transaction<Database>, user: NewUser): Promise<UserRow> {
  return tx
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      email_verified_at: user.emailVerifiedAt,
      phone_number: user.phoneNumber,
      phone_auth: user.phoneAuth,
      language: user.language,
      role: user.role,
      agency_id: user.agencyId,
      account_id: user.accountId,
      first_name: user.firstName ?? '',
      last_name: user.lastName ?? '',
      country: user.country ?? null,
    })
    .returning(userColumns)
    .executeTakeFirstOrThrow();
}

export async function setUserLanguage(tx: Transaction<Database>, id: string, language: string): Promise<void> {
  await tx.updateTable('users').set({ language }).where('id', '=', id).where('language', '<>', language).execute();
}

export interface ProfileUpdate {
  first_name: string;
  last_name: string;
  country: string;
  email?: string;
  phone_number?: string;
  /** A new phone is not proved, whatever the old one was. */
  phone_verified_at?: null;
}

export async function updateUserProfile(tx: Transaction<Database>, id: string, update: ProfileUpdate): Promise<void> {
  await tx.updateTable('users').set(update).where('id', '=', id).execute();
}

/** Whether another account holds this e-mail or phone (verified or not): both columns are unique. */
export async function identifierTaken(
  tx: Transaction<Database>,
  column: 'email' | 'phone_number',
  value: string,
  exceptUserId: string,
): Promise<boolean> {
  const row = await tx
    .selectFrom('users')
    .select('id')
    .where(column, '=', value)
    .where('id', '<>', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markEmailVerified(
  tx: Transaction<Database>,
  id: string,
  email: string,
  at: Date,
): Promise<boolean> {
  const result = await tx
    .updateTable('users')
    .set({ email_verified_at: at })
    .where('id', '=', id)
    .where('email', '=', email)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Proves the profile phone, if it is still `phone` (it may have been released since the code was sent). */
export async function markPhoneVerified(
  tx: Transaction<Database>,
  id: string,
  phone: string,
  at: Date,
): Promise<boolean> {
  const result = await tx
    .updateTable('users')
    .set({ phone_verified_at: at })
    .where('id', '=', id)
    .where('phone_number', '=', phone)
    .where('phone_auth', '=', false)
    .where('phone_verified_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function makeBanker(tx: Transaction<Database>, id: string, agencyId: string): Promise<void> {
  await tx.updateTable('users').set({ role: 'BANKER', agency_id: agencyId }).where('id', '=', id).execute();
}

export interface BankerRow {
  id: string;
  email: string | null;
  phone_number: string | null;
  first_name: string;
  last_name: string;
  agency_id: string | null;
}

export async function listBankers(db: Kysely<Database>): Promise<BankerRow[]> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'phone_number', 'first_name', 'last_name', 'agency_id'])
    .where('role', '=', 'BANKER')
    .orderBy('agency_id')
    .orderBy('id')
    .execute();
}

/** An operator or auditor of the back-office: no agency. */
export async function makeStaff(tx: Transaction<Database>, id: string, role: 'OPERATOR' | 'AUDITOR'): Promise<void> {
  await tx.updateTable('users').set({ role, agency_id: null }).where('id', '=', id).execute();
}
