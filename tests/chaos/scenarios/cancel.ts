import type { CancelOp } from '../journal.ts';
import { resultOf, type Fail, type Scenario } from '../world.ts';
import { browse } from './browse.ts';

/**
 * The customer cancels something still waiting (a withdrawal not paid out, a transfer not claimed), with more
 * client timeouts than elsewhere: a cancellation retried after an unseen success is the case to prove.
 */
export const cancelScenario: Scenario = {
  name: 'cancel',
  step: {
    weight: 0.1,
    async run(world, c, state) {
      const txId = state.waiting.splice(c.rng.int(state.waiting.length), 1)[0];
      if (txId === undefined) return browse(c);
      const res = await c.client.request({
        method: 'POST',
        path: `/api/transactions/${txId}/cancel/`,
        ip: c.ip,
        token: c.token,
        idempotencyKey: c.rng.uuid(),
        timeoutChance: 0.3,
      });
      world.journal.cancels.push({
        userId: c.userId,
        txId,
        result: resultOf(res.status),
        status: res.status,
        unknown: res.unknown,
        ...(typeof res.body.status === 'string' && { answerStatus: res.body.status }),
        ...(res.status >= 300 && { message: JSON.stringify(res.body).slice(0, 120) }),
      });
    },
  },

  async check({ q, journal, fail }) {
    const rows = new Map((await q(`SELECT id, status FROM transactions`)).map((r) => [Number(r.id), String(r.status)]));
    judgeCancels(journal.cancels, rows, fail);
  },
  acknowledged: (journal) => journal.cancels.filter((c) => c.result === 'ok').length,
};

/**
 * Each cancel the clients saw against the transaction's final status. Acknowledged -> cancelled, or expired if its
 * time had come. Refused -> it did not happen: a retry after an unseen success must be answered with that success
 * (Idempotency-Key), not with "can no longer be cancelled".
 *
 * Unless another cancel of the same transaction did it: a customer who tries again with a new request (the
 * reserved-cancel scenario cancels once while a teller holds the withdrawal and once after; on a loaded machine the
 * reservation has often lapsed before the first arrives, and that first one goes through) is rightly told the
 * second time that it can no longer be cancelled. A refusal is explained by another cancel of it that was
 * acknowledged, or left without an answer (it may have gone through).
 */
export function judgeCancels(cancels: readonly CancelOp[], statuses: ReadonlyMap<number, string>, fail: Fail): void {
  const mayHaveCancelled = new Map<number, number>();
  for (const c of cancels) {
    if (c.result !== 'refused') mayHaveCancelled.set(c.txId, (mayHaveCancelled.get(c.txId) ?? 0) + 1);
  }
  for (const c of cancels) {
    if (c.result === 'refused' && !(c.status === 400 && /no longer be cancelled/.test(c.message ?? ''))) {
      fail('unexpected-refusal', `cancel of ${c.txId} by ${c.userId}: ${c.status} ${c.message ?? ''}`);
    }
    const status = statuses.get(c.txId);
    if (c.result === 'ok' && status !== 'cancelled' && status !== 'expired') {
      fail(
        'cancel-acknowledged',
        `transaction ${c.txId} cancelled (answer ${c.answerStatus ?? '?'}) is ${status ?? 'missing'}`,
      );
    }
    if (c.result === 'refused' && status === 'cancelled' && (mayHaveCancelled.get(c.txId) ?? 0) === 0) {
      fail(
        'cancel-refused-exists',
        `transaction ${c.txId}: cancel refused with ${c.status} ${c.message ?? ''}, yet cancelled`,
      );
    }
  }
}
