import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OpsCustomer } from '../../../common/api/ops';
import { AuditTable } from './AuditTable';
import styles from './Ops.module.css';
import { fetchCustomer, opsAction } from './ops-api';
import type { OpsKey } from './ops-i18n';
import { useStaff } from './staff';
import { ActionDialog } from './OpsDialog';
import { TableWrap } from './OpsList';
import { DateTime, Money, PageTitle, QueryState, StatusBadge, useOps } from './OpsParts';

type CustomerAction = 'freeze' | 'unfreeze' | 'unlock-security-code' | 'logout-all';

const actionLabels: Record<CustomerAction, { title: OpsKey; confirm: OpsKey; done: OpsKey; danger: boolean }> = {
  freeze: { title: 'customer.freezeTitle', confirm: 'customer.freeze', done: 'customer.frozenDone', danger: true },
  unfreeze: {
    title: 'customer.unfreezeTitle',
    confirm: 'customer.unfreeze',
    done: 'customer.unfrozenDone',
    danger: false,
  },
  'unlock-security-code': {
    title: 'customer.unlockTitle',
    confirm: 'customer.unlock',
    done: 'customer.unlockedDone',
    danger: false,
  },
  'logout-all': {
    title: 'customer.logoutAllTitle',
    confirm: 'customer.logoutAll',
    done: 'customer.logoutAllDone',
    danger: true,
  },
};

/** One user as support sees them, with the actions on their access: freeze, unlock the code, end their sessions. */
export function CustomerDetailPage({ id }: { id: string }) {
  const { ot, withLang } = useOps();
  const { canWrite } = useStaff();
  const client = useQueryClient();
  const [open, setOpen] = useState<CustomerAction | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const customer = useQuery({
    queryKey: ['ops', 'customer', id],
    queryFn: ({ signal }) => fetchCustomer(id, signal),
  });
  const c = customer.data;

  if (!c)
    return (
      <>
        <PageTitle>{ot('customer.title')}</PageTitle>
        <QueryState isPending={customer.isPending} error={customer.error} onRetry={() => void customer.refetch()} />
      </>
    );

  const isCustomer = c.role === 'customer';
  const available: CustomerAction[] = [
    // A review's freeze is lifted by its decision only (the server refuses the unfreeze): no button for it.
    ...(isCustomer && c.frozen_by_review === null ? [c.frozen ? ('unfreeze' as const) : ('freeze' as const)] : []),
    ...(c.security_code_locked_until || c.security_code_failures > 0 ? ['unlock-security-code' as const] : []),
    'logout-all',
  ];
  const name = `${c.first_name} ${c.last_name}`.trim() || ot('customers.noName');
  return (
    <>
      <p>
        <Link to={withLang('/ops/customers')}>{ot('customer.back')}</Link>
      </p>
      <PageTitle>
        {name} <span className={styles.muted}>#{c.id}</span>{' '}
        {c.frozen ? <span className={styles.badgeBad}>{ot('customers.frozen')}</span> : null}
      </PageTitle>
      {done ? (
        <p className={styles.success} role="status" data-testid="customer-done">
          {done}
        </p>
      ) : null}
      {canWrite ? (
        <div className={styles.actions}>
          {available.map((action) => (
            <button
              key={action}
              type="button"
              className={actionLabels[action].danger ? styles.danger : styles.button}
              onClick={() => {
                setDone(null);
                setOpen(action);
              }}
              data-testid={`customer-${action}`}
            >
              {ot(actionLabels[action].confirm)}
            </button>
          ))}
        </div>
      ) : null}
      <dl className={styles.facts} data-testid="customer-facts">
        <div>
          <dt>{ot('customers.balance')}</dt>
          <dd data-testid="customer-balance">
            <Money amount={c.balance} />
          </dd>
        </div>
        <div>
          <dt>{ot('customers.role')}</dt>
          <dd>{ot(`roles.${c.role}`)}</dd>
        </div>
        <div>
          <dt>{ot('customer.level')}</dt>
          <dd data-testid="customer-level">{ot(c.level === 2 ? 'customer.level2' : 'customer.level1')}</dd>
        </div>
        <div>
          <dt>{ot('customers.email')}</dt>
          <dd>
            <bdi>{c.email ?? '—'}</bdi>
          </dd>
        </div>
        <div>
          <dt>{ot('customers.phone')}</dt>
          <dd>
            <bdi dir="ltr">{c.phone_number ?? '—'}</bdi>
          </dd>
        </div>
        <div>
          <dt>{ot('customer.account')}</dt>
          <dd>
            <code dir="ltr">{c.account_id}</code>
          </dd>
        </div>
        <div>
          <dt>{ot('customer.country')}</dt>
          <dd>{c.country ?? '—'}</dd>
        </div>
        <div>
          <dt>{ot('customers.created')}</dt>
          <dd>
            <DateTime iso={c.created_at} />
          </dd>
        </div>
        <div>
          <dt>{ot('customer.securityCode')}</dt>
          <dd data-testid="customer-code-state">
            {!c.security_code_set
              ? ot('customer.codeNotSet')
              : c.security_code_locked_until
                ? ot('customers.codeLocked')
                : ot('customer.codeFailures', { count: c.security_code_failures })}
          </dd>
        </div>
        {c.frozen ? (
          <div>
            <dt>{ot('customer.frozenSince')}</dt>
            <dd>
              <DateTime iso={c.frozen_at} /> — {c.frozen_reason}
              {c.frozen_by_review === null ? null : (
                <p className={styles.muted} data-testid="customer-frozen-by-review">
                  {ot('customer.frozenByReview', { id: c.frozen_by_review })}
                </p>
              )}
            </dd>
          </div>
        ) : null}
      </dl>

      <h2 className={styles.subtitle}>{ot('customer.limits')}</h2>
      {c.limits.length === 0 ? (
        <p className={styles.muted}>{ot('common.empty')}</p>
      ) : (
        <TableWrap label={ot('customer.limits')}>
          <table className={styles.table} data-testid="customer-limits">
            <thead>
              <tr>
                <th scope="col">{ot('customer.limitKind')}</th>
                <th scope="col" className={styles.num}>
                  {ot('customer.limitCeiling')}
                </th>
                <th scope="col" className={styles.num}>
                  {ot('customer.limitUsed')}
                </th>
                <th scope="col" className={styles.num}>
                  {ot('customer.limitRemaining')}
                </th>
                <th scope="col" className={styles.num}>
                  {ot('customer.perOperation')}
                </th>
                <th scope="col">{ot('customer.limitResets')}</th>
              </tr>
            </thead>
            <tbody>
              {c.limits.map((limit) => (
                <tr key={`${limit.kind}-${limit.currency}`}>
                  <th scope="row">{ot(limit.kind === 'topup' ? 'customer.limitTopup' : 'customer.limitOutgoing')}</th>
                  <td className={styles.num}>
                    <Money amount={limit.limit} currency={limit.currency} />
                  </td>
                  <td className={styles.num}>
                    <Money amount={limit.used} currency={limit.currency} />
                  </td>
                  <td className={styles.num}>
                    <Money amount={limit.remaining} currency={limit.currency} />
                  </td>
                  <td className={styles.num}>
                    <Money amount={limit.per_operation} currency={limit.currency} />
                  </td>
                  <td>
                    <DateTime iso={limit.resets_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}

      <h2 className={styles.subtitle}>{ot('customer.recent')}</h2>
      {c.recent_transactions.length === 0 ? (
        <p className={styles.muted}>{ot('common.empty')}</p>
      ) : (
        <TableWrap label={ot('customer.recent')}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{ot('transactions.date')}</th>
                <th scope="col">{ot('customer.category')}</th>
                <th scope="col">{ot('transactions.status')}</th>
                <th scope="col">{ot('transactions.counterpart')}</th>
                <th scope="col" className={styles.num}>
                  {ot('transactions.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {c.recent_transactions.map((tx) => (
                <tr key={`${tx.category}-${tx.id}`}>
                  <td>
                    <DateTime iso={tx.date} />
                  </td>
                  <td>{ot(`categories.${tx.category}`)}</td>
                  <td>
                    <StatusBadge status={tx.status} />
                  </td>
                  <td>
                    {tx.sender === c.id
                      ? `${tx.recipient_first_name ?? ''} ${tx.recipient_last_name ?? ''}`.trim() || '—'
                      : `${tx.sender_first_name ?? ''} ${tx.sender_last_name ?? ''}`.trim() || '—'}
                  </td>
                  <td className={styles.num}>
                    <Money amount={tx.amount} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}

      <h2 className={styles.subtitle}>{ot('customer.sessions')}</h2>
      {c.sessions.length === 0 ? (
        <p className={styles.muted}>{ot('common.empty')}</p>
      ) : (
        <TableWrap label={ot('customer.sessions')}>
          <table className={styles.table} data-testid="customer-sessions">
            <thead>
              <tr>
                <th scope="col">{ot('customer.signedIn')}</th>
                <th scope="col">{ot('customer.expires')}</th>
                <th scope="col">{ot('customer.revoked')}</th>
              </tr>
            </thead>
            <tbody>
              {c.sessions.map((s) => (
                <tr key={s.created_at}>
                  <td>
                    <DateTime iso={s.created_at} />
                  </td>
                  <td>
                    <DateTime iso={s.expires_at} />
                  </td>
                  <td>
                    <DateTime iso={s.revoked_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}

      <h2 className={styles.subtitle}>{ot('customer.events')}</h2>
      {c.events.length === 0 ? (
        <p className={styles.muted}>{ot('common.empty')}</p>
      ) : (
        <AuditTable entries={c.events} label={ot('customer.events')} />
      )}

      {open ? (
        <ActionDialog
          testId="customer-dialog"
          title={ot(actionLabels[open].title, { name })}
          confirmLabel={ot(actionLabels[open].confirm)}
          danger={actionLabels[open].danger}
          description={open === 'freeze' ? <p>{ot('customer.freezeExplain')}</p> : undefined}
          onClose={() => setOpen(null)}
          action={(input) => opsAction<OpsCustomer | { revoked: number }>(`customers/${c.id}/${open}/`, input)}
          onDone={(result) => {
            const revoked = typeof result === 'object' && result !== null && 'revoked' in result ? result.revoked : 0;
            setDone(ot(actionLabels[open].done, { count: Number(revoked) }));
            setOpen(null);
            void client.invalidateQueries({ queryKey: ['ops'] });
          }}
        />
      ) : null}
    </>
  );
}
