import { answerHeldMoney } from '../reviews/held-money.ts';
import { refuseReleaseWhileFrozen } from './exit-guards.ts';
import { refundHeldMoney, releaseHeldTransfer } from './held-money.ts';
import { releaseHeldPayout } from './held-payouts.ts';
import { releaseHeldPickup } from './methods/cash-pickup/pickup-screening.ts';
import { textRecipient } from './methods/cash-pickup/pickup-sms.ts';
import { killReference } from './methods/cash-pickup/pickups.repository.ts';
import { lockTransaction } from './transactions.repository.ts';

/**
 * The lifecycle's answers to a review that decides held money (a sanctions hit, a blocking monitoring rule): the
 * policies ask through reviews/held-money.ts and never import the lifecycle. Registered when the lifecycle loads
 * (its routes and its entry import this file).
 */
answerHeldMoney({
  async lock(tx, id) {
    const row = await lockTransaction(tx, id);
    if (!row || row.status !== 'on_hold') return null;
    if (row.kind !== 'transfer' && row.kind !== 'pickup' && row.kind !== 'payout') return null;
    return { id: row.id, kind: row.kind, amount: row.amount, sender_user_id: row.sender_user_id };
  },
  async release(tx, deps, held, releaseKind, afterCommit) {
    await refuseReleaseWhileFrozen(tx, held.id);
    if (held.kind === 'pickup') {
      // Available again with a fresh expiry; the recipient's SMS (none was sent at the hold) once committed.
      const sms = await releaseHeldPickup(tx, deps, held.id, releaseKind);
      if (sms !== null) afterCommit(() => textRecipient(deps, sms, false));
      return 'available';
    }
    // A bank deposit or mobile wallet payout goes on by its method, to where the sender asked.
    if (held.kind === 'payout') return releaseHeldPayout(tx, deps, held, releaseKind, afterCommit);
    const recipient = await releaseHeldTransfer(
      tx,
      deps,
      { id: held.id, amount: held.amount, contact_id: held.contactId },
      releaseKind,
    );
    return recipient === null ? 'unclaimed' : 'completed';
  },
  async refund(tx, held, refundKind) {
    await refundHeldMoney(tx, held, refundKind);
    if (held.kind === 'pickup') await killReference(tx, held.id);
  },
  async keep(tx, held) {
    if (held.kind === 'pickup') await killReference(tx, held.id);
  },
});
