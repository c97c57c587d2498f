import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Reconciliation } from '../../../common/api/ops-reconciliation';
import styles from './Ops.module.css';
import { downloadCsv, opsGet } from './ops-api';
import type { OpsKey } from './ops-i18n';
import { TableSection, useUrlFilters } from './OpsList';
import { DateTime, Money, PageTitle, QueryState, useCsvDownload, useOps } from './OpsParts';

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * One day's reconciliation: the ledger's own check, card payments the provider reported against the
 * top-ups credited, the cash paid per agency by the ledger against the withdrawals and pickups marked paid, and
 * every difference on its own line; the same as a CSV file.
 */
export function ReconciliationPage() {
  const { ot } = useOps();
  const { values, update } = useUrlFilters(['date'] as const);
  const date = values.date || todayUtc();
  const [draft, setDraft] = useState(date);
  const report = useQuery({
    queryKey: ['ops', 'reconciliation', date],
    queryFn: ({ signal }) => opsGet<Reconciliation>('reconciliation/', { date }, signal),
  });
  const csv = useCsvDownload(() =>
    downloadCsv('reconciliation/', { date, format: 'csv' }, `reconciliation-${date}.csv`),
  );
  const r = report.data;
  return (
    <>
      <PageTitle>{ot('nav.reconciliation')}</PageTitle>
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          update({ date: draft });
        }}
        data-testid="reconciliation-form"
      >
        <label className={styles.field}>
          {ot('reconciliation.date')}
          <input
            className={styles.input}
            type="date"
            required
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            data-testid="reconciliation-date"
          />
        </label>
        <button type="submit" className={styles.primary} data-testid="reconciliation-show">
          {ot('reconciliation.show')}
        </button>
        <button
          type="button"
          className={styles.button}
          onClick={csv.start}
          disabled={csv.downloading}
          data-testid="reconciliation-csv"
        >
          {ot('common.csv')}
        </button>
      </form>
      {csv.error ? (
        <p className={styles.error} role="alert">
          {csv.error}
        </p>
      ) : null}
      {!r ? (
        <QueryState isPending={report.isPending} error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <Report r={r} />
      )}
    </>
  );
}

const payoutHeaders = {
  withdrawals: 'reconciliation.withdrawals',
  pickups: 'reconciliation.pickups',
  rows: 'reconciliation.rows',
  ledger: 'reconciliation.ledgerCash',
} as const;

function Report({ r }: { r: Reconciliation }) {
  const { ot } = useOps();
  const card = r.card_payments;
  return (
    <>
      <p className={styles.muted}>{ot('reconciliation.utc')}</p>
      <h2 className={styles.subtitle}>{ot('reconciliation.ledger')}</h2>
      {r.ledger_check.ok ? (
        <p className={styles.success} data-testid="reconciliation-ledger">
          {ot('reconciliation.ledgerOk', { entries: r.ledger_check.entries, postings: r.ledger_check.postings })}
        </p>
      ) : (
        <div className={styles.error} role="alert" data-testid="reconciliation-ledger">
          <p>{ot('reconciliation.ledgerBroken', { count: r.ledger_check.problems.length })}</p>
          <ul>
            {r.ledger_check.problems.map((p) => (
              <li key={p} dir="ltr">
                {p}
              </li>
            ))}
          </ul>
        </div>
      )}

      <h2 className={styles.subtitle}>{ot('reconciliation.card')}</h2>
      <dl className={styles.facts} data-testid="reconciliation-card">
        {(['reported', 'credited', 'refunded'] as const).map((item) => (
          <div key={item}>
            <dt>{ot(`reconciliation.${item}`)}</dt>
            <dd>
              {card[item].count} · <Money amount={card[item].amount} currency="EUR" />
            </dd>
          </div>
        ))}
      </dl>

      <TableSection
        title={ot('reconciliation.payouts')}
        rows={r.payouts}
        rowKey={(p) => p.agency}
        testId="reconciliation-payouts"
        empty={<p className={styles.muted}>{ot('reconciliation.noPayouts')}</p>}
        columns={[
          { header: ot('transactions.agency'), cell: (p) => p.name || `#${p.agency}` },
          ...(['withdrawals', 'pickups', 'rows', 'ledger'] as const).map((field) => ({
            header: ot(payoutHeaders[field]),
            num: true,
            cell: (p: Reconciliation['payouts'][number]) => (
              <>
                {p[field].count} · <Money amount={p[field].amount} />
                {field === 'ledger' && p.ledger.amount !== p.rows.amount ? (
                  <span className={styles.badgeBad}>≠</span>
                ) : null}
              </>
            ),
          })),
        ]}
      />
      <TableSection
        title={ot('reconciliation.differences')}
        rows={r.differences}
        rowKey={(d) => `${d.kind}:${d.reference}`}
        testId="reconciliation-differences"
        empty={
          <p className={styles.success} data-testid="reconciliation-no-differences">
            {ot('reconciliation.noDifferences')}
          </p>
        }
        columns={[
          { header: ot('reconciliation.what'), cell: (d) => ot(`reconciliation.kinds.${d.kind}` as OpsKey) },
          { header: ot('reconciliation.reference'), cell: (d) => <bdi dir="ltr">{d.reference}</bdi> },
          { header: ot('transactions.agency'), cell: (d) => (d.agency === null ? '—' : `#${d.agency}`) },
          ...(['expected', 'actual'] as const).map((field) => ({
            header: ot(`reconciliation.${field}`),
            num: true,
            cell: (d: Reconciliation['differences'][number]) =>
              d[field] !== null && /^-?\d+\.\d\d$/.test(d[field]) ? (
                <Money amount={d[field]} currency={d.currency} />
              ) : (
                <bdi dir="ltr">{d[field] ?? '—'}</bdi>
              ),
          })),
          { header: ot('reconciliation.at'), cell: (d) => <DateTime iso={d.at} /> },
        ]}
      />
    </>
  );
}
