import { sql } from 'kysely';
import type { Dashboard } from '../../../common/api/ops-dashboard.ts';
import { formatAmount, isCurrency } from '../../../common/money/money.ts';
import { queueFigures } from '../../jobs/outbox-queues.ts';
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
 * their cost is the period's rows, not the table's; the queues (queueFigures) use the partial indexes their workers
 * lease with.
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
  const [today, week, accounts, queues, outboxes] = await Promise.all([
    volumes(todayStart),
    volumes(weekStart),
    sql<{ kind: string; currency: string; agency_id: string | null; agency_name: string | null; balance: string }>`
      SELECT a.kind, a.currency, a.agency_id, nullif(trim(c.first_name || ' ' || c.last_name), '') AS agency_name,
        a.balance::text AS balance
      FROM ledger_accounts a LEFT JOIN contacts c ON c.id = a.agency_id
      WHERE a.owner_user_id IS NULL
      ORDER BY a.kind, a.currency, a.agency_id NULLS FIRST`.execute(deps.db),
    sql<{
      webhooks_processing: string;
      webhooks_24h: string;
      approvals: string;
      reviews: string;
    }>`
      SELECT
        (SELECT count(*) FROM payment_events WHERE outcome = 'processing') AS webhooks_processing,
        (SELECT count(*) FROM payment_events WHERE received_at >= ${new Date(now.getTime() - DAY_MS)})
          AS webhooks_24h,
        (SELECT count(*) FROM ops_approvals WHERE state = 'pending' AND expires_at > ${now}) AS approvals,
        (SELECT count(*) FROM reviews WHERE state = 'open') AS reviews`.execute(deps.db),
    queueFigures(deps.db, now),
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
    // Every outbox-like queue (server/jobs/outbox-queues.ts): anchoring, provider actions, notification messages,
    // receipt mails, recipients' invitations and reminders.
    ...outboxes,
    webhooks: { processing: Number(q.webhooks_processing), received_24h: Number(q.webhooks_24h) },
    pending_approvals: Number(q.approvals),
    open_reviews: Number(q.reviews),
  };
}
