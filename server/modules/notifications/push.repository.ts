import { sql, type Kysely } from 'kysely';
import { MAX_PUSH_SUBSCRIPTIONS } from '../../../common/api/push.ts';
import type { Database } from '../../db/schema.ts';
import { withTransaction } from '../../ledger/transaction.ts';

/** SQL of `push_subscriptions` and `notification_preferences` (migration 0290). */

export interface StoredSubscription {
  id: string;
  endpoint: string;
  created_at: Date;
}

/**
 * Stores a browser's subscription for `userId`. The same endpoint again refreshes its keys; an endpoint another
 * user registered moves to this one with a new id (its pending pushes, the other user's, are deleted with the old
 * row). Beyond MAX_PUSH_SUBSCRIPTIONS the user's oldest subscriptions go.
 */
export async function saveSubscription(
  db: Kysely<Database>,
  userId: string,
  s: { endpoint: string; p256dh: string; auth: string },
  /** A subscription of the same user this one replaces (pushsubscriptionchange): deleted in the same transaction. */
  replaces?: string,
): Promise<StoredSubscription> {
  return withTransaction(db, async (tx) => {
    if (replaces !== undefined && replaces !== s.endpoint) {
      await tx
        .deleteFrom('push_subscriptions')
        .where('endpoint', '=', replaces)
        .where('user_id', '=', userId)
        .execute();
    }
    await tx
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', s.endpoint)
      .where('user_id', '<>', userId)
      .execute();
    const row = await tx
      .insertInto('push_subscriptions')
      .values({ user_id: userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: userId,
          p256dh: (eb) => eb.ref('excluded.p256dh'),
          auth: (eb) => eb.ref('excluded.auth'),
        }),
      )
      .returning(['id', 'endpoint', 'created_at'])
      .executeTakeFirstOrThrow();
    await sql`
      DELETE FROM push_subscriptions WHERE user_id = ${userId} AND id NOT IN (
        SELECT id FROM push_subscriptions WHERE user_id = ${userId} ORDER BY id DESC LIMIT ${MAX_PUSH_SUBSCRIPTIONS})`.execute(
      tx,
    );
    return row;
  });
}

/** Whose subscription `endpoint` is, when `auth` is its secret (the proof a session-less service worker gives). */
export async function ownerOfSubscription(
  db: Kysely<Database>,
  endpoint: string,
  auth: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select('user_id')
    .where('endpoint', '=', endpoint)
    .where('auth', '=', auth)
    .executeTakeFirst();
  return row === undefined ? undefined : String(row.user_id);
}

/** Deletes the user's own subscription to `endpoint`; false when there is none (unknown, or someone else's). */
export async function deleteSubscription(db: Kysely<Database>, userId: string, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The push service said 404/410: the subscription is gone, and its pending pushes with it (cascade). */
export async function deleteSubscriptionById(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function markSubscriptionUsed(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('push_subscriptions')
    .set({ last_success_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export interface Preferences {
  email: boolean;
  sms: boolean;
  push: boolean;
}

export async function readPreferences(db: Kysely<Database>, userId: string): Promise<Preferences> {
  const row = await db
    .selectFrom('notification_preferences')
    .select(['email', 'sms', 'push'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? { email: true, sms: true, push: true };
}

/** Sets the given toggles (the others keep their value, all on when never set). */
export async function writePreferences(
  db: Kysely<Database>,
  userId: string,
  changes: Partial<Preferences>,
): Promise<Preferences> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<Preferences>;
  return db
    .insertInto('notification_preferences')
    .values({ user_id: userId, ...set })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...set, updated_at: sql<Date>`now()` }))
    .returning(['email', 'sms', 'push'])
    .executeTakeFirstOrThrow();
}
