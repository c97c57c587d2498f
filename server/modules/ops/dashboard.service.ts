import { sql } from 'kysely';
import type { Dashboard } from '../../../common/api/ops-dashboard.ts';
import { formatAmount, isCurrency } from '../../../common/money/money.ts';
import type { ServiceDeps } from '../service-deps.ts';

const mad = (minor: string | bigint) => formatAmount({ currency: 'MAD', minor: BigInt(minor) });
const DAY_MS = 86_400_000;

interface VolumeRow {
  kind: string;
  status: string;
  count: string;
  amount: string;
}

/**
 * `dashboard/`: every figure in a handful of queries run side by side. The volumes read the covering index
 * transactions_created_idx (migration 0151: created_at, then kind, status, amount) with an index-only scan, so
 * their cost is the period's rows, not the table's; the queues use the partial indexes their workers lease with.
 */
export async function dashboard(deps: ServiceDeps): Promise<Dashboard> {
  const now = deps.clock.now();
  const todayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const weekStart = new Date(now.getTime() - 7 * DAY_MS);
  const volumes = (since: Date) =>
    sql<VolumeRow>`
      SELECT kind, status, count(*)::text AS count, coalesce(sum(amount), 0)::text AS amount
      FROM transactions WHERE created_at >= ${since} AND created_at <= ${now}
      GROUP BY kind, status ORDER BY kind, status`.execute(deps.db);
  const [today, week, accounts, queues] = await Promise.all([
    volumes(todayStart),
    volumes(weekStart),
    sql<{ kind: string; currency: string; agency_id: string | null; agency_name: string | null; balance: string }>`
      SELECT a.kind, a.currency, a.agency_id, nullif(trim(c.first_name || ' ' || c.last_name), '') AS agency_name,
        a.balance::text AS balance
      FROM ledger_accounts a LEFT JOIN contacts c ON c.id = a.agency_id
      WHERE a.owner_user_id IS NULL
      ORDER BY a.kind, a.currency, a.agency_id NULLS FIRST`.execute(deps.db),
    sql<{
      anchoring_waiting: string;
      anchoring_failing: string;
      anchoring_dead: string;
      anchoring_lag: number | null;
      actions_waiting: string;
      actions_failing: string;
      actions_dead: string;
      actions_lag: number | null;
      deliveries_waiting: string;
      deliveries_failing: string;
      deliveries_dead: string;
      deliveries_lag: number | null;
      webhooks_processing: string;
      webhooks_24h: string;
      approvals: string;
      reviews: string;
    }>`
      SELECT
        (SELECT count(*) FROM chain_outbox WHERE published_at IS NULL AND dead_at IS NULL) AS anchoring_waiting,
        (SELECT count(*) FROM chain_outbox WHERE published_at IS NULL AND dead_at IS NULL AND attempts > 0)
          AS anchoring_failing,
        (SELECT count(*) FROM chain_outbox WHERE dead_at IS NOT NULL AND published_at IS NULL) AS anchoring_dead,
        (SELECT extract(epoch FROM ${now}::timestamptz - min(created_at))::float8 FROM chain_outbox
          WHERE published_at IS NULL AND dead_at IS NULL) AS anchoring_lag,
        (SELECT count(*) FROM payment_actions WHERE done_at IS NULL AND dead_at IS NULL) AS actions_waiting,
        (SELECT count(*) FROM payment_actions WHERE done_at IS NULL AND dead_at IS NULL AND attempts > 0)
          AS actions_failing,
        (SELECT count(*) FROM payment_actions WHERE dead_at IS NOT NULL AND done_at IS NULL) AS actions_dead,
        (SELECT extract(epoch FROM ${now}::timestamptz - min(created_at))::float8 FROM payment_actions
          WHERE done_at IS NULL AND dead_at IS NULL) AS actions_lag,
        (SELECT count(*) FROM notification_deliveries WHERE done_at IS NULL AND dead_at IS NULL)
          AS deliveries_waiting,
        (SELECT count(*) FROM notification_deliveries WHERE done_at IS NULL AND dead_at IS NULL AND attempts > 0)
          AS deliveries_failing,
        (SELECT count(*) FROM notification_deliveries WHERE dead_at IS NOT NULL AND done_at IS NULL)
          AS deliveries_dead,
        (SELECT extract(epoch FROM ${now}::timestamptz - min(created_at))::float8 FROM notification_deliveries
          WHERE done_at IS NULL AND dead_at IS NULL) AS deliveries_lag,
        (SELECT count(*) FROM payment_events WHERE outcome = 'processing') AS webhooks_processing,
        (SELECT count(*) FROM payment_events WHERE received_at >= ${new Date(now.getTime() - DAY_MS)})
          AS webhooks_24h,
        (SELECT count(*) FROM ops_approvals WHERE state = 'pending' AND expires_at > ${now}) AS approvals,
        (SELECT count(*) FROM reviews WHERE state = 'open') AS reviews`.execute(deps.db),
  ]);
  const q = queues.rows[0];
  if (!q) throw new Error('dashboard queue query answered nothing');
  const period = (since: Date, rows: VolumeRow[]) => ({
    since: since.toISOString(),
    count: rows.reduce((n, r) => n + Number(r.count), 0),
    amount: mad(rows.reduce((n, r) => n + BigInt(r.amount), 0n)),
    by_kind_status: rows.map((r) => ({
      kind: r.kind,
      status: r.status,
      count: Number(r.count),
      amount: mad(r.amount),
    })),
  });
  const lag = (seconds: number | null) => (seconds === null ? null : Math.max(0, Math.round(seconds)));
  return {
    generated_at: now.toISOString(),
    today: period(todayStart, today.rows),
    last_7_days: period(weekStart, week.rows),
    accounts: accounts.rows.map((a) => ({
      kind: a.kind,
      currency: a.currency,
      agency: a.agency_id === null ? null : { id: Number(a.agency_id), name: a.agency_name ?? '' },
      balance: isCurrency(a.currency) ? formatAmount({ currency: a.currency, minor: BigInt(a.balance) }) : a.balance,
    })),
    anchoring: {
      waiting: Number(q.anchoring_waiting),
      failing: Number(q.anchoring_failing),
      dead: Number(q.anchoring_dead),
      lag_seconds: lag(q.anchoring_lag),
    },
    payment_actions: {
      waiting: Number(q.actions_waiting),
      failing: Number(q.actions_failing),
      dead: Number(q.actions_dead),
      lag_seconds: lag(q.actions_lag),
    },
    notification_deliveries: {
      waiting: Number(q.deliveries_waiting),
      failing: Number(q.deliveries_failing),
      dead: Number(q.deliveries_dead),
      lag_seconds: lag(q.deliveries_lag),
    },
    webhooks: { processing: Number(q.webhooks_processing), received_24h: Number(q.webhooks_24h) },
    pending_approvals: Number(q.approvals),
    open_reviews: Number(q.reviews),
  };
}
