import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Reconciliation } from '../../../common/api/ops-reconciliation';
import styles from './Ops.module.css';
import { downloadCsv, opsGet } from './ops-api';
import type { OpsKey } from './ops-i18n';
import { TableWrap, useUrlFilters } from './OpsList';
import { DateTime, Money, PageTitle, QueryState, useCsvDownload, useOps } from './OpsParts';

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * One day's reconciliation (issue 15): the ledger's own check, card payments the provider reported against the
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

      <h2 className={styles.subtitle}>{ot('reconciliation.payouts')}</h2>
      {r.payouts.length === 0 ? (
        <p className={styles.muted}>{ot('reconciliation.noPayouts')}</p>
      ) : (
        <TableWrap label={ot('reconciliation.payouts')}>
          <table className={styles.table} data-testid="reconciliation-payouts">
            <thead>
              <tr>
                <th scope="col">{ot('transactions.agency')}</th>
                <th scope="col" className={styles.num}>
                  {ot('reconciliation.withdrawals')}
                </th>
                <th scope="col" className={styles.num}>
                  {ot('reconciliation.pickups')}
                </th>
                <th scope="col" className={styles.num}>
                  {ot('reconciliation.rows')}
                </th>
                <th scope="col" className={styles.num}>
                  {ot('reconciliation.ledgerCash')}
                </th>
              </tr>
            </thead>
            <tbody>
              {r.payouts.map((p) => (
                <tr key={p.agency}>
                  <td>{p.name || `#${p.agency}`}</td>
                  <td className={styles.num}>
                    {p.withdrawals.count} · <Money amount={p.withdrawals.amount} />
                  </td>
                  <td className={styles.num}>
                    {p.pickups.count} · <Money amount={p.pickups.amount} />
                  </td>
                  <td className={styles.num}>
                    {p.rows.count} · <Money amount={p.rows.amount} />
                  </td>
                  <td className={styles.num}>
                    {p.ledger.count} · <Money amount={p.ledger.amount} />
                    {p.ledger.amount !== p.rows.amount ? <span className={styles.badgeBad}>≠</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}

      <h2 className={styles.subtitle}>{ot('reconciliation.differences')}</h2>
      {r.differences.length === 0 ? (
        <p className={styles.success} data-testid="reconciliation-no-differences">
          {ot('reconciliation.noDifferences')}
        </p>
      ) : (
        <TableWrap label={ot('reconciliation.differences')}>
          <table className={styles.table} data-testid="reconciliation-differences">
            <thead>
              <tr>
                <th scope="col">{ot('reconciliation.what')}</th>
                <th scope="col">{ot('reconciliation.reference')}</th>
                <th scope="col">{ot('transactions.agency')}</th>
                <th scope="col" className={styles.num}>
                  {ot('reconciliation.expected')}
                </th>
                <th scope="col" className={styles.num}>
                  {ot('reconciliation.actual')}
                </th>
                <th scope="col">{ot('reconciliation.at')}</th>
              </tr>
            </thead>
            <tbody>
              {r.differences.map((d) => (
                <tr key={`${d.kind}:${d.reference}`}>
                  <td>{ot(`reconciliation.kinds.${d.kind}` as OpsKey)}</td>
                  <td>
                    <bdi dir="ltr">{d.reference}</bdi>
                  </td>
                  <td>{d.agency === null ? '—' : `#${d.agency}`}</td>
                  <td className={styles.num}>
                    {d.expected !== null && /^-?\d+\.\d\d$/.test(d.expected) ? (
                      <Money amount={d.expected} currency={d.currency} />
                    ) : (
                      <bdi dir="ltr">{d.expected ?? '—'}</bdi>
                    )}
                  </td>
                  <td className={styles.num}>
                    {d.actual !== null && /^-?\d+\.\d\d$/.test(d.actual) ? (
                      <Money amount={d.actual} currency={d.currency} />
                    ) : (
                      <bdi dir="ltr">{d.actual ?? '—'}</bdi>
                    )}
                  </td>
                  <td>
                    <DateTime iso={d.at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  );
}
