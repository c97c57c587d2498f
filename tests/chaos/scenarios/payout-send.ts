import { formatMinor, type PayoutSendOp } from '../journal.ts';
import { SECURITY_CODE, type Customer } from '../population.ts';
import { resultOf, type World } from '../world.ts';

/**
 * A send through a payout partner (`POST /api/transactions/` with `delivery`): one Idempotency-Key per intent,
 * reused with the same body for every retry, as every money-moving request of the run.
 */
export async function sendPayout(
  world: World,
  c: Customer,
  method: PayoutSendOp['method'],
  contact: number,
  destination: string,
  balance: bigint,
): Promise<PayoutSendOp> {
  const { rng } = c;
  // Mostly what the balance allows; sometimes more, to see "Not enough funds" refused and leave nothing behind.
  const cap = balance < 100n ? 100n : balance > 20_000n ? 20_000n : balance;
  const amountMinor = rng.chance(0.05)
    ? balance + 100n + BigInt(rng.int(10_000))
    : 100n + BigInt(rng.int(Math.max(1, Number(cap) - 100)));
  const op: PayoutSendOp = {
    method,
    userId: c.userId,
    key: rng.uuid(),
    amountMinor,
    contact,
    destination,
    result: 'unresolved',
    status: 0,
    unknown: 0,
  };
  world.journal.payoutSends.push(op);
  const res = await c.client.request({
    method: 'POST',
    path: '/api/transactions/',
    ip: c.ip,
    token: c.token,
    idempotencyKey: op.key,
    json: { amount: formatMinor(amountMinor), contact, security_code: SECURITY_CODE, delivery: method },
  });
  op.status = res.status;
  op.unknown = res.unknown;
  op.result = resultOf(res.status);
  if (res.status === 201) op.txId = Number(res.body.id);
  else op.message = JSON.stringify(res.body).slice(0, 160);
  return op;
}

/** A contact of the customer's own, made the first time a step needs it and remembered with what it was made of. */
export interface MadeContact {
  id: number;
  body: Record<string, string>;
}

export function contactOnce(
  known: Map<string, Promise<MadeContact | undefined>>,
  c: Customer,
  slot: string,
  make: () => Record<string, string>,
): Promise<MadeContact | undefined> {
  const key = `${c.userId} ${slot}`;
  let made = known.get(key);
  if (!made) {
    const body = make();
    made = c.client
      .request({ method: 'POST', path: '/api/contacts/', ip: c.ip, token: c.token, json: body })
      .then((res) => (res.status === 201 ? { id: Number(res.body.id), body } : undefined));
    known.set(key, made);
    // A creation whose answer was lost (its retry is "already exists") is made again, as another contact, next time.
    void made.then((v) => v === undefined && known.delete(key));
  }
  return made;
}
