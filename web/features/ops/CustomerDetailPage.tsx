import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OpsCustomer } from '../../../common/api/ops';
import { AuditSection } from './AuditTable';
import { CustomerDocuments } from './CustomerDocuments';
import { CustomerSchedules } from './CustomerSchedules';
import styles from './Ops.module.css';
import { fetchCustomer, opsAction } from './ops-api';
import type { OpsKey } from './ops-i18n';
import { useStaff } from './staff';
import { ActionDialog } from './OpsDialog';
import { TableSection } from './OpsList';
import { countryName, DateTime, Fact, Money, PageTitle, QueryState, StatusBadge, useOps } from './OpsParts';

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

const limitHeaders = {
  limit: 'customer.limitCeiling',
  used: 'customer.limitUsed',
  remaining: 'customer.limitRemaining',
  per_operation: 'customer.perOperation',
} as const;
const sessionHeaders = {
  created_at: 'customer.signedIn',
  expires_at: 'customer.expires',
  revoked_at: 'customer.revoked',
} as const;

/** One user as support sees them, with the actions on their access: freeze, unlock the code, end their sessions. */
export function CustomerDetailPage({ id }: { id: string }) {
  const { ot, withLang, locale } = useOps();
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
        <Fact label={ot('customers.role')}>{ot(`roles.${c.role}`)}</Fact>
        <div>
          <dt>{ot('customer.level')}</dt>
          <dd data-testid="customer-level">{ot(c.level === 2 ? 'customer.level2' : 'customer.level1')}</dd>
        </div>
        <Fact label={ot('customers.email')}>
          <bdi>{c.email ?? '—'}</bdi>
        </Fact>
        <Fact label={ot('customers.phone')}>
          <bdi dir="ltr">{c.phone_number ?? '—'}</bdi>
        </Fact>
        <Fact label={ot('customer.account')}>
          <code dir="ltr">{c.account_id}</code>
        </Fact>
        <Fact label={ot('customer.country')}>{countryName(c.country, locale)}</Fact>
        <Fact label={ot('customers.created')}>
          <DateTime iso={c.created_at} />
        </Fact>
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
          <Fact label={ot('customer.frozenSince')}>
            <DateTime iso={c.frozen_at} /> — {c.frozen_reason}
            {c.frozen_by_review === null ? null : (
              <p className={styles.muted} data-testid="customer-frozen-by-review">
                {ot('customer.frozenByReview', { id: c.frozen_by_review })}
              </p>
            )}
          </Fact>
        ) : null}
      </dl>

      <TableSection
        title={ot('customer.limits')}
        rows={c.limits}
        rowKey={(limit) => `${limit.kind}-${limit.currency}`}
        testId="customer-limits"
        columns={[
          {
            header: ot('customer.limitKind'),
            rowHeader: true,
            cell: (limit) => ot(limit.kind === 'topup' ? 'customer.limitTopup' : 'customer.limitOutgoing'),
          },
          ...(['limit', 'used', 'remaining', 'per_operation'] as const).map((field) => ({
            header: ot(limitHeaders[field]),
            num: true,
            cell: (limit: (typeof c.limits)[number]) => <Money amount={limit[field]} currency={limit.currency} />,
          })),
          { header: ot('customer.limitResets'), cell: (limit) => <DateTime iso={limit.resets_at} /> },
        ]}
      />
      <TableSection
        title={ot('customer.recent')}
        rows={c.recent_transactions}
        rowKey={(tx) => `${tx.category}-${tx.id}`}
        columns={[
          {
            header: ot('transactions.date'),
            // The row opens the transaction's page (its ledger, timeline and decisions).
            cell: (tx) => (
              <Link to={withLang(`/ops/transactions/${tx.id}`)} data-testid="customer-transaction-link">
                <DateTime iso={tx.date} />
              </Link>
            ),
          },
          { header: ot('customer.category'), cell: (tx) => ot(`categories.${tx.category}`) },
          { header: ot('transactions.status'), cell: (tx) => <StatusBadge status={tx.status} /> },
          {
            header: ot('transactions.counterpart'),
            cell: (tx) =>
              tx.sender === c.id
                ? `${tx.recipient_first_name ?? ''} ${tx.recipient_last_name ?? ''}`.trim() || '—'
                : `${tx.sender_first_name ?? ''} ${tx.sender_last_name ?? ''}`.trim() || '—',
          },
          { header: ot('transactions.amount'), num: true, cell: (tx) => <Money amount={tx.amount} /> },
        ]}
      />
      <p>
        <Link to={withLang(`/ops/transactions?customer=${c.id}`)} data-testid="customer-all-transactions">
          {ot('customer.allTransactions', { name })}
        </Link>
      </p>
      {isCustomer ? <CustomerDocuments customerId={c.id} documents={c.documents} /> : null}
      {isCustomer ? <CustomerSchedules customerId={c.id} /> : null}
      <TableSection
        title={ot('customer.sessions')}
        rows={c.sessions}
        rowKey={(s) => s.created_at}
        testId="customer-sessions"
        columns={(['created_at', 'expires_at', 'revoked_at'] as const).map((field) => ({
          header: ot(sessionHeaders[field]),
          cell: (s: (typeof c.sessions)[number]) => <DateTime iso={s[field]} />,
        }))}
      />
      <AuditSection title={ot('customer.events')} entries={c.events} />

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
