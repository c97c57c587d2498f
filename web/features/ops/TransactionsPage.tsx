import { Link } from 'react-router';
import { opsTransactionKinds, transactionStatuses } from '../../../common/api/messages';
import { Pagination } from '../../ui/Pagination';
import { AgencySelect } from './AgencySelect';
import styles from './Ops.module.css';
import { fetchTransactions } from './ops-api';
import { ListState, TableWrap, useOpsList } from './OpsList';
import { DateTime, Money, PageTitle, StatusBadge, useOps } from './OpsParts';

const PAGE_SIZE = 25;
const FILTERS = ['search', 'kind', 'status', 'start_date', 'end_date', 'amount_gte', 'amount_lte', 'agency'] as const;

/** Every transaction, searched by id, reference, phone or name and filtered; a row opens its ledger detail. */
export function TransactionsPage() {
  const { ot, withLang } = useOps();
  const {
    page,
    update,
    draft,
    set,
    apply,
    reset,
    list: transactions,
    rows,
  } = useOpsList('transactions', FILTERS, PAGE_SIZE, fetchTransactions);
  const party = (p: { id: number; name: string } | null, fallback?: string | null) =>
    p ? p.name || `#${p.id}` : fallback ? <bdi dir="ltr">{fallback}</bdi> : '—';
  return (
    <>
      <PageTitle>{ot('nav.transactions')}</PageTitle>
      <form className={styles.filters} onSubmit={apply} data-testid="tx-filters">
        <label className={styles.field}>
          {ot('transactions.search')}
          <input
            className={`${styles.input} ${styles.wide}`}
            type="search"
            value={draft.search}
            onChange={set('search')}
            placeholder={ot('transactions.searchHint')}
            data-testid="tx-search"
          />
        </label>
        <label className={styles.field}>
          {ot('transactions.kind')}
          <select className={styles.input} value={draft.kind} onChange={set('kind')} data-testid="tx-kind">
            <option value="">{ot('common.all')}</option>
            {opsTransactionKinds.map((kind) => (
              <option key={kind} value={kind}>
                {ot(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {ot('transactions.status')}
          <select className={styles.input} value={draft.status} onChange={set('status')} data-testid="tx-status">
            <option value="">{ot('common.all')}</option>
            {transactionStatuses.map((status) => (
              <option key={status} value={status}>
                {ot(`status.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {ot('transactions.from')}
          <input className={styles.input} type="date" value={draft.start_date} onChange={set('start_date')} />
        </label>
        <label className={styles.field}>
          {ot('transactions.to')}
          <input className={styles.input} type="date" value={draft.end_date} onChange={set('end_date')} />
        </label>
        <label className={styles.field}>
          {ot('transactions.amountMin')}
          <input
            className={styles.input}
            inputMode="decimal"
            value={draft.amount_gte}
            onChange={set('amount_gte')}
            dir="ltr"
            data-testid="tx-amount-gte"
          />
        </label>
        <label className={styles.field}>
          {ot('transactions.amountMax')}
          <input
            className={styles.input}
            inputMode="decimal"
            value={draft.amount_lte}
            onChange={set('amount_lte')}
            dir="ltr"
          />
        </label>
        <label className={styles.field}>
          {ot('transactions.agency')}
          <AgencySelect
            value={draft.agency}
            onChange={set('agency')}
            allLabel={ot('agencies.all')}
            testId="tx-agency"
          />
        </label>
        <button type="submit" className={styles.primary} data-testid="tx-apply">
          {ot('common.apply')}
        </button>
        <button type="button" className={styles.button} onClick={reset}>
          {ot('common.reset')}
        </button>
      </form>
      <ListState list={transactions} emptyText={ot('transactions.empty')} />
      {transactions.data && rows.length > 0 ? (
        <p className={styles.muted}>{ot('common.count', { count: transactions.data.count })}</p>
      ) : null}
      {rows.length > 0 ? (
        <TableWrap label={ot('nav.transactions')}>
          <table className={styles.table} data-testid="tx-table">
            <thead>
              <tr>
                <th scope="col">{ot('transactions.id')}</th>
                <th scope="col">{ot('transactions.date')}</th>
                <th scope="col">{ot('transactions.kind')}</th>
                <th scope="col">{ot('transactions.status')}</th>
                <th scope="col">{ot('transactions.sender')}</th>
                <th scope="col">{ot('transactions.recipient')}</th>
                <th scope="col">{ot('transactions.agency')}</th>
                <th scope="col">{ot('transactions.reference')}</th>
                <th scope="col" className={styles.num}>
                  {ot('transactions.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((tx) => (
                <tr key={tx.id} data-testid="tx-row">
                  <td>
                    <Link to={withLang(`/ops/transactions/${tx.id}`)} data-testid={`tx-link-${tx.id}`}>
                      #{tx.id}
                    </Link>
                  </td>
                  <td>
                    <DateTime iso={tx.created_at} />
                  </td>
                  <td>{ot(`kinds.${tx.kind}`)}</td>
                  <td>
                    <StatusBadge status={tx.status} />{' '}
                    {tx.refundable ? <span className={styles.badge}>{ot('transactions.refundable')}</span> : null}
                  </td>
                  <td>{party(tx.sender)}</td>
                  <td>{party(tx.recipient, tx.recipient_phone_number ?? tx.recipient_email)}</td>
                  <td>{party(tx.agency)}</td>
                  <td>
                    <bdi dir="ltr">{tx.reference ?? '—'}</bdi>
                  </td>
                  <td className={styles.num}>
                    <Money amount={tx.amount} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      <Pagination
        page={page}
        count={transactions.data?.count ?? 0}
        pageSize={PAGE_SIZE}
        onPage={(p) => update({ page: String(p) })}
      />
    </>
  );
}
