import { recoveryMessages } from '../../../common/api/messages.ts';
import { conflict } from '../../http/http-error.ts';
import { decideSubmissionOfReview } from '../kyc/kyc.service.ts';
import { registerReviewKind } from '../reviews/reviews.service.ts';
import { lockRecoveryByReview } from './recovery.repository.ts';
import { applyRecovery, RECOVERY_REVIEW_KIND, refuseRecovery } from './recovery.service.ts';

/**
 * An operator's decision on an account recovery's identity check, in the decision's transaction (the reviews
 * queue writes the decision's audit line): approved, the change is made (applyRecovery); refused, nothing changes
 * and the requester is told. The documents' submission is closed either way, so the customer may send others.
 */
registerReviewKind(RECOVERY_REVIEW_KIND, {
  async decide({ tx, deps, review, decision, reason, now, afterCommit }) {
    const row = await lockRecoveryByReview(tx, review.id);
    if (!row || row.state !== 'review') throw conflict(recoveryMessages.notWaiting);
    await decideSubmissionOfReview(tx, review.id, {
      state: decision,
      reason: decision === 'rejected' ? reason : null,
      at: now,
    });
    if (decision === 'approved') {
      const notices = await applyRecovery(tx, deps, row, now);
      for (const notice of notices) afterCommit(notice);
      return { recovery: row.id, state: 'approved' };
    }
    afterCommit(await refuseRecovery(tx, deps, row, reason, now));
    return { recovery: row.id, state: 'refused' };
  },
});
