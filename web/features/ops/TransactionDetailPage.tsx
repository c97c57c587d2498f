import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { transactionStatuses } from '../../../common/api/messages';
import { AuditSection, reviewKindLabel } from './AuditTable';
import { accountKindLabel, entryKindLabel } from './ledger-kinds';
import styles from './Ops.module.css';
import { fetchTransaction } from './ops-api';
import type { OpsKey } from './ops-i18n';
import { OpsTable } from './OpsList';
import { DateTime, Fact, Money, PageTitle, QueryState, RecipientWithoutAccount, StatusBadge, useOps } from './OpsParts';
import { RefundDialog, type RefundResult } from './RefundDialog';
import { useStaff } from './staff';

const statuses: readonly string[] = transactionStatuses;
const auditActions = new Map<string, OpsKey>([
  ['created', 'timeline.created'],
  ['refund.request', 'timeline.refundRequested'],
  ['transaction.refund', 'timeline.refunded'],
  ['approval.approve', 'timeline.approved'],
  ['approval.reject', 'timeline.rejected'],
  ['transaction.review_approved', 'timeline.reviewApproved'],
  ['transaction.review_rejected', 'timeline.reviewRejected'],
]);

/** A step of the timeline in words: a status, a known action, or the audit action's own name. */
function TimelineEvent({ event }: { event: string }) {
  const { ot } = useOps();
  const key = auditActions.get(event);
  if (key) return <>{ot(key)}</>;
  if (statuses.includes(event)) return <>{ot(`status.${event}` as OpsKey)}</>;
  return <code dir="ltr">{event}</code>;
}

/** One transaction: who, how much, where, its ledger entries with every posting, its timeline, and the refund. */
export function TransactionDetailPage({ id }: { id: string }) {
  const { ot, withLang } = useOps();
  const { canWrite } = useStaff();
  const client = useQueryClient();
  const [refunding, setRefunding] = useState(false);
  const [outcome, setOutcome] = useState<RefundResult | null>(null);
  const detail = useQuery({
    queryKey: ['ops', 'transaction', id],
    queryFn: ({ signal }) => fetchTransaction(id, signal),
  });
  const tx = detail.data;
  if (!tx)
    return (
      <>
        <PageTitle>{ot('transaction.title', { id })}</PageTitle>
        <QueryState isPending={detail.isPending} error={detail.error} onRetry={() => void detail.refetch()} />
      </>
    );

  const party = (p: { id: number; name: string } | null) =>
    p ? <Link to={withLang(`/ops/customers/${p.id}`)}>{p.name || `#${p.id}`}</Link> : '—';
  return (
    <>
      <p>
        <Link to={withLang('/ops/transactions')}>{ot('transaction.back')}</Link>
      </p>
      <PageTitle>
        {ot('transaction.title', { id: tx.id })} <StatusBadge status={tx.status} />
      </PageTitle>
      {outcome ? (
        outcome.refunded ? (
          <p className={styles.success} role="status" data-testid="refund-done">
            {ot('transaction.refunded')}
          </p>
        ) : (
          <p className={styles.notice} role="status" data-testid="refund-requested">
            {ot('transaction.refundRequested', { id: outcome.approval.id })}{' '}
            <Link to={withLang('/ops/approvals')}>{ot('nav.approvals')}</Link>
          </p>
        )
      ) : null}
      {canWrite && tx.refundable ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.danger}
            onClick={() => {
              setOutcome(null);
              setRefunding(true);
            }}
            // A refund already waits for a second operator: asking again is refused (one request at a time).
            disabled={tx.pending_refund !== null}
            aria-describedby={tx.pending_refund ? 'refund-pending' : undefined}
            data-testid="refund-open"
          >
            {ot('transaction.refund')}
          </button>
          {tx.pending_refund ? (
            <span id="refund-pending" className={styles.muted} data-testid="refund-pending">
              {ot('refundPending.waiting', {
                id: tx.pending_refund.approval,
                name: tx.pending_refund.requested_by_name ?? `#${tx.pending_refund.requested_by}`,
              })}{' '}
              <Link to={withLang('/ops/approvals')}>{ot('nav.approvals')}</Link>
            </span>
          ) : null}
        </div>
      ) : null}
      <dl className={styles.facts} data-testid="tx-facts">
        <div>
          <dt>{ot('transactions.amount')}</dt>
          <dd data-testid="tx-amount">
            <Money amount={tx.amount} currency={tx.currency} />
          </dd>
        </div>
        <Fact label={ot('transactions.kind')}>{ot(`kinds.${tx.kind}`)}</Fact>
        <Fact label={ot('transactions.sender')}>{party(tx.sender)}</Fact>
        <div>
          <dt>{ot('transactions.recipient')}</dt>
          <dd data-testid="tx-recipient">
            {tx.recipient ? (
              party(tx.recipient)
            ) : (
              <RecipientWithoutAccount
                name={tx.recipient_name}
                reach={tx.recipient_phone_number ?? tx.recipient_email}
              />
            )}
          </dd>
        </div>
        <Fact label={ot('transactions.agency')}>{tx.agency ? tx.agency.name : '—'}</Fact>
        <Fact label={ot('transactions.reference')}>
          <bdi dir="ltr">{tx.reference ?? '—'}</bdi>
        </Fact>
        <Fact label={ot('transactions.date')}>
          <DateTime iso={tx.created_at} />
        </Fact>
        <Fact label={ot('transaction.expires')}>
          <DateTime iso={tx.expires_at} />
        </Fact>
        <Fact label={ot('transaction.finished')}>
          <DateTime iso={tx.finished_at} />
        </Fact>
      </dl>

      {tx.reviews.length > 0 ? (
        <>
          <h2 className={styles.subtitle}>{ot('transaction.reviews')}</h2>
          <ul data-testid="tx-reviews">
            {tx.reviews.map((review) => (
              <li key={review.id}>
                <Link to={withLang(`/ops/reviews?state=${review.state}&subject=transaction:${tx.id}`)}>
                  {ot('transaction.review', { kind: reviewKindLabel(ot, review.kind), id: review.id })}
                </Link>{' '}
                — <StatusBadge status={review.state === 'open' ? 'pending' : review.state} />
                {review.decided_at ? (
                  <span className={styles.muted}>
                    {' '}
                    {review.decided_by_name} · <DateTime iso={review.decided_at} />
                    {review.reason ? ` — ${review.reason}` : null}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h2 className={styles.subtitle}>{ot('transaction.timeline')}</h2>
      {tx.timeline.length === 0 ? (
        <p className={styles.muted}>{ot('common.empty')}</p>
      ) : (
        <ol data-testid="tx-timeline">
          {tx.timeline.map((event, index) => (
            <li key={index}>
              <DateTime iso={event.at} /> — <TimelineEvent event={event.event} />
              {event.by_name ? <span className={styles.muted}> ({event.by_name})</span> : null}
            </li>
          ))}
        </ol>
      )}

      <h2 className={styles.subtitle}>{ot('transaction.ledger')}</h2>
      {tx.entries.length === 0 ? (
        <p className={styles.muted}>{ot('common.empty')}</p>
      ) : (
        tx.entries.map((entry) => (
          <section key={entry.id} aria-label={ot('transaction.entry', { id: entry.id })}>
            <h3 className={styles.cardLabel}>
              {ot('transaction.entry', { id: entry.id })} · {entryKindLabel(entry.kind, ot)} ·{' '}
              <DateTime iso={entry.created_at} />
            </h3>
            <OpsTable
              label={ot('transaction.entry', { id: entry.id })}
              rows={entry.postings}
              rowKey={(_, index) => index}
              testId="tx-postings"
              columns={[
                { header: ot('transaction.account'), cell: (posting) => `#${posting.account}` },
                {
                  header: ot('transaction.accountKind'),
                  cell: (posting) => accountKindLabel(posting.account_kind, ot),
                },
                {
                  header: ot('transaction.owner'),
                  cell: (posting) =>
                    posting.owner !== null ? (
                      <Link to={withLang(`/ops/customers/${posting.owner}`)}>
                        {posting.owner_name ?? ot('customers.noName')}
                      </Link>
                    ) : posting.agency !== null ? (
                      ot('transaction.agencyAccount', { id: posting.agency })
                    ) : (
                      ot('transaction.platform')
                    ),
                },
                {
                  header: ot('transaction.debit'),
                  num: true,
                  cell: (posting) =>
                    posting.amount.startsWith('-') ? (
                      <Money amount={posting.amount.slice(1)} currency={posting.currency} />
                    ) : null,
                },
                {
                  header: ot('transaction.credit'),
                  num: true,
                  cell: (posting) =>
                    posting.amount.startsWith('-') ? null : (
                      <Money amount={posting.amount} currency={posting.currency} />
                    ),
                },
              ]}
            />
          </section>
        ))
      )}

      <AuditSection title={ot('customer.events')} entries={tx.events} />

      {refunding ? (
        <RefundDialog
          testId="refund-dialog"
          tx={tx}
          onClose={() => setRefunding(false)}
          onDone={(result) => {
            setOutcome(result);
            setRefunding(false);
            void client.invalidateQueries({ queryKey: ['ops'] });
          }}
        />
      ) : null}
    </>
  );
}
