import { sql, type Kysely, type Transaction } from 'kysely';
import type { SanctionsMatchFacts } from '../../../common/api/sanctions-review.ts';
import type { Database } from '../../db/schema.ts';
import type { ListedEntry, SanctionsMatch } from './sanctions-matcher.ts';

/**
 * An operator's false positive holds for the exact name they looked at (sanctions_name_key(): case, accents, spacing
 * and punctuation aside) and for the entry as it read then: a renamed recipient, pickup or customer is a new name,
 * and an entry a later list changed (a new alias, a birth date) is a new entry, so either is raised again and held
 * as any hit. Kept per subject: a name cleared for one person clears nobody else of the same name.
 */

/** Whose screening a clearance belongs to: a recipient, a customer, or a pickup that has no recipient contact. */
export type ClearanceSubject = `contact:${string}` | `user:${string}` | `transaction:${string}`;

interface Listed {
  names?: string[] | null;
  birth_dates?: string[] | null;
  nationalities?: string[] | null;
}

const same = (stored: string[] | null | undefined, now: readonly string[]) =>
  Array.isArray(stored) && stored.length === now.length && stored.every((v, i) => v === now[i]);

const unchanged = (listed: Listed, entry: ListedEntry) =>
  same(listed.names, entry.names) &&
  same(listed.birth_dates, entry.birthDates) &&
  same(listed.nationalities, entry.nationalities);

/** The matches an operator has not cleared for this subject under this very name. */
export async function withoutCleared(
  db: Kysely<Database>,
  subject: ClearanceSubject,
  name: string,
  matches: SanctionsMatch[],
): Promise<SanctionsMatch[]> {
  if (matches.length === 0) return matches;
  const cleared = await db
    .selectFrom('sanctions_clearances')
    .select(['entry', 'listed'])
    .where('subject', '=', subject)
    .where('screened_name', '=', sql<string>`sanctions_name_key(${name})`)
    .execute();
  return matches.filter((m) => !cleared.some((c) => c.entry === m.entry.key && unchanged(c.listed as Listed, m.entry)));
}

/** An approval's clearance of each matched entry, for `subject` under the name the review screened. */
export async function recordClearance(
  tx: Transaction<Database>,
  input: { subject: ClearanceSubject; screenedName: string; matches: SanctionsMatchFacts[]; reviewId: string },
): Promise<void> {
  if (input.matches.length === 0) return;
  await tx
    .insertInto('sanctions_clearances')
    .values(
      input.matches.map((m) => ({
        subject: input.subject,
        screened_name: sql<string>`sanctions_name_key(${input.screenedName})`,
        entry: m.entry,
        list_version: m.list_version ?? null,
        listed: JSON.stringify({ names: m.names, birth_dates: m.birth_dates, nationalities: m.nationalities }),
        review_id: input.reviewId,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Whose clearances a cash pickup's name is screened with: its recipient contact's, or its own. */
export const pickupClearanceSubject = (pickup: { id: string; contact_id: string | null }): ClearanceSubject =>
  pickup.contact_id === null ? `transaction:${pickup.id}` : `contact:${pickup.contact_id}`;
