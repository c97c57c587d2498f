import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { openReview } from '../reviews/reviews.service.ts';
import { listsVersion, sanctionsIndex } from './sanctions-index.ts';
import type { SanctionsMatchFacts } from '../../../common/api/sanctions-review.ts';
import { agreement, type SanctionsMatch, type ScreenedSubject } from './sanctions-matcher.ts';
import { withoutCleared, type ClearanceSubject } from './clearances.ts';

/**
 * Who is screened and when:
 * - a recipient (contact) when added, and at every send or pickup to them: the result is kept on the contact with
 *   the lists' version it was computed against, so a send re-screens only when the lists changed since (wallet_send()
 *   answers 'slow' for a stale or held recipient; the general path calls screenRecipient());
 * - a customer when the profile is completed or changes, and all customers after every list import;
 * - whoever is renamed, again, before money moves: an operator's clearance holds for the exact name it was decided on
 *   (clearances.ts).
 * A new hit opens a `sanctions_hit` review with the matches (sanctions.reviews.ts decides it). A customer hit
 * also freezes the customer's money movement until it is reviewed.
 */

export const SANCTIONS_REVIEW_KIND = 'sanctions_hit';

export interface ScreeningDeps {
  db: Kysely<Database>;
  config: { SANCTIONS_MATCH_THRESHOLD: number };
  clock: { now(): Date };
}

/** What an operator sees of each match (review payload, report): common/api/sanctions-review.ts. */
export type MatchFacts = SanctionsMatchFacts;

const rounded = (score: number) => Math.round(score * 1000) / 1000;

export const matchFacts = (
  matches: SanctionsMatch[],
  subject: ScreenedSubject,
  lists: ReadonlyMap<string, { version: string; date: string }>,
): MatchFacts[] =>
  matches.slice(0, 5).map((m) => ({
    entry: m.entry.key,
    list: m.entry.source.toUpperCase(),
    external_id: m.entry.externalId,
    listed_name: m.matchedName,
    names: m.entry.names,
    birth_dates: m.entry.birthDates,
    nationalities: m.entry.nationalities,
    programme: m.entry.programme,
    score: rounded(m.score),
    name_score: rounded(m.nameScore),
    ...agreement(subject, m.entry),
    ...(lists.has(m.entry.source) && {
      list_version: lists.get(m.entry.source)?.version,
      list_date: lists.get(m.entry.source)?.date,
    }),
  }));

/** The version and date of each list in force (read only when there is a hit to describe). */
async function listsInForce(db: Kysely<Database>): Promise<Map<string, { version: string; date: string }>> {
  const rows = await db
    .selectFrom('sanctions_lists')
    .select([
      'source',
      sql<string>`version::text`.as('version'),
      sql<string>`to_char(list_date, 'YYYY-MM-DD')`.as('date'),
    ])
    .execute();
  return new Map(rows.map((r) => [r.source, { version: r.version, date: r.date }]));
}

/** One subject against the lists of `version`, the entries cleared for it under this very name left out. */
export async function screenSubject(
  deps: ScreeningDeps,
  subject: ScreenedSubject,
  clearedFor: ClearanceSubject,
  version: string,
): Promise<MatchFacts[]> {
  const index = await sanctionsIndex(deps.db, version);
  const found = index.screen(subject, deps.config.SANCTIONS_MATCH_THRESHOLD);
  const matches = await withoutCleared(deps.db, clearedFor, subject.name, found);
  return matches.length === 0 ? [] : matchFacts(matches, subject, await listsInForce(deps.db));
}

export interface RecipientScreening {
  /** Money to this recipient must be held: a hit waiting for review, or confirmed. */
  held: boolean;
  matches: MatchFacts[];
  screenedName: string;
  /** The lists' version this screening is of. */
  version: string;
}

/**
 * The recipient's screening against the lists in force: kept on the contact when it is current, else computed and
 * stored. A hit found now (not at the previous screening) opens a review of the recipient.
 */
/** The recipient screened is no longer on file (their sender deleted them). */
export class RecipientGoneError extends Error {
  constructor(contactId: string) {
    super(`contact ${contactId} not found`);
    this.name = 'RecipientGoneError';
  }
}

export async function screenRecipient(
  deps: ScreeningDeps,
  contactId: string,
  /** When the recipient is added: a hit opens a review of its own (at a send, the held send's review covers it). */
  options: { reviewHit: boolean },
): Promise<RecipientScreening> {
  const version = await listsVersion(deps.db);
  const contact = await deps.db
    .selectFrom('contacts')
    .select([
      'id',
      'owner_user_id',
      'first_name',
      'last_name',
      'sanctions_version',
      'sanctions_hit',
      'sanctions_confirmed_at',
    ])
    .where('id', '=', contactId)
    .executeTakeFirst();
  if (!contact) throw new RecipientGoneError(contactId);
  const screenedName = `${contact.first_name} ${contact.last_name}`.trim();
  const stored = (contact.sanctions_hit as MatchFacts[] | null) ?? null;
  if (contact.sanctions_version === version)
    return {
      held: stored !== null || contact.sanctions_confirmed_at !== null,
      matches: stored ?? [],
      screenedName,
      version,
    };
  const matches = await screenSubject(deps, { name: screenedName }, `contact:${contactId}`, version);
  await withTransaction(deps.db, async (tx) => {
    await tx
      .updateTable('contacts')
      .set({ sanctions_version: version, sanctions_hit: matches.length > 0 ? JSON.stringify(matches) : null })
      .where('id', '=', contactId)
      .execute();
    if (options.reviewHit && matches.length > 0 && stored === null)
      await openReview(
        tx,
        {
          kind: SANCTIONS_REVIEW_KIND,
          subject: `contact:${contactId}`,
          payload: {
            type: 'recipient',
            contact_id: Number(contactId),
            owner_user_id: Number(contact.owner_user_id),
            screened_name: screenedName,
            matches,
          },
          dedupeKey: `contact:${contactId}`,
        },
        deps.clock.now(),
      );
  });
  return { held: matches.length > 0 || contact.sanctions_confirmed_at !== null, matches, screenedName, version };
}

/** What a customer's screening reads of the profile. */
export interface ScreenedProfile {
  first_name: string;
  last_name: string;
  country: string | null;
  /** 'YYYY-MM-DD' */
  date_of_birth: string | null;
}

export interface CustomerScreening {
  name: string;
  matches: MatchFacts[];
  version: string;
}

/** A customer's profile (as stored, or as about to be saved) against the lists of `version`. */
export async function screenProfile(
  deps: ScreeningDeps,
  userId: string,
  profile: ScreenedProfile,
  version: string,
): Promise<CustomerScreening> {
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  if (name === '') return { name, matches: [], version };
  const subject = { name, country: profile.country, birthDate: profile.date_of_birth };
  return { name, matches: await screenSubject(deps, subject, `user:${userId}`, version), version };
}

/**
 * A customer's screening recorded in the caller's transaction: a hit freezes the account's money movement and opens
 * a review; nothing changes for a customer already frozen by an open sanctions review.
 */
export async function recordCustomerScreening(
  tx: Transaction<Database>,
  deps: ScreeningDeps,
  userId: string,
  screening: CustomerScreening,
): Promise<void> {
  const user = await tx
    .updateTable('users')
    .set({ sanctions_version: screening.version })
    .where('id', '=', userId)
    .returning('frozen_by_review')
    .executeTakeFirst();
  if (!user || screening.matches.length === 0 || user.frozen_by_review !== null) return;
  await holdCustomer(tx, deps, userId, screening.name, screening.matches);
}

/**
 * A customer's screening (a new list, or a profile that changed without a screening of its own): see
 * recordCustomerScreening. Returns whether the customer is a hit.
 */
export async function screenCustomer(deps: ScreeningDeps, userId: string, version?: string): Promise<boolean> {
  const v = version ?? (await listsVersion(deps.db));
  const user = await deps.db
    .selectFrom('users')
    .select([
      'role',
      'first_name',
      'last_name',
      'country',
      sql<string | null>`to_char(date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.role !== 'customer') return false;
  const screening = await screenProfile(deps, userId, user, v);
  if (screening.name === '') return false;
  await withTransaction(deps.db, (tx) => recordCustomerScreening(tx, deps, userId, screening));
  return screening.matches.length > 0;
}

async function holdCustomer(
  tx: Transaction<Database>,
  deps: ScreeningDeps,
  userId: string,
  name: string,
  matches: MatchFacts[],
): Promise<void> {
  const { id } = await openReview(
    tx,
    {
      kind: SANCTIONS_REVIEW_KIND,
      subject: `user:${userId}`,
      payload: { type: 'customer', user_id: Number(userId), screened_name: name, matches },
      dedupeKey: `user:${userId}`,
    },
    deps.clock.now(),
  );
  // An operator's own freeze stays as it is (and is lifted only by an operator).
  await tx
    .updateTable('users')
    .set({
      frozen_at: sql<Date>`coalesce(frozen_at, now())`,
      frozen_reason: sql<string>`coalesce(frozen_reason, 'Sanctions screening: under review')`,
      frozen_by_review: id,
    })
    .where('id', '=', userId)
    .execute();
}

/** After a list import: every customer again, against the new version. Returns how many are hits. */
export async function rescreenCustomers(deps: ScreeningDeps): Promise<{ screened: number; hits: number }> {
  const version = await listsVersion(deps.db);
  let after = '0';
  let screened = 0;
  let hits = 0;
  for (;;) {
    const batch = await deps.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'customer')
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (batch.length === 0) return { screened, hits };
    for (const { id } of batch) {
      if (await screenCustomer(deps, id, version)) hits++;
      screened++;
    }
    after = batch[batch.length - 1]?.id ?? after;
  }
}
