import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The rate limits' counters, one row per event, so every API process counts the same window. */
export type RateBucket =
  | 'send_identifier'
  | 'send_ip'
  | 'verify_ip'
  | 'verify_failure'
  | 'withdrawal_lookup_miss'
  | 'recovery_identifier'
  | 'recovery_ip';

export async function recordEvent(tx: Transaction<Database>, bucket: RateBucket, key: string, at: Date): Promise<void> {
  await tx.insertInto('auth_rate_events').values({ bucket, key, created_at: at }).execute();
}

/** The times of a key's events since `since`, oldest first (the oldest tells when the window frees a slot). */
export async function eventTimes(
  tx: Transaction<Database>,
  bucket: RateBucket,
  key: string,
  since: Date,
): Promise<Date[]> {
  const rows = await tx
    .selectFrom('auth_rate_events')
    .select('created_at')
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.created_at);
}

export async function clearEvents(tx: Transaction<Database>, bucket: RateBucket, key: string): Promise<void> {
  await tx.deleteFrom('auth_rate_events').where('bucket', '=', bucket).where('key', '=', key).execute();
}

/** Events and codes older than every window are useless; dropped now and then so the tables stay small. */
export async function purgeOlderThan(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('auth_rate_events').where('created_at', '<', before).execute();
  await db.deleteFrom('login_codes').where('created_at', '<', before).execute();
}
