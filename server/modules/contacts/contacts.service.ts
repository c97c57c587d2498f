import { screenRecipient } from '../sanctions/screening.ts';
import type { Kysely } from 'kysely';
import type {
  Contact,
  ContactsQueryParsed,
  CreateContactBody,
  UpdateContactBody,
} from '../../../common/api/contacts.ts';
import { moroccanBankName } from '../../../common/banking/moroccan-banks.ts';
import { holderNameMessages, needsLatinHolderName } from '../../../common/banking/holder-name.ts';
import { payeeNameForFile } from '../../../common/banking/payee-name.ts';
import { contactMessages } from '../../../common/api/contacts.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import type { Database } from '../../db/schema.ts';
import { fieldError, forbidden, notFound, tooManyRequests } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { HOUR_SECONDS, withinLimit } from '../auth/sliding-window.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { findSignInUser, getUser, identifierLock, type UserRow } from '../users/users.service.ts';
import {
  contactCreationTimes,
  findDuplicates,
  findVisibleContact,
  insertContact,
  agencyState,
  listAgencies,
  listOwnContacts,
  setOwnContactRib,
  softDeleteOwnContact,
  type ContactRow,
} from './contacts.repository.ts';

export function presentContact(row: ContactRow): Contact {
  return {
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    phone_number: row.phone_number,
    email: row.email,
    account_id: row.account_id,
    contact_user: row.contact_user === null ? null : Number(row.contact_user),
    public: row.public,
    // Metres are plenty for "which agency is nearest"; the screens round further.
    proximity: row.proximity === null ? null : Math.round(row.proximity * 1000) / 1000,
    address: row.address,
    zip_code: row.zip_code,
    city: row.city,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    closed: row.disabled_at !== null,
    rib: row.rib,
    rib_bank: row.rib === null ? null : (moroccanBankName(row.rib.slice(0, 3)) ?? null),
    rib_holder: row.rib === null ? null : ribHolderOf(row),
  };
}

/**
 * The holder's name a deposit carries: the one the sender gave in Latin letters, else the recipient's name in the
 * file's character set when it is written in Latin letters; null when it is in another script and none was given
 * (its romanisation is not the name the bank holds).
 */
function ribHolderOf(row: ContactRow): string | null {
  if (row.rib_holder_name !== null) return row.rib_holder_name;
  return needsLatinHolderName(row.first_name, row.last_name) ? null : payeeNameForFile(row.first_name, row.last_name);
}

/** A bank account for a recipient whose name is in another script needs the holder's name in Latin letters. */
function refuseMissingHolderName(row: Pick<ContactRow, 'rib' | 'rib_holder_name' | 'first_name' | 'last_name'>) {
  if (row.rib !== null && row.rib_holder_name === null && needsLatinHolderName(row.first_name, row.last_name))
    throw fieldError('rib_holder', holderNameMessages.required);
}

/**
 * Of `others`, the users `userId` has moved money with. The transactions module answers it; app.ts hands it to the
 * contacts routes, since transactions already reads contacts (no cycle between the two modules).
 */
export type MoneyMovedWith = (db: Kysely<Database>, userId: string, others: readonly string[]) => Promise<Set<string>>;

/**
 * ADR 013: what a customer's HTTP answers say about a recipient. Until money has moved between the two (a transfer
 * either way that reached its recipient), `contact_user` and `account_id` are null whether or not the person has
 * an account: adding a phone number or an e-mail must not tell whether it is a customer's, nor give their
 * wallet's public history. The link itself is kept and used by sends; only the answer waits.
 */
export async function withDisclosedLinks(
  deps: ServiceDeps,
  user: AuthUser,
  contacts: Contact[],
  moneyMovedWith: MoneyMovedWith,
): Promise<Contact[]> {
  const linked = new Set<string>();
  for (const c of contacts) if (!c.public && c.contact_user !== null) linked.add(String(c.contact_user));
  const disclosed = await moneyMovedWith(deps.db, user.id, [...linked]);
  return contacts.map((c) =>
    c.public || c.contact_user === null || disclosed.has(String(c.contact_user))
      ? c
      : { ...c, contact_user: null, account_id: null },
  );
}

/** withDisclosedLinks for one contact. */
export async function withDisclosedLink(
  deps: ServiceDeps,
  user: AuthUser,
  contact: Contact,
  moneyMovedWith: MoneyMovedWith,
): Promise<Contact> {
  const [shown] = await withDisclosedLinks(deps, user, [contact], moneyMovedWith);
  if (!shown) throw new Error('withDisclosedLinks dropped a contact');
  return shown;
}

/**
 * Recipients are a customer's ("Manage recipients", customers only); a banker reads agencies
 * and nothing else here.
 */
function requireCustomer(user: AuthUser): void {
  if (user.role !== 'customer') throw forbidden(contactMessages.customersOnly);
}

/** `GET /api/contacts/`: the caller's recipients, or every agency with `public=true`. */
export async function listContacts(
  deps: ServiceDeps,
  user: AuthUser,
  query: ContactsQueryParsed,
): Promise<{ count: number; results: Contact[] }> {
  if (!query.public) requireCustomer(user);
  const window = { limit: query.page_size, offset: (query.page - 1) * query.page_size };
  const search = query.search?.trim() || undefined;
  const position =
    query.latitude !== undefined && query.longitude !== undefined
      ? { latitude: query.latitude, longitude: query.longitude }
      : undefined;
  const page = query.public
    ? await listAgencies(deps.db, search, position, window)
    : await listOwnContacts(deps.db, user.id, search, window);
  return { count: page.count, results: page.rows.map(presentContact) };
}

/**
 * One contact as stored, link included: for the services that move money (a send follows the link). The HTTP
 * answer passes it through withDisclosedLinks first.
 */
export async function getContact(
  deps: ServiceDeps,
  user: AuthUser,
  id: number,
  closed: Parameters<typeof findVisibleContact>[3] = 'without closed agencies',
): Promise<Contact> {
  const row = await findVisibleContact(deps.db, user.id, String(id), closed);
  // A teller promoted from a customer keeps old recipients in the table: still not theirs to read as a banker.
  if (!row || (user.role !== 'customer' && !row.public)) throw notFound();
  return presentContact(row);
}

/** Whether this id is an agency an operator disabled, for a clear refusal instead of 'not found'. */
export async function agencyIsDisabled(deps: ServiceDeps, id: number): Promise<boolean> {
  return Number.isSafeInteger(id) && id > 0 && (await agencyState(deps.db, String(id))) === 'disabled';
}

/** The registered person a recipient names, by a verified identifier; the phone wins when both name someone. */
async function registeredPerson(
  deps: ServiceDeps,
  body: CreateContactBody,
  run: Parameters<typeof findSignInUser>[0],
): Promise<UserRow | undefined> {
  const byPhone = body.phone_number
    ? await findSignInUser(run, { kind: 'phone', value: body.phone_number })
    : undefined;
  if (byPhone) return byPhone;
  return body.email ? findSignInUser(run, { kind: 'email', value: body.email }) : undefined;
}

/**
 * `POST /api/contacts/`: the contact rules (the shape is checked by the schema), then yourself, then the
 * hourly limit (CONTACT_CREATE_LIMIT_PER_HOUR, 429), then duplicates, then the link to a registered user. The identifiers' locks are the ones sign-up takes, so a person
 * registering at this moment is linked either here or by linkContactsToNewUser, never missed.
 */
export async function createContact(deps: ServiceDeps, user: AuthUser, body: CreateContactBody): Promise<Contact> {
  requireCustomer(user);
  const me = await getUser(deps.db, user.id);
  if (!me) throw notFound();
  if (body.phone_number !== undefined && body.phone_number === me.phone_number)
    throw fieldError('phone_number', contactMessages.yourself);
  if (body.email !== undefined && body.email === me.email) throw fieldError('email', contactMessages.yourself);

  const identifiers = [body.phone_number, body.email].filter((v): v is string => v !== undefined).sort();
  const row = await withTransaction(deps.db, async (tx) => {
    // One creation at a time per customer, so that concurrent requests cannot all pass the count below.
    await lockFor(tx, `contacts:create:${user.id}`);
    const now = deps.clock.now();
    const recent = await contactCreationTimes(tx, user.id, new Date(now.getTime() - HOUR_SECONDS * 1000));
    const allowed = withinLimit(recent, now, HOUR_SECONDS, deps.config.CONTACT_CREATE_LIMIT_PER_HOUR);
    if (!allowed.allowed) throw tooManyRequests(allowed.retryAfterSeconds, contactMessages.tooManyAdded);
    for (const identifier of identifiers) await lockFor(tx, identifierLock(identifier));
    refuseMissingHolderName({
      rib: body.rib ?? null,
      rib_holder_name: body.rib_holder ?? null,
      first_name: body.first_name,
      last_name: body.last_name,
    });
    const duplicate = await findDuplicates(tx, user.id, body.phone_number, body.email);
    if (duplicate.phone) throw fieldError('phone_number', contactMessages.exists);
    if (duplicate.email) throw fieldError('email', contactMessages.exists);
    const person = await registeredPerson(deps, body, tx);
    // Someone whose verified identifier is yours is you, even if your profile shows another one.
    if (person?.id === user.id)
      throw fieldError(body.phone_number ? 'phone_number' : 'email', contactMessages.yourself);
    return insertContact(tx, {
      ownerId: user.id,
      firstName: body.first_name,
      lastName: body.last_name,
      phone: body.phone_number ?? null,
      email: body.email ?? null,
      contactUser: person?.id ?? null,
      accountId: person?.account_id ?? null,
      rib: body.rib ?? null,
      ribHolderName: body.rib_holder ?? null,
    });
  });
  // The recipient screened when added (a hit opens a review; sends to them are then held).
  await screenRecipient(deps, String(row.id), { reviewHit: true });
  return presentContact(row);
}

/**
 * `PATCH /api/contacts/{id}/`: the customer's own live recipient gets a bank account or loses it. An agency is
 * read-only (403, as for a delete); anything else is not found.
 */
export async function updateContact(
  deps: ServiceDeps,
  user: AuthUser,
  id: number,
  body: UpdateContactBody,
): Promise<Contact> {
  requireCustomer(user);
  const row = await withTransaction(deps.db, async (tx) => {
    const updated = await setOwnContactRib(tx, user.id, String(id), body.rib, body.rib_holder ?? null);
    // Checked on the row as it now is (its names), in the same transaction: a refusal leaves it as it was.
    if (updated) refuseMissingHolderName(updated);
    return updated;
  });
  if (row) return presentContact(row);
  if ((await agencyState(deps.db, String(id))) !== undefined) throw forbidden(contactMessages.agencyReadOnly);
  throw notFound();
}

/**
 * `DELETE /api/contacts/{id}/`: always a soft delete, so transactions keep naming the recipient. An
 * agency is visible to every customer but belongs to none: 403, not 404, since GET shows it exists.
 */
export async function deleteContact(deps: ServiceDeps, user: AuthUser, id: number): Promise<void> {
  requireCustomer(user);
  const deleted = await withTransaction(deps.db, (tx) =>
    softDeleteOwnContact(tx, user.id, String(id), deps.clock.now()),
  );
  if (deleted) return;
  if ((await agencyState(deps.db, String(id))) !== undefined) throw forbidden(contactMessages.agencyReadOnly);
  throw notFound();
}
