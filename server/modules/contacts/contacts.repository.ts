import { sql, type CompiledQuery, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countedPage } from '../../db/counted-page.ts';
import { distanceKm, searchCondition, searchPatterns } from '../../db/search-condition.ts';
import { StatementShapes } from '../../db/statement-shapes.ts';
import { pageSizeLiteral } from '../../db/page-size.ts';

export interface ContactRow {
  id: string;
  owner_user_id: string | null;
  public: boolean;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  email: string | null;
  address: string | null;
  zip_code: string | null;
  city: string | null;
  latitude: string | null;
  longitude: string | null;
  contact_user: string | null;
  account_id: string | null;
  proximity: number | null;
  /** An agency an operator closed; null for everything else. */
  disabled_at: Date | null;
  /** The recipient's Moroccan bank account (24 digits), for bank deposits; null when none. */
  rib: string | null;
  /** The holder's name in Latin letters as the sender gave it for that account; null when not given. */
  rib_holder_name: string | null;
}

const columns = [
  'id',
  'owner_user_id',
  'public',
  'first_name',
  'last_name',
  'phone_number',
  'email',
  'address',
  'zip_code',
  'city',
  'latitude',
  'longitude',
  'contact_user',
  'account_id',
  'disabled_at',
  'rib',
  'rib_holder_name',
] as const;

export interface PageWindow {
  limit: number;
  offset: number;
}

export interface ContactPageRows {
  count: number;
  rows: ContactRow[];
}

type OwnContactsBinds = {
  owner: string;
  pattern: string | undefined;
  phonePattern: string | undefined;
  offset: number;
};

function ownContactsBase(db: Kysely<Database>, b: OwnContactsBinds) {
  const base = db
    .selectFrom('contacts')
    .where('owner_user_id', '=', b.owner)
    // A literal, not a parameter: the code's constant, and the predicate of the partial indexes (`WHERE NOT public`),
    // which a generic plan can only use when it sees the value (ADR 010).
    .where('public', '=', sql.lit(false))
    .where('deleted_at', 'is', null);
  return b.pattern === undefined ? base : base.where(ownContactsMatch(b.pattern, b.phonePattern));
}

/**
 * searchCondition's match over a recipient's names and e-mail, read from the text stored folded with the row
 * (migration 0491: fold_text is the same lower(unaccent()), so the same recipients match). The pattern is folded
 * once per statement (an InitPlan), not once per row as `lower(unaccent($n))` in a filter was.
 */
function ownContactsMatch(pattern: string, phonePattern: string | undefined): RawBuilder<boolean> {
  const byText = sql<boolean>`search_folded LIKE (SELECT lower(unaccent(${pattern}))) ESCAPE '\\'`;
  return phonePattern === undefined ? byText : sql<boolean>`(${byText} OR phone_number LIKE ${phonePattern})`;
}

const ownContactsCount = (db: Kysely<Database>, b: OwnContactsBinds) =>
  ownContactsBase(db, b).select((eb) => eb.fn.countAll<string>().as('count'));

/** The page with the count of everything it pages through (`total_count`). */
const ownContactsPage = (b: OwnContactsBinds, { db, limit }: { db: Kysely<Database>; limit: number }) =>
  ownContactsBase(db, b)
    .select([...columns, sql<number | null>`NULL::float8`.as('proximity')])
    .select(sql<string>`(${ownContactsCount(db, b)})`.as('total_count'))
    // lower(unaccent(first_name)), lower(unaccent(last_name)), id, stored (migration 0491): the order of
    // contacts_owner_folded_idx, which gives the page without sorting all of the customer's recipients.
    .orderBy(sql`first_name_folded`)
    .orderBy(sql`last_name_folded`)
    .orderBy('id')
    // The page size as a literal (part of the shape), as the history's: see pageSizeLiteral.
    .limit(sql.lit(pageSizeLiteral(limit)))
    .offset(b.offset);

/**
 * The page's statement, compiled by Kysely once per shape (search or not, phone-like or not, the page size):
 * StatementShapes.
 */
const ownContactsPages = new StatementShapes(ownContactsPage);

function ownContactsInputs(ownerId: string, search: string | undefined, window: PageWindow) {
  const patterns = search ? searchPatterns(search) : { pattern: undefined, phonePattern: undefined };
  const binds = { owner: ownerId, ...patterns, offset: window.offset };
  const shape = `${binds.pattern === undefined ? '-' : 'search'} ${binds.phonePattern === undefined ? '-' : 'phone'} ${window.limit}`;
  return { binds, shape };
}

/** The page's statement, from its shape's template once that shape was compiled. */
export function compileOwnContactsPage(
  db: Kysely<Database>,
  ownerId: string,
  search: string | undefined,
  window: PageWindow,
): CompiledQuery {
  const { binds, shape } = ownContactsInputs(ownerId, search, window);
  return ownContactsPages.compile(shape, binds, { db, limit: window.limit });
}

/** The same statement built and compiled by Kysely at this call, as before the templates (tests compare them). */
export function compileOwnContactsPageAfresh(
  db: Kysely<Database>,
  ownerId: string,
  search: string | undefined,
  window: PageWindow,
): CompiledQuery {
  return ownContactsPage(ownContactsInputs(ownerId, search, window).binds, { db, limit: window.limit }).compile();
}

/** A customer's live recipients, alphabetically (accents folded, so "Élodie" sits with the E's). */
export async function listOwnContacts(
  db: Kysely<Database>,
  ownerId: string,
  search: string | undefined,
  window: PageWindow,
): Promise<ContactPageRows> {
  const { binds } = ownContactsInputs(ownerId, search, window);
  const { rows } = await db.executeQuery<ContactRow & { total_count: string }>(
    compileOwnContactsPage(db, ownerId, search, window),
  );
  return countedPage(
    rows,
    window.offset,
    async () => (await ownContactsCount(db, binds).executeTakeFirstOrThrow()).count,
  );
}

/** The agencies: nearest first from a position, else by city then name. */
export async function listAgencies(
  db: Kysely<Database>,
  search: string | undefined,
  position: { latitude: number; longitude: number } | undefined,
  window: PageWindow,
): Promise<ContactPageRows> {
  // A disabled agency is offered to no one: it has no place in the list.
  let base = db
    .selectFrom('contacts')
    .where('public', '=', true)
    .where('deleted_at', 'is', null)
    .where('disabled_at', 'is', null);
  if (search) base = base.where(searchCondition(search, true));
  const proximity = position ? distanceKm(position.latitude, position.longitude) : sql<number | null>`NULL::float8`;
  let query = base.select([...columns, proximity.as('proximity')]);
  query = position ? query.orderBy('proximity') : query.orderBy(sql`lower(unaccent(city))`);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    query
      .orderBy(sql`lower(unaccent(first_name))`)
      .orderBy('id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { count: Number(total.count), rows };
}

/**
 * One contact the customer may see: their own live recipient, or an agency. An agency an operator closed is left
 * out unless `closed` asks for it: money is never sent there, but a customer who withdrew there can still read it.
 */
export async function findVisibleContact(
  db: Kysely<Database>,
  ownerId: string,
  id: string,
  closed: 'without closed agencies' | 'with closed agencies' = 'without closed agencies',
): Promise<ContactRow | undefined> {
  let query = db
    .selectFrom('contacts')
    .select([...columns, sql<number | null>`NULL::float8`.as('proximity')])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('owner_user_id', '=', ownerId), eb('public', '=', true)]));
  if (closed === 'without closed agencies') query = query.where('disabled_at', 'is', null);
  return query.executeTakeFirst();
}

/** Which of the phone and e-mail already name a live recipient of this customer. */
export async function findDuplicates(
  tx: Transaction<Database>,
  ownerId: string,
  phone: string | undefined,
  email: string | undefined,
): Promise<{ phone: boolean; email: boolean }> {
  const rows = await tx
    .selectFrom('contacts')
    .select(['phone_number', 'email'])
    .where('owner_user_id', '=', ownerId)
    .where('public', '=', false)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        ...(phone === undefined ? [] : [eb('phone_number', '=', phone)]),
        ...(email === undefined ? [] : [eb('email', '=', email)]),
      ]),
    )
    .execute();
  return {
    phone: phone !== undefined && rows.some((r) => r.phone_number === phone),
    email: email !== undefined && rows.some((r) => r.email === email),
  };
}

export interface NewContact {
  ownerId: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  contactUser: string | null;
  accountId: string | null;
  rib: string | null;
  ribHolderName: string | null;
}

export async function insertContact(tx: Transaction<Database>, contact: NewContact): Promise<ContactRow> {
  return tx
    .insertInto('contacts')
    .values({
      owner_user_id: contact.ownerId,
      public: false,
      first_name: contact.firstName,
      last_name: contact.lastName,
      phone_number: contact.phone,
      email: contact.email,
      contact_user: contact.contactUser,
      account_id: contact.accountId,
      rib: contact.rib,
      rib_holder_name: contact.rib === null ? null : contact.ribHolderName,
    })
    .returning([...columns, sql<number | null>`NULL::float8`.as('proximity')])
    .executeTakeFirstOrThrow();
}

/**
 * When this customer added recipients since `since`, oldest first, deleted ones included: deleting and adding again
 * is one more probe of whether someone is a customer. Migration 0110 indexes it.
 */
export async function contactCreationTimes(tx: Transaction<Database>, ownerId: string, since: Date): Promise<Date[]> {
  const rows = await tx
    .selectFrom('contacts')
    .select('created_at')
    .where('owner_user_id', '=', ownerId)
    .where('public', '=', false)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.created_at);
}

/** Soft delete: the row stays for the history of transactions that name it. */
export async function softDeleteOwnContact(
  tx: Transaction<Database>,
  ownerId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const result = await tx
    .updateTable('contacts')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('owner_user_id', '=', ownerId)
    .where('public', '=', false)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Sets or clears the bank account of one of this customer's live recipients, with its holder's name in Latin
 * letters (cleared with the account); undefined when it is not one.
 */
export async function setOwnContactRib(
  tx: Transaction<Database>,
  ownerId: string,
  id: string,
  rib: string | null,
  ribHolderName: string | null,
): Promise<ContactRow | undefined> {
  return tx
    .updateTable('contacts')
    .set({ rib, rib_holder_name: rib === null ? null : ribHolderName })
    .where('id', '=', id)
    .where('owner_user_id', '=', ownerId)
    .where('public', '=', false)
    .where('deleted_at', 'is', null)
    .returning([...columns, sql<number | null>`NULL::float8`.as('proximity')])
    .executeTakeFirst();
}

/** An agency (not deleted): 'enabled', or 'disabled' by an operator; undefined for anything else. */
export async function agencyState(db: Kysely<Database>, id: string): Promise<'enabled' | 'disabled' | undefined> {
  const row = await db
    .selectFrom('contacts')
    .select('disabled_at')
    .where('id', '=', id)
    .where('public', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return row.disabled_at === null ? 'enabled' : 'disabled';
}

/**
 * Links every not-yet-linked recipient naming this user's verified phone or e-mail, in all customers' lists
 * (deleted ones included, so their history shows the person too). The user's own entries are left alone.
 */
export async function linkUnlinkedContacts(
  tx: Transaction<Database>,
  user: { id: string; accountId: string; phone: string | null; email: string | null },
): Promise<number> {
  if (user.phone === null && user.email === null) return 0;
  const result = await tx
    .updateTable('contacts')
    .set({ contact_user: user.id, account_id: user.accountId })
    .where('contact_user', 'is', null)
    .where('public', '=', false)
    .where('owner_user_id', '<>', user.id)
    .where((eb) =>
      eb.or([
        ...(user.phone === null ? [] : [eb('phone_number', '=', user.phone)]),
        ...(user.email === null ? [] : [eb('email', '=', user.email)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
