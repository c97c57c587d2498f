import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Dashboard } from '../../../common/api/ops-dashboard';
import { accountKindLabel } from './ledger-kinds';
import styles from './Ops.module.css';
import { opsGet } from './ops-api';
import type { OpsKey } from './ops-i18n';
import { TableSection } from './OpsList';
import { DateTime, Money, PageTitle, QueryState, StatusBadge, useOps } from './OpsParts';

const kinds: readonly string[] = ['transfer', 'withdrawal', 'exchange', 'pickup'];

/** The service at a glance: human work waiting, volumes, platform balances, background queues. */
export function DashboardPage() {
  const { ot, withLang } = useOps();
  const dashboard = useQuery({
    queryKey: ['ops', 'dashboard'],
    queryFn: ({ signal }) => opsGet<Dashboard>('dashboard/', {}, signal),
    refetchInterval: 60_000,
  });
  const d = dashboard.data;
  if (!d)
    return (
      <>
        <PageTitle>{ot('nav.dashboard')}</PageTitle>
        <QueryState isPending={dashboard.isPending} error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      </>
    );
  const kindLabel = (kind: string) => (kinds.includes(kind) ? ot(`kinds.${kind}` as OpsKey) : kind);
  const cards = [
    {
      label: ot('dashboard.pendingApprovals'),
      value: d.pending_approvals,
      to: '/ops/approvals',
      testId: 'dash-approvals',
    },
    { label: ot('dashboard.openReviews'), value: d.open_reviews, to: '/ops/reviews', testId: 'dash-reviews' },
    {
      label: ot('dashboard.today'),
      value: d.today.count,
      amount: d.today.amount,
      to: '/ops/transactions',
      testId: 'dash-today',
    },
    {
      label: ot('dashboard.last7'),
      value: d.last_7_days.count,
      amount: d.last_7_days.amount,
      to: '/ops/transactions',
      testId: 'dash-week',
    },
  ];
  const queues = [
    { label: ot('dashboard.anchoring'), queue: d.anchoring },
    { label: ot('dashboard.paymentActions'), queue: d.payment_actions },
    { label: ot('dashboard.notificationDeliveries'), queue: d.notification_deliveries },
    { label: ot('dashboard.receiptMails'), queue: d.receipt_mails },
    { label: ot('dashboard.recipientMessages'), queue: d.recipient_messages },
  ];
  return (
    <>
      <PageTitle>{ot('nav.dashboard')}</PageTitle>
      <p className={styles.muted}>
        {ot('dashboard.generated')} <DateTime iso={d.generated_at} />
      </p>
      <div className={styles.cards}>
        {cards.map((card) => (
          <div className={styles.card} key={card.testId} data-testid={card.testId}>
            <p className={styles.cardLabel}>{card.label}</p>
            <p className={styles.cardValue}>
              {card.value}
              {card.amount === undefined ? null : (
                <>
                  {' · '}
                  <Money amount={card.amount} />
                </>
              )}
            </p>
            <Link to={withLang(card.to)}>{ot('dashboard.open')}</Link>
          </div>
        ))}
      </div>

      <TableSection
        title={ot('dashboard.volumes')}
        rows={d.last_7_days.by_kind_status}
        rowKey={(row) => `${row.kind}-${row.status}`}
        testId="dash-volumes"
        columns={[
          { header: ot('transactions.kind'), cell: (row) => kindLabel(row.kind) },
          { header: ot('transactions.status'), cell: (row) => <StatusBadge status={row.status} /> },
          {
            header: ot('dashboard.today'),
            num: true,
            cell: (row) => {
              const today = d.today.by_kind_status.find((r) => r.kind === row.kind && r.status === row.status);
              return today ? (
                <>
                  {today.count} · <Money amount={today.amount} />
                </>
              ) : (
                '—'
              );
            },
          },
          {
            header: ot('dashboard.last7'),
            num: true,
            cell: (row) => (
              <>
                {row.count} · <Money amount={row.amount} />
              </>
            ),
          },
        ]}
      />
      <TableSection
        title={ot('dashboard.accounts')}
        rows={d.accounts}
        rowKey={(_, index) => index}
        testId="dash-accounts"
        columns={[
          { header: ot('transaction.accountKind'), cell: (account) => accountKindLabel(account.kind, ot) },
          { header: ot('transactions.agency'), cell: (account) => (account.agency ? account.agency.name : '—') },
          {
            header: ot('customers.balance'),
            num: true,
            cell: (account) => <Money amount={account.balance} currency={account.currency} />,
          },
        ]}
      />

      <h2 className={styles.subtitle}>{ot('dashboard.queues')}</h2>
      <div className={styles.cards}>
        {queues.map(({ label, queue }) => (
          <div className={styles.card} key={label}>
            <p className={styles.cardLabel}>{label}</p>
            <p>
              {ot('dashboard.waiting', { count: queue.waiting })} · {ot('dashboard.failing', { count: queue.failing })}{' '}
              ·{' '}
              <span className={queue.dead > 0 ? styles.badgeBad : undefined}>
                {ot('dashboard.dead', { count: queue.dead })}
              </span>
            </p>
            <p className={styles.muted}>
              {queue.lag_seconds === null
                ? ot('dashboard.noLag')
                : ot('dashboard.lag', { seconds: Math.round(queue.lag_seconds) })}
            </p>
          </div>
        ))}
        <div className={styles.card}>
          <p className={styles.cardLabel}>{ot('dashboard.webhooks')}</p>
          <p>
            {ot('dashboard.processing', { count: d.webhooks.processing })} ·{' '}
            {ot('dashboard.received', { count: d.webhooks.received_24h })}
          </p>
        </div>
      </div>
    </>
  );
}
