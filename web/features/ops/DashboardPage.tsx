import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import styles from './Ops.module.css';
import { fetchApprovals, fetchTransactions } from './ops-api';
import { PageTitle, QueryState, useOps } from './OpsParts';

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** What needs a human now, at a glance: four-eyes requests waiting, money waiting to be paid out, today's volume. */
export function DashboardPage() {
  const { ot, withLang } = useOps();
  const today = todayUtc();
  const approvals = useQuery({
    queryKey: ['ops', 'approvals', { state: 'pending', page_size: 1 }],
    queryFn: ({ signal }) => fetchApprovals({ state: 'pending', page_size: 1 }, signal),
  });
  const todays = useQuery({
    queryKey: ['ops', 'transactions', { start_date: today, page_size: 1 }],
    queryFn: ({ signal }) => fetchTransactions({ start_date: today, page_size: 1 }, signal),
  });
  const unclaimed = useQuery({
    queryKey: ['ops', 'transactions', { status: 'unclaimed', page_size: 1 }],
    queryFn: ({ signal }) => fetchTransactions({ status: 'unclaimed', page_size: 1 }, signal),
  });
  const pendingWithdrawals = useQuery({
    queryKey: ['ops', 'transactions', { status: 'pending', page_size: 1 }],
    queryFn: ({ signal }) => fetchTransactions({ status: 'pending', page_size: 1 }, signal),
  });
  const cards = [
    { label: ot('dashboard.pendingApprovals'), query: approvals, to: '/ops/approvals', testId: 'dash-approvals' },
    { label: ot('dashboard.today'), query: todays, to: `/ops/transactions?start_date=${today}`, testId: 'dash-today' },
    { label: ot('dashboard.unclaimed'), query: unclaimed, to: '/ops/transactions?status=unclaimed', testId: 'dash-unclaimed' },
    {
      label: ot('dashboard.pendingWithdrawals'),
      query: pendingWithdrawals,
      to: '/ops/transactions?status=pending',
      testId: 'dash-pending',
    },
  ];
  const failed = cards.find((card) => card.query.error);
  return (
    <>
      <PageTitle>{ot('nav.dashboard')}</PageTitle>
      {failed ? (
        <QueryState isPending={false} error={failed.query.error} onRetry={() => void failed.query.refetch()} />
      ) : null}
      <div className={styles.cards}>
        {cards.map((card) => (
          <div className={styles.card} key={card.testId} data-testid={card.testId}>
            <p className={styles.cardLabel}>{card.label}</p>
            <p className={styles.cardValue}>{card.query.data ? card.query.data.count : '…'}</p>
            <Link to={withLang(card.to)}>{ot('dashboard.open')}</Link>
          </div>
        ))}
      </div>
    </>
  );
}
