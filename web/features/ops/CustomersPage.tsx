import { Link } from 'react-router';
import styles from './Ops.module.css';
import { fetchCustomers } from './ops-api';
import type { Query } from './ops-api';
import { FilterForm, ListView, useOpsList } from './OpsList';
import { DateTime, Money, PageTitle, useOps } from './OpsParts';

const PAGE_SIZE = 20;
const ROLES = ['customer', 'BANKER', 'OPERATOR', 'AUDITOR'] as const;

/** The customers by default, apart from the staff; `all` asks for every user. */
const fetchUsers = (query: Query, signal?: AbortSignal) =>
  fetchCustomers({ ...query, role: query.role === 'all' ? undefined : query.role }, signal);

/**
 * Find a customer who calls: by name, e-mail, phone, id or wallet address (the server ignores accents and case), among
 * the customers unless another role is chosen.
 */
export function CustomersPage() {
  const { ot, withLang } = useOps();
  const state = useOpsList('customers', ['search', 'role'] as const, PAGE_SIZE, fetchUsers, { role: 'customer' });
  return (
    <>
      <PageTitle>{ot('nav.customers')}</PageTitle>
      <FilterForm
        state={state}
        live
        resettable={false}
        filters={[
          {
            key: 'search',
            label: ot('customers.search'),
            type: 'search',
            placeholder: ot('customers.searchHint'),
            testId: 'customers-search',
          },
          {
            key: 'role',
            label: ot('customers.role'),
            type: 'select',
            instant: true,
            options: [
              ...ROLES.map((role) => ({ value: role, label: ot(`roles.${role}`) })),
              { value: 'all', label: ot('common.all') },
            ],
            testId: 'customers-role',
          },
        ]}
      />
      <ListView
        state={state}
        section="customers"
        rowTestId="customer-row"
        columns={[
          { header: ot('customers.id'), cell: (c) => c.id },
          {
            header: ot('customers.name'),
            cell: (c) => (
              <Link to={withLang(`/ops/customers/${c.id}`)}>
                {`${c.first_name} ${c.last_name}`.trim() || ot('customers.noName')}
              </Link>
            ),
          },
          { header: ot('customers.email'), cell: (c) => <bdi>{c.email ?? '—'}</bdi> },
          { header: ot('customers.phone'), cell: (c) => <bdi dir="ltr">{c.phone_number ?? '—'}</bdi> },
          { header: ot('customers.role'), cell: (c) => ot(`roles.${c.role}`) },
          { header: ot('customers.balance'), num: true, cell: (c) => <Money amount={c.balance} /> },
          {
            header: ot('customers.state'),
            cell: (c) => (
              <>
                {c.frozen ? <span className={styles.badgeBad}>{ot('customers.frozen')}</span> : null}{' '}
                {c.security_code_locked_until ? (
                  <span className={styles.badgeWarn}>{ot('customers.codeLocked')}</span>
                ) : null}
              </>
            ),
          },
          { header: ot('customers.created'), cell: (c) => <DateTime iso={c.created_at} /> },
        ]}
      />
    </>
  );
}
