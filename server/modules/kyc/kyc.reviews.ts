import { opsMessages } from '../../../common/api/messages.ts';
import { conflict } from '../../http/http-error.ts';
import { notify } from '../notifications/notify.ts';
import { registerReviewKind } from '../reviews/reviews.service.ts';
import { applyIdentityChange } from './identity-change.ts';
import { decideSubmission, lockSubmissionByReview } from './kyc.repository.ts';
import { KYC_REVIEW_KIND } from './kyc.service.ts';

/**
 * An operator's decision on identity documents, in the decision's transaction: approve raises the
 * customer to level 2 (the limits read the level, so they rise at once) and writes the identity change the
 * document asked for, screened against the sanctions lists (ADR 018); reject keeps the level and the identity and
 * stores the operator's reason, which the customer reads on GET /api/kyc/ before sending new documents.
 */
registerReviewKind(KYC_REVIEW_KIND, {
  async decide({ tx, deps, review, decision, reason, now }) {
    const submission = await lockSubmissionByReview(tx, review.id);
    if (!submission || submission.state !== 'pending') throw conflict(opsMessages.kycNotPending);
    await decideSubmission(tx, submission.id, {
      state: decision,
      reason: decision === 'rejected' ? reason : null,
      at: now,
    });
    if (decision === 'approved') {
      await tx.updateTable('users').set({ kyc_level: 2 }).where('id', '=', submission.user_id).execute();
      if (submission.identity !== null) await applyIdentityChange(tx, deps, submission.user_id, submission.identity);
    }
    // In the decision's transaction: the customer hears of it exactly when it is decided (e-mail or SMS after commit).
    await notify(tx, {
      userId: submission.user_id,
      kind: decision === 'approved' ? 'kyc_approved' : 'kyc_rejected',
      transactionId: null,
      params: {},
    });
    return { level: decision === 'approved' ? 2 : 1, submission_id: Number(submission.id) };
  },
});
