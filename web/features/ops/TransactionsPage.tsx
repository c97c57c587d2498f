import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { opsTransactionKinds, transactionStatuses } from '../../../common/api/messages';
import styles from './Ops.module.css';
import { fetchCustomer, fetchTransactions } from './ops-api';
import { FilterForm, ListView, useOpsList } from './OpsList';
import { DateTime, Money, PageTitle, RecipientWithoutAccount, StatusBadge, useOps } from './OpsParts';

const PAGE_SIZE = 25;
// `customer` comes from a customer's page (their transactions, sent and received); clearing the filters drops it.
const FILTERS = [
  'search',
  'kind',
  'status',
  'start_date',
  'end_date',
  'amount_gte',
  'amount_lte',
  'agency',
  'customer',
] as const;

/** Whose transactions these are, by name, when the list is one customer's. */
function CustomerFilter({ id }: { id: string }) {
  const { ot, withLang } = useOps();
  const customer = useQuery({ queryKey: ['ops', 'customer', id], queryFn: ({ signal }) => fetchCustomer(id, signal) });
  const name = customer.data ? `${customer.data.first_name} ${customer.data.last_name}`.trim() : null;
  if (!name) return null;
  return (
    <p data-testid="tx-customer-filter">
      <Link to={withLang(`/ops/customers/${id}`)}>{ot('transactions.ofCustomer', { name })}</Link>
    </p>
  );
}

/** Every transaction, searched by id, reference, phone or name and filtered; a row opens its ledger detail. */
export function TransactionsPage() {
  const { ot, withLang } = useOps();
  const state = useOpsList('transactions', FILTERS, PAGE_SIZE, fetchTransactions);
  const party = (p: { id: number; name: string } | null, fallback?: string | null) =>
    p ? p.name || `#${p.id}` : fallback ? <bdi dir="ltr">{fallback}</bdi> : '—';
  return (
    <>
      <PageTitle>{ot('nav.transactions')}</PageTitle>
      {state.values.customer ? <CustomerFilter id={state.values.customer} /> : null}
      <FilterForm
        state={state}
        testId="tx-filters"
        applyTestId="tx-apply"
        filters={[
          {
            key: 'search',
            label: ot('transactions.search'),
            type: 'search',
            placeholder: ot('transactions.searchHint'),
            testId: 'tx-search',
          },
          {
            key: 'kind',
            label: ot('transactions.kind'),
            type: 'select',
            options: opsTransactionKinds.map((kind) => ({ value: kind, label: ot(`kinds.${kind}`) })),
            testId: 'tx-kind',
          },
          {
            key: 'status',
            label: ot('transactions.status'),
            type: 'select',
            options: transactionStatuses.map((status) => ({ value: status, label: ot(`status.${status}`) })),
            testId: 'tx-status',
          },
          { key: 'start_date', label: ot('transactions.from'), type: 'date' },
          { key: 'end_date', label: ot('transactions.to'), type: 'date' },
          { key: 'amount_gte', label: ot('transactions.amountMin'), type: 'decimal', testId: 'tx-amount-gte' },
          { key: 'amount_lte', label: ot('transactions.amountMax'), type: 'decimal' },
          { key: 'agency', label: ot('transactions.agency'), type: 'agency', testId: 'tx-agency' },
        ]}
      />
      <ListView
        state={state}
        showCount
        section="transactions"
        testId="tx-table"
        rowTestId="tx-row"
        columns={[
          {
            header: ot('transactions.id'),
            cell: (tx) => (
              <Link to={withLang(`/ops/transactions/${tx.id}`)} data-testid={`tx-link-${tx.id}`}>
                #{tx.id}
              </Link>
            ),
          },
          { header: ot('transactions.date'), cell: (tx) => <DateTime iso={tx.created_at} /> },
          { header: ot('transactions.kind'), cell: (tx) => ot(`kinds.${tx.kind}`) },
          {
            header: ot('transactions.status'),
            cell: (tx) => (
              <>
                <StatusBadge status={tx.status} />{' '}
                {tx.refundable ? <span className={styles.badge}>{ot('transactions.refundable')}</span> : null}
              </>
            ),
          },
          { header: ot('transactions.sender'), cell: (tx) => party(tx.sender) },
          {
            header: ot('transactions.recipient'),
            cell: (tx) =>
              tx.recipient_name ? (
                <RecipientWithoutAccount
                  name={tx.recipient_name}
                  reach={tx.recipient_phone_number ?? tx.recipient_email}
                />
              ) : (
                party(tx.recipient, tx.recipient_phone_number ?? tx.recipient_email)
              ),
          },
          { header: ot('transactions.agency'), cell: (tx) => party(tx.agency) },
          { header: ot('transactions.reference'), cell: (tx) => <bdi dir="ltr">{tx.reference ?? '—'}</bdi> },
          { header: ot('transactions.amount'), num: true, cell: (tx) => <Money amount={tx.amount} /> },
        ]}
      />
    </>
  );
}
