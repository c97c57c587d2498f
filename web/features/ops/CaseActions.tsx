import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OpsCase } from '../../../common/api/cases';
import styles from './Ops.module.css';
import { cancelForCustomer, fetchCustomer, fetchTransaction, opsAction } from './ops-api';
import { ActionDialog } from './OpsDialog';
import { Money, useOps } from './OpsParts';
import { RefundDialog } from './RefundDialog';
import { ResendPickupSmsDialog } from './ResendPickupSmsDialog';

type Action = 'refund' | 'cancel' | 'resend' | 'unlock';

/**
 * The actions on the case's transfer and its customer, reachable from the case: each is the endpoint the
 * transaction's and the customer's pages call, or customer care's own (cancel for the customer, the pickup SMS
 * again), with the case's id, so the audit line names the case and its thread keeps an internal note. Which
 * buttons show follows what the server would allow (a refundable transfer, a refund not already waiting; a cancel
 * on the customer's own rules; a pickup still to collect; a security code locked or with failures). Nothing here
 * reaches the customer.
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
  // The customer's own cancel: money still waiting, not at a counter (what `refundable` says), but never a bank or
  // wallet payout, which the customer cannot cancel either.
  const cancellable = refundable && tx.kind !== 'payout';
  // A pickup still to collect; a held one is not `available`. The server also refuses one past its expiry the sweep
  // has not reached yet, and a frozen sender's, and the dialog says so.
  const resendable = tx?.kind === 'pickup' && tx.status === 'available';
  const locked = who !== undefined && (who.security_code_locked_until !== null || who.security_code_failures > 0);
  const start = (action: Action) => {
    setDone(null);
    setOpen(action);
  };
  const finish = (text: string) => {
    setDone(text);
    setOpen(null);
    // The case (its new note), the transfer and the customer are read again.
    void client.invalidateQueries({ queryKey: ['ops'] });
  };
  if (!refundable && !resendable && !locked && done === null) return null;
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
            onClick={() => start('refund')}
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
        {cancellable ? (
          <button type="button" className={styles.danger} onClick={() => start('cancel')} data-testid="case-cancel">
            {ot('cases.cancel')}
          </button>
        ) : null}
        {resendable ? (
          <button type="button" className={styles.button} onClick={() => start('resend')} data-testid="case-resend-sms">
            {ot('cases.resendSms')}
          </button>
        ) : null}
        {locked ? (
          <button type="button" className={styles.button} onClick={() => start('unlock')} data-testid="case-unlock">
            {ot('customer.unlock')}
          </button>
        ) : null}
      </div>
      <p className={styles.muted}>{ot('cases.actionsNoted')}</p>
      {open === 'refund' && tx ? (
        <RefundDialog
          testId="case-refund-dialog"
          tx={tx}
          caseId={item.id}
          onClose={() => setOpen(null)}
          onDone={(outcome) =>
            finish(
              outcome.refunded
                ? ot('transaction.refunded')
                : ot('transaction.refundRequested', { id: outcome.approval.id }),
            )
          }
        />
      ) : null}
      {open === 'cancel' && tx ? (
        <ActionDialog
          testId="case-cancel-dialog"
          title={ot('cases.cancelTitle', { id: tx.id })}
          description={
            <p>
              {ot('cases.cancelExplain')} <Money amount={tx.amount} />
            </p>
          }
          // Not the button's own words: beside the dialog's "cancel" (close) it would read as its opposite.
          confirmLabel={ot('cases.cancelConfirm')}
          danger
          onClose={() => setOpen(null)}
          action={(input) => cancelForCustomer(tx.id, { ...input, case: item.id })}
          onDone={() => finish(ot('cases.cancelled'))}
        />
      ) : null}
      {open === 'resend' && tx ? (
        <ResendPickupSmsDialog
          tx={tx}
          caseId={item.id}
          onClose={() => setOpen(null)}
          onDone={(remaining) => finish(ot('cases.resent', { count: remaining }))}
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
