import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OpsCase } from '../../../common/api/cases';
import styles from './Ops.module.css';
import { fetchCustomer, fetchTransaction, opsAction, refund } from './ops-api';
import { ActionDialog } from './OpsDialog';
import { Money, useOps } from './OpsParts';

type Action = 'refund' | 'unlock';
type RefundResult = { refunded: true } | { refunded: false; approval: { id: number } };

/**
 * The actions on the case's transfer and its customer, reachable from the case: each is the endpoint the
 * transaction's and the customer's pages call, with the case's id, so the audit line names the case and its thread
 * keeps an internal note. Which buttons show follows those pages (a refundable transfer, a refund not already
 * waiting; a security code locked or with failures). Nothing here reaches the customer.
 */
export function CaseActions({ item }: { item: OpsCase & { transfer: NonNullable<OpsCase['transfer']> } }) {
  const { ot, withLang } = useOps();
  const client = useQueryClient();
  const [open, setOpen] = useState<Action | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const transfer = useQuery({
    queryKey: ['ops', 'transaction', String(item.transfer.id)],
    queryFn: ({ signal }) => fetchTransaction(String(item.transfer.id), signal),
  });
  const customer = useQuery({
    queryKey: ['ops', 'customer', String(item.customer.id)],
    queryFn: ({ signal }) => fetchCustomer(String(item.customer.id), signal),
  });
  const tx = transfer.data;
  const who = customer.data;
  const refundable = tx?.refundable === true;
  const locked = who !== undefined && (who.security_code_locked_until !== null || who.security_code_failures > 0);
  const finish = (text: string) => {
    setDone(text);
    setOpen(null);
    // The case (its new note), the transfer and the customer are read again.
    void client.invalidateQueries({ queryKey: ['ops'] });
  };
  if (!refundable && !locked && done === null) return null;
  return (
    <section aria-label={ot('cases.actions')} data-testid="case-actions">
      <h2 className={styles.subtitle}>{ot('cases.actions')}</h2>
      {done ? (
        <p className={styles.success} role="status" data-testid="case-action-done">
          {done}
        </p>
      ) : null}
      <div className={styles.actions}>
        {refundable ? (
          <button
            type="button"
            className={styles.danger}
            onClick={() => {
              setDone(null);
              setOpen('refund');
            }}
            // A refund already waits for a second operator: asking again is refused (one request at a time).
            disabled={tx.pending_refund !== null}
            data-testid="case-refund"
          >
            {ot('transaction.refund')}
          </button>
        ) : null}
        {tx?.pending_refund ? (
          <span className={styles.muted} data-testid="case-refund-pending">
            {ot('refundPending.waiting', {
              id: tx.pending_refund.approval,
              name: tx.pending_refund.requested_by_name ?? `#${tx.pending_refund.requested_by}`,
            })}{' '}
            <Link to={withLang('/ops/approvals')}>{ot('nav.approvals')}</Link>
          </span>
        ) : null}
        {locked ? (
          <button
            type="button"
            className={styles.button}
            onClick={() => {
              setDone(null);
              setOpen('unlock');
            }}
            data-testid="case-unlock"
          >
            {ot('customer.unlock')}
          </button>
        ) : null}
      </div>
      <p className={styles.muted}>{ot('cases.actionsNoted')}</p>
      {open === 'refund' && tx ? (
        <ActionDialog
          testId="case-refund-dialog"
          title={ot('transaction.refundTitle', { id: tx.id })}
          description={
            <p>
              {ot('transaction.refundExplain')} <Money amount={tx.amount} />
            </p>
          }
          confirmLabel={ot('transaction.refund')}
          danger
          onClose={() => setOpen(null)}
          action={(input) => refund<RefundResult>(tx.id, { ...input, case: item.id })}
          onDone={(result) => {
            const outcome = result as RefundResult;
            finish(
              outcome.refunded
                ? ot('transaction.refunded')
                : ot('transaction.refundRequested', { id: outcome.approval.id }),
            );
          }}
        />
      ) : null}
      {open === 'unlock' && who ? (
        <ActionDialog
          testId="case-unlock-dialog"
          title={ot('customer.unlockTitle', { name: `${who.first_name} ${who.last_name}`.trim() || `#${who.id}` })}
          confirmLabel={ot('customer.unlock')}
          onClose={() => setOpen(null)}
          action={(input) => opsAction(`customers/${who.id}/unlock-security-code/`, input, { case: item.id })}
          onDone={() => finish(ot('customer.unlockedDone'))}
        />
      ) : null}
    </section>
  );
}
