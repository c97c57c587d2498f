import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../ui/Pagination';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import styles from './Ops.module.css';
import { fetchCustomers } from './ops-api';
import { ListState, TableWrap, useOpsList } from './OpsList';
import { DateTime, Money, PageTitle, useOps } from './OpsParts';

const PAGE_SIZE = 20;

/** Find a customer who calls: by name, e-mail, phone, id or wallet address (the server ignores accents and case). */
export function CustomersPage() {
  const { ot, withLang } = useOps();
  const {
    values,
    page,
    update,
    list: customers,
    rows,
  } = useOpsList('customers', ['search'] as const, PAGE_SIZE, fetchCustomers);
  const [search, setSearch] = useState(values.search);
  const settled = useDebouncedValue(search.trim(), 300);
  useEffect(() => {
    if (settled !== values.search) update({ search: settled });
    // Only the settled text drives the URL; the URL's own changes do not loop back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <>
      <PageTitle>{ot('nav.customers')}</PageTitle>
      <form className={styles.filters} role="search" onSubmit={(e) => e.preventDefault()}>
        <label className={styles.field}>
          {ot('customers.search')}
          <input
            className={`${styles.input} ${styles.wide}`}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={ot('customers.searchHint')}
            data-testid="customers-search"
          />
        </label>
      </form>
      <ListState list={customers} emptyText={ot('customers.empty')} />
      {rows.length > 0 ? (
        <TableWrap label={ot('nav.customers')}>
          <table className={styles.table} data-testid="customers-table">
            <thead>
              <tr>
                <th scope="col">{ot('customers.id')}</th>
                <th scope="col">{ot('customers.name')}</th>
                <th scope="col">{ot('customers.email')}</th>
                <th scope="col">{ot('customers.phone')}</th>
                <th scope="col">{ot('customers.role')}</th>
                <th scope="col" className={styles.num}>
                  {ot('customers.balance')}
                </th>
                <th scope="col">{ot('customers.state')}</th>
                <th scope="col">{ot('customers.created')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id} data-testid="customer-row">
                  <td>{c.id}</td>
                  <td>
                    <Link to={withLang(`/ops/customers/${c.id}`)}>
                      {`${c.first_name} ${c.last_name}`.trim() || ot('customers.noName')}
                    </Link>
                  </td>
                  <td>
                    <bdi>{c.email ?? '—'}</bdi>
                  </td>
                  <td>
                    <bdi dir="ltr">{c.phone_number ?? '—'}</bdi>
                  </td>
                  <td>{ot(`roles.${c.role}`)}</td>
                  <td className={styles.num}>
                    <Money amount={c.balance} />
                  </td>
                  <td>
                    {c.frozen ? <span className={styles.badgeBad}>{ot('customers.frozen')}</span> : null}{' '}
                    {c.security_code_locked_until ? (
                      <span className={styles.badgeWarn}>{ot('customers.codeLocked')}</span>
                    ) : null}
                  </td>
                  <td>
                    <DateTime iso={c.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      <Pagination
        page={page}
        count={customers.data?.count ?? 0}
        pageSize={PAGE_SIZE}
        onPage={(p) => update({ page: String(p) })}
      />
    </>
  );
}
