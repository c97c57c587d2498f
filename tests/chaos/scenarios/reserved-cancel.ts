import { beingPaidOutMessage, withdrawalMessages } from '../../../common/api/withdrawals.ts';
import { sleep } from '../cluster.ts';
import type { ReservationOp } from '../journal.ts';
import { SECURITY_CODE, type Customer, type Teller } from '../population.ts';
import { resultOf, type Scenario, type World } from '../world.ts';
import { browse } from './browse.ts';
import { moveMoney } from './money-move.ts';

/**
 * A reservation under load: a teller reserves a withdrawal at the counter (the cash is being counted) and the
 * customer cancels it from the phone at that very moment. While the reservation holds, the cancel is a 409 and the
 * money stays held; then the teller pays it out, releases it, or lets the reservation lapse (the cancel then goes
 * through, and a late validation is refused). Whatever the order, a withdrawal is never both paid and refunded.
 * PAYOUT_RESERVATION_SECONDS is short in the run (run.ts), so lapses happen within it.
 */

/** The run's tellers by agency, for the customer's step (this scenario's actors() records them). */
const tellersOf = new WeakMap<World, Map<string, Teller[]>>();

type Answered = NonNullable<ReservationOp['firstCancel']>;

async function cancel(world: World, c: Customer, op: ReservationOp): Promise<Answered> {
  const res = await c.client.request({
    method: 'POST',
    path: `/api/transactions/${op.txId}/cancel/`,
    ip: c.ip,
    token: c.token,
    idempotencyKey: c.rng.uuid(),
  });
  const answer: Answered = {
    status: res.status,
    unknown: res.unknown,
    answeredAt: Date.now(),
    ...(res.status >= 300 && { message: JSON.stringify(res.body).slice(0, 160) }),
  };
  // The cancel scenario's record (and the wallet books) know every cancel but a refusal for a reservation, which
  // is this scenario's own case: a 409 there would read as an unexpected refusal.
  if (res.status !== 409) {
    world.journal.cancels.push({
      userId: c.userId,
      txId: op.txId,
      result: resultOf(res.status),
      status: res.status,
      unknown: res.unknown,
      ...(typeof res.body.status === 'string' && { answerStatus: res.body.status }),
      ...(answer.message !== undefined && { message: answer.message }),
    });
  }
  return answer;
}

async function validate(world: World, t: Teller, token: string, op: ReservationOp): Promise<void> {
  const key = t.rng.uuid();
  const res = await t.client.request({
    method: 'POST',
    path: `/api/withdrawals/${token}/validate/`,
    ip: t.ip,
    token: t.token,
    idempotencyKey: key,
    json: { id: op.txId, security_code: SECURITY_CODE },
  });
  op.validate = res.status;
  // The payout scenario's checks (paid once, by the teller told so, one stored key) cover these payouts too.
  world.journal.payouts.push({
    tellerId: t.userId,
    key,
    txId: op.txId,
    result: resultOf(res.status),
    status: res.status,
    unknown: res.unknown,
    repeat: false,
    lastSentAt: res.lastSentAt,
  });
}

async function counterPost(t: Teller, token: string, action: 'reserve' | 'release', txId: number) {
  return t.client.request({
    method: 'POST',
    path: `/api/withdrawals/${token}/${action}/`,
    ip: t.ip,
    token: t.token,
    json: { id: txId },
  });
}

export const reservedCancelScenario: Scenario = {
  name: 'reserved-cancel',
  step: {
    weight: 0.06,
    async run(world, c, state) {
      const desks = tellersOf.get(world);
      const agencies = new Map([...c.agencies].filter(([, agency]) => (desks?.get(agency)?.length ?? 0) > 0));
      const made = await moveMoney(world, c, 'withdraw', agencies, state.balance);
      if (made?.result !== 'ok' || made.token === undefined || made.txId === undefined) return browse(c);
      const teller = c.rng.pick(desks?.get(made.recipient) ?? []);
      if (!teller) return;
      const plan = c.rng.pick(['validate', 'validate', 'validate', 'release', 'lapse', 'lapse'] as const) ?? 'lapse';
      const op: ReservationOp = {
        txId: made.txId,
        userId: c.userId,
        tellerId: teller.userId,
        plan,
        reserve: 0,
        ...(made.expiresAt !== undefined && { expiresAt: made.expiresAt }),
      };
      world.journal.reservations.push(op);
      const reserved = await counterPost(teller, made.token, 'reserve', made.txId);
      op.reserve = reserved.status;
      op.reserveAnsweredAt = Date.now();
      if (reserved.status >= 300) op.reserveMessage = JSON.stringify(reserved.body).slice(0, 160);
      if (reserved.status !== 200 || typeof reserved.body.reserved_until !== 'string') return;
      op.reservedUntil = new Date(reserved.body.reserved_until).getTime();
      const token = made.token;

      if (plan === 'validate') {
        // The cash is on the counter: the phone's cancel and the teller's code race.
        const [first] = await Promise.all([cancel(world, c, op), validate(world, teller, token, op)]);
        op.firstCancel = first;
        return;
      }
      op.firstCancel = await cancel(world, c, op);
      if (plan === 'release') {
        op.release = (await counterPost(teller, token, 'release', op.txId)).status;
      } else {
        await sleep(Math.max(0, op.reservedUntil - Date.now()) + 300);
      }
      // The customer tries again: the reservation is over, so the money may come back; a late code must not pay.
      op.secondCancel = await cancel(world, c, op);
      await validate(world, teller, token, op);
    },
  },

  actors(world, cast) {
    const byAgency = new Map<string, Teller[]>();
    for (const t of cast.tellers) byAgency.set(t.agencyId, [...(byAgency.get(t.agencyId) ?? []), t]);
    tellersOf.set(world, byAgency);
    return [];
  },

  /**
   * The database: each withdrawal has at most one settlement (to an agency's cash) and one release (back to the
   * wallet), never both. The clients: no withdrawal was both acknowledged as paid and as cancelled, and no cancel
   * went through while its reservation was held.
   */
  async check({ q, journal, fail }) {
    const ends = await q(`
      SELECT reference_type, reference_id,
             count(*) FILTER (WHERE kind = 'withdrawal_settle') AS paid,
             count(*) FILTER (WHERE kind = 'withdrawal_release') AS refunded
        FROM ledger_entries WHERE kind IN ('withdrawal_settle', 'withdrawal_release') GROUP BY reference_type, reference_id`);
    for (const r of ends) {
      const paid = Number(r.paid);
      const refunded = Number(r.refunded);
      if (paid + refunded > 1)
        fail(
          'paid-and-refunded',
          `${String(r.reference_type)} ${String(r.reference_id)}: ${paid} payouts, ${refunded} releases`,
        );
    }
    const paidByClient = new Set(journal.payouts.filter((p) => p.result === 'ok').map((p) => p.txId));
    const cancelledByClient = new Set(journal.cancels.filter((c) => c.result === 'ok').map((c) => c.txId));
    for (const op of journal.reservations) {
      if (paidByClient.has(op.txId) && cancelledByClient.has(op.txId))
        fail('paid-and-refunded', `withdrawal ${op.txId}: the teller and the customer were both told it was theirs`);
      // The run's withdrawals live WITHDRAWAL_TTL_SECONDS (run.ts); a creation and a reserve that both waited out
      // killed backends can outlast that, and then 'expired' is the right answer (a second's margin for the clocks).
      const lapsed =
        op.reserve === 400 &&
        op.expiresAt !== undefined &&
        (op.reserveAnsweredAt ?? 0) >= op.expiresAt - 1000 &&
        (op.reserveMessage ?? '').includes(withdrawalMessages.expired);
      if (op.reserve !== 200 && op.reserve !== 0 && !lapsed)
        fail(
          'reserve-refused',
          `withdrawal ${op.txId} just made: reserve answered ${op.reserve} ${op.reserveMessage ?? ''}` +
            (op.expiresAt === undefined ? '' : ` (${(op.expiresAt - (op.reserveAnsweredAt ?? 0)) / 1000} s before expiry)`),
        );
      const first = op.firstCancel;
      if (!first || op.reservedUntil === undefined) continue;
      // A second's margin for the client's own clock against the server's.
      if (first.status >= 200 && first.status < 300 && first.answeredAt < op.reservedUntil - 1000)
        fail('cancel-while-reserved', `withdrawal ${op.txId} (${op.plan}): cancelled while a teller held it`);
      if (first.status === 409 && !(first.message ?? '').includes(beingPaidOutMessage))
        fail('cancel-while-reserved', `withdrawal ${op.txId}: 409 without the payout message: ${first.message ?? ''}`);
      if (first.status >= 400 && first.status !== 409 && !(op.plan === 'validate' && first.status === 400))
        fail(
          'unexpected-refusal',
          `cancel of reserved ${op.txId} (${op.plan}): ${first.status} ${first.message ?? ''}`,
        );
      if (op.plan === 'release' && op.release !== 200 && op.release !== 0)
        fail('unexpected-refusal', `release of ${op.txId} by its teller: ${String(op.release)}`);
    }
  },
  acknowledged: (journal) => journal.reservations.filter((r) => r.reserve === 200).length,
};
