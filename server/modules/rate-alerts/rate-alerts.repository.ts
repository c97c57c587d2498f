import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** SQL of `rate_alerts` (migration 0380); firing is fire.ts. */

export interface RateAlertRow {
  id: string;
  threshold: string;
  created_at: Date;
  triggered_at: Date | null;
  triggered_rate: string | null;
}

const columns = ['id', 'threshold', 'created_at', 'triggered_at', 'triggered_rate'] as const;

export async function countActiveAlerts(tx: Transaction<Database>, userId: string): Promise<number> {
  const row = await tx
    .selectFrom('rate_alerts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('triggered_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAlert(
  tx: Transaction<Database>,
  alert: { userId: string; threshold: string; ratesId: string },
): Promise<RateAlertRow> {
  return tx
    .insertInto('rate_alerts')
    .values({ user_id: alert.userId, threshold: alert.threshold, rates_id: alert.ratesId })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** The user's alerts, newest first (active and triggered alike). */
export async function listAlerts(
  db: Kysely<Database>,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: RateAlertRow[] }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('rate_alerts')
      .select(columns)
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('rate_alerts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.n), rows };
}

/** Deletes the user's own alert; another user's id, or an unknown one, deletes nothing (false). */
export async function deleteAlert(db: Kysely<Database>, userId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('rate_alerts')
    .where('id', '=', String(id))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
