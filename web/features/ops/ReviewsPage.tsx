import { Link } from 'react-router';
import type { Review } from '../../../common/api/ops-reviews';
import { reviewKindLabel } from './AuditTable';
import styles from './Ops.module.css';
import { opsAction, opsGet } from './ops-api';
import type { Page, Query } from './ops-api';
import { ActionDialog, DecisionCell, DoneNote, useOpsDialog } from './OpsDialog';
import { FilterForm, ListView, useOpsList } from './OpsList';
import { DateTime, PageTitle, StatusBadge, useOps } from './OpsParts';
import { useStaff } from './staff';
import { KycDocuments } from './KycDocuments';
import { RecoveryReview } from './RecoveryReview';
import { MonitoringAlert } from './MonitoringAlert';
import { SanctionsHit } from './SanctionsHit';
import { isSanctionsHitPayload } from '../../../common/api/sanctions-review';
import { isMonitoringPayload, MONITORING_REVIEW_KIND } from '../../../common/api/monitoring';

const PAGE_SIZE = 25;
const STATES = ['open', 'approved', 'rejected'] as const;
const fetchReviews = (query: Query, signal?: AbortSignal) => opsGet<Page<Review>>('reviews/', query, signal);

/**
 * The queue of items waiting for a human decision: whatever kind another module opened (sanctions hit,
 * document, monitoring alert), shown with its payload; an operator approves or rejects each one once, with a reason
 * and their security code. Whoever opened an item by hand cannot decide it, and the screen says so.
 */
export function ReviewsPage() {
  const { ot } = useOps();
  const { me } = useStaff();
  const state = useOpsList('reviews', ['state', 'kind', 'subject', 'search'] as const, PAGE_SIZE, fetchReviews, {
    state: 'open',
  });
  const { open, done, start, close, finish } = useOpsDialog<{ review: Review; decision: 'approve' | 'reject' }>();
  return (
    <>
      <PageTitle>{ot('nav.reviews')}</PageTitle>
      <FilterForm
        state={state}
        resettable={false}
        filters={[
          {
            key: 'state',
            label: ot('approvals.state'),
            type: 'select',
            instant: true,
            options: STATES.map((s) => ({ value: s, label: ot(`reviews.states.${s}`) })),
            testId: 'reviews-state',
          },
          {
            key: 'search',
            label: ot('transactions.search'),
            type: 'search',
            placeholder: ot('reviews.searchHint'),
            testId: 'reviews-search',
          },
          {
            key: 'kind',
            label: ot('transactions.kind'),
            type: 'select',
            options: ['sanctions_hit', 'kyc_document', 'monitoring', 'account_recovery'].map((kind) => ({
              value: kind,
              label: reviewKindLabel(ot, kind),
            })),
          },
        ]}
      />
      <DoneNote done={done} testId="review-done" />
      <ListView
        state={state}
        section="reviews"
        rowTestId={(review) => `review-${review.id}`}
        columns={[
          { header: ot('approvals.id'), cell: (review) => `#${review.id}` },
          { header: ot('transactions.kind'), cell: (review) => reviewKindLabel(ot, review.kind) },
          { header: ot('approvals.subject'), cell: (review) => <Subject review={review} /> },
          { header: ot('reviews.details'), cell: (review) => <ReviewDetails review={review} /> },
          { header: ot('reviews.opened'), cell: (review) => <DateTime iso={review.created_at} /> },
          {
            header: ot('approvals.state'),
            cell: (review) => <StatusBadge status={review.state === 'open' ? 'pending' : review.state} />,
          },
          {
            header: ot('approvals.decision'),
            cell: (review) => (
              <DecisionCell
                decided={
                  review.state === 'open' ? null : (
                    <>
                      {review.decided_by_name ?? (review.decided_by === null ? '' : `#${review.decided_by}`)}{' '}
                      <DateTime iso={review.decided_at} />
                      {review.reason ? ` — ${review.reason}` : null}
                    </>
                  )
                }
                refusal={review.opened_by === me.id ? ot('errors.reviewOwnItem') : null}
                onDecide={(decision) => start({ review, decision })}
                testIdPrefix="review"
              />
            ),
          },
        ]}
      />
      {open ? (
        <ActionDialog
          testId="review-dialog"
          title={ot(open.decision === 'approve' ? 'reviews.approveTitle' : 'reviews.rejectTitle', {
            id: open.review.id,
          })}
          description={
            <p>
              {reviewKindLabel(ot, open.review.kind)} · <Subject review={open.review} />
            </p>
          }
          confirmLabel={ot(open.decision === 'approve' ? 'approvals.approve' : 'approvals.reject')}
          onClose={close}
          action={(input) => opsAction(`reviews/${open.review.id}/${open.decision}/`, input)}
          onDone={() => finish(ot(open.decision === 'approve' ? 'reviews.approved' : 'reviews.rejected'))}
        />
      ) : null}
    </>
  );
}

/** Who or what the item is about, by name, linked to its page where the back-office has one. */
function Subject({ review }: { review: Review }) {
  const { ot, withLang } = useOps();
  const [type, id] = review.subject.split(':');
  if (type === 'user' && id)
    return <Link to={withLang(`/ops/customers/${id}`)}>{review.subject_name ?? ot('customers.noName')}</Link>;
  if (type === 'transaction' && id)
    return <Link to={withLang(`/ops/transactions/${id}`)}>{ot('transaction.title', { id })}</Link>;
  if (type === 'contact') return <>{ot('reviews.recipient', { name: review.subject_name ?? '—' })}</>;
  return <bdi dir="ltr">{review.subject}</bdi>;
}

/** What a review is about, by its kind: the documents, the monitoring alert, the sanctions hit, else its data. */
function ReviewDetails({ review }: { review: Review }) {
  if (review.kind === 'kyc_document') return <KycDocuments payload={review.payload} />;
  if (review.kind === 'account_recovery') return <RecoveryReview payload={review.payload} />;
  if (review.kind === MONITORING_REVIEW_KIND && isMonitoringPayload(review.payload))
    return <MonitoringAlert payload={review.payload} />;
  if (review.kind === 'sanctions_hit' && isSanctionsHitPayload(review.payload))
    return <SanctionsHit payload={review.payload} names={review.payload_names} />;
  return (
    <pre className={styles.json} dir="ltr">
      {JSON.stringify(review.payload, null, 1)}
    </pre>
  );
}
