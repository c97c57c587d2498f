import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Review } from '../../../common/api/ops-reviews';
import { Pagination } from '../../ui/Pagination';
import styles from './Ops.module.css';
import { opsAction, opsGet } from './ops-api';
import type { Page, Query } from './ops-api';
import { ActionDialog } from './OpsDialog';
import { ListState, TableWrap, useOpsList } from './OpsList';
import { DateTime, PageTitle, StatusBadge, useOps } from './OpsParts';
import { useStaff } from './staff';
import { KycDocuments } from './KycDocuments';
import { MonitoringAlert } from './MonitoringAlert';
import { SanctionsHit } from './SanctionsHit';
import { isSanctionsHitPayload } from '../../../common/api/sanctions-review';
import { isMonitoringPayload, MONITORING_REVIEW_KIND } from '../../../common/api/monitoring';

const PAGE_SIZE = 25;
const STATES = ['open', 'approved', 'rejected'] as const;
const fetchReviews = (query: Query, signal?: AbortSignal) =>
  opsGet<Page<Review>>('reviews/', { ...query, state: query.state || 'open' }, signal);

/**
 * The queue of items waiting for a human decision (issue 15): whatever kind another module opened (sanctions hit,
 * document, monitoring alert), shown with its payload; an operator approves or rejects each one once, with a reason
 * and their security code. Whoever opened an item by hand cannot decide it, and the screen says so.
 */
export function ReviewsPage() {
  const { ot } = useOps();
  const { me, canWrite } = useStaff();
  const client = useQueryClient();
  const { values, page, update, draft, set, apply, list, rows } = useOpsList(
    'reviews',
    ['state', 'kind', 'subject'] as const,
    PAGE_SIZE,
    fetchReviews,
  );
  const state = values.state || 'open';
  const [deciding, setDeciding] = useState<{ review: Review; decision: 'approve' | 'reject' } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <PageTitle>{ot('nav.reviews')}</PageTitle>
      <form className={styles.filters} onSubmit={apply}>
        <label className={styles.field}>
          {ot('approvals.state')}
          <select
            className={styles.input}
            value={state}
            onChange={(e) => update({ state: e.target.value, kind: values.kind, subject: values.subject })}
            data-testid="reviews-state"
          >
            {STATES.map((s) => (
              <option key={s} value={s}>
                {ot(`reviews.states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {ot('transactions.kind')}
          <input
            className={styles.input}
            value={draft.kind}
            onChange={set('kind')}
            placeholder="sanctions_hit"
            dir="ltr"
          />
        </label>
        <label className={styles.field}>
          {ot('approvals.subject')}
          <input
            className={styles.input}
            value={draft.subject}
            onChange={set('subject')}
            placeholder="user:42"
            dir="ltr"
          />
        </label>
        <button type="submit" className={styles.primary}>
          {ot('common.apply')}
        </button>
      </form>
      {done ? (
        <p className={styles.success} role="status" data-testid="review-done">
          {done}
        </p>
      ) : null}
      <ListState list={list} emptyText={ot('reviews.empty')} />
      {rows.length > 0 ? (
        <TableWrap label={ot('nav.reviews')}>
          <table className={styles.table} data-testid="reviews-table">
            <thead>
              <tr>
                <th scope="col">{ot('approvals.id')}</th>
                <th scope="col">{ot('transactions.kind')}</th>
                <th scope="col">{ot('approvals.subject')}</th>
                <th scope="col">{ot('reviews.details')}</th>
                <th scope="col">{ot('reviews.opened')}</th>
                <th scope="col">{ot('approvals.state')}</th>
                <th scope="col">{ot('approvals.decision')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((review) => (
                <tr key={review.id} data-testid={`review-${review.id}`}>
                  <td>#{review.id}</td>
                  <td>
                    <code dir="ltr">{review.kind}</code>
                  </td>
                  <td>
                    <bdi dir="ltr">{review.subject}</bdi>
                  </td>
                  <td>
                    {review.kind === 'kyc_document' ? (
                      <KycDocuments payload={review.payload} />
                    ) : review.kind === MONITORING_REVIEW_KIND && isMonitoringPayload(review.payload) ? (
                      <MonitoringAlert payload={review.payload} />
                    ) : review.kind === 'sanctions_hit' && isSanctionsHitPayload(review.payload) ? (
                      <SanctionsHit payload={review.payload} />
                    ) : (
                      <pre className={styles.json} dir="ltr">
                        {JSON.stringify(review.payload, null, 1)}
                      </pre>
                    )}
                  </td>
                  <td>
                    <DateTime iso={review.created_at} />
                  </td>
                  <td>
                    <StatusBadge status={review.state === 'open' ? 'pending' : review.state} />
                  </td>
                  <td>
                    {review.state !== 'open' ? (
                      <>
                        {review.decided_by_name ?? (review.decided_by === null ? '' : `#${review.decided_by}`)}{' '}
                        <DateTime iso={review.decided_at} />
                        {review.reason ? ` — ${review.reason}` : null}
                      </>
                    ) : !canWrite ? (
                      <span className={styles.muted}>{ot('approvals.readOnly')}</span>
                    ) : review.opened_by === me.id ? (
                      <span className={styles.muted}>{ot('errors.reviewOwnItem')}</span>
                    ) : (
                      <span className={styles.actions}>
                        {(['approve', 'reject'] as const).map((decision) => (
                          <button
                            key={decision}
                            type="button"
                            className={decision === 'approve' ? styles.primary : styles.button}
                            onClick={() => {
                              setDone(null);
                              setDeciding({ review, decision });
                            }}
                            data-testid={`review-${decision}`}
                          >
                            {ot(decision === 'approve' ? 'approvals.approve' : 'approvals.reject')}
                          </button>
                        ))}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      <Pagination
        page={page}
        count={list.data?.count ?? 0}
        pageSize={PAGE_SIZE}
        onPage={(p) => update({ page: String(p) })}
      />
      {deciding ? (
        <ActionDialog
          testId="review-dialog"
          title={ot(deciding.decision === 'approve' ? 'reviews.approveTitle' : 'reviews.rejectTitle', {
            id: deciding.review.id,
          })}
          description={
            <p>
              <code dir="ltr">{deciding.review.kind}</code> · <bdi dir="ltr">{deciding.review.subject}</bdi>
            </p>
          }
          confirmLabel={ot(deciding.decision === 'approve' ? 'approvals.approve' : 'approvals.reject')}
          onClose={() => setDeciding(null)}
          action={(input) => opsAction(`reviews/${deciding.review.id}/${deciding.decision}/`, input)}
          onDone={() => {
            setDone(ot(deciding.decision === 'approve' ? 'reviews.approved' : 'reviews.rejected'));
            setDeciding(null);
            void client.invalidateQueries({ queryKey: ['ops'] });
          }}
        />
      ) : null}
    </>
  );
}
