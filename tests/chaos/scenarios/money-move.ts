import { formatMinor, type MoneyOp } from '../journal.ts';
import { SECURITY_CODE, type Customer } from '../population.ts';
import { resultOf, type Scenario, type World } from '../world.ts';

/**
 * `POST /api/transactions/`, shared by sends and withdrawals: one Idempotency-Key per intent, reused with the same
 * body for every retry; now and then a deliberate replay (same key, same body) or a conflict probe (same key,
 * other amount). `contacts` maps the contact ids the customer may pick to whom the client means by each.
 */
export async function moveMoney(
  world: World,
  c: Customer,
  kind: MoneyOp['kind'],
  contacts: Map<number, string>,
  balance: bigint,
): Promise<MoneyOp | undefined> {
  const { rng } = c;
  const contact = rng.pick([...contacts.keys()]);
  if (contact === undefined) return undefined;
  // Mostly what the balance allows; sometimes more, to see "Not enough funds" refused and leave nothing behind.
  const overspend = rng.chance(0.08);
  const limit = kind === 'withdraw' ? 60_000n : 30_000n;
  const cap = balance < 100n ? 100n : balance > limit ? limit : balance;
  const amountMinor = overspend
    ? balance + 100n + BigInt(rng.int(10_000))
    : 100n + BigInt(rng.int(Math.max(1, Number(cap) - 100)));
  const op: MoneyOp = {
    kind,
    userId: c.userId,
    key: rng.uuid(),
    amountMinor,
    contact,
    recipient: contacts.get(contact) ?? '',
    result: 'unresolved',
    status: 0,
    unknown: 0,
  };
  world.journal.money.push(op);
  const body = { amount: formatMinor(amountMinor), contact, security_code: SECURITY_CODE };
  const send = (json: unknown) =>
    c.client.request({
      method: 'POST',
      path: '/api/transactions/',
      ip: c.ip,
      token: c.token,
      idempotencyKey: op.key,
      json,
    });
  const res = await send(body);
  op.status = res.status;
  op.unknown = res.unknown;
  op.lastSentAt = res.lastSentAt;
  op.result = resultOf(res.status);
  if (res.status !== 201) {
    op.message = JSON.stringify(res.body).slice(0, 120);
    return op;
  }
  op.txId = Number(res.body.id);
  op.txStatus = String(res.body.status);
  if (typeof res.body.token === 'string') op.token = res.body.token;
  if (typeof res.body.expires_at === 'string') op.expiresAt = Date.parse(res.body.expires_at);

  if (rng.chance(0.1)) {
    // The user's app resends the very same request (a retry after a success it did not notice).
    world.journal.replays += 1;
    const again = await send(body);
    if (again.status !== 201 || Number(again.body.id) !== op.txId) {
      world.anomalies.push({
        check: 'idempotent-replay',
        detail: `key ${op.key}: first ${op.txId}, replay ${again.status} ${JSON.stringify(again.body).slice(0, 200)}`,
      });
    }
  } else if (rng.chance(0.03)) {
    world.journal.conflictProbes += 1;
    const other = await send({ ...body, amount: formatMinor(amountMinor + 100n) });
    if (other.status !== 409) {
      world.anomalies.push({
        check: 'idempotency-conflict',
        detail: `key ${op.key} reused with another amount: ${other.status} ${JSON.stringify(other.body).slice(0, 200)}`,
      });
    }
  }
  return op;
}

/** Something the customer may still cancel (a withdrawal not yet paid out, a transfer not yet claimed). */
export function rememberWaiting(op: MoneyOp | undefined, waiting: number[]): void {
  if (op?.result === 'ok' && op.txId !== undefined && (op.txStatus === 'pending' || op.txStatus === 'unclaimed')) {
    waiting.push(op.txId);
  }
}

/**
 * Sends and withdrawals, every row asked for exactly once. Each client request carried its own key, the key is
 * stored with the response in the same transaction as the row, so keys and rows must be in bijection;
 * acknowledged keys point at the id the client was given, with the client's kind, sender and amount; refused keys
 * left nothing behind; and the only refusal a valid request may get is on its amount (more than the balance).
 */
export const idempotentMoneyScenario: Scenario = {
  name: 'money-exactly-once',
  async check({ q, journal, fail, evidence }) {
    for (const op of journal.money) {
      if (op.result === 'refused' && !(op.status === 400 && /"amount"/.test(op.message ?? ''))) {
        fail('unexpected-refusal', `${op.kind} by ${op.userId}: ${op.status} ${op.message ?? ''}`);
      }
    }
    const rows = await q(`SELECT id, kind, status, sender_user_id, amount FROM transactions
                           WHERE kind IN ('transfer', 'withdrawal')`);
    const keys = await q(`SELECT scope, key, response_body->>'id' AS id, created_at FROM idempotency_keys
                           WHERE scope LIKE 'transactions:user:%'`);
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    const keyOf = new Map(keys.map((k) => [`${String(k.scope)} ${String(k.key)}`, String(k.id)]));
    const storedAt = new Map(
      keys.map((k) => [`${String(k.scope)} ${String(k.key)}`, (k.created_at as Date).getTime()]),
    );
    const keysPerRow = new Map<string, number>();
    for (const k of keys) keysPerRow.set(String(k.id), (keysPerRow.get(String(k.id)) ?? 0) + 1);
    for (const r of rows) {
      const n = keysPerRow.get(String(r.id)) ?? 0;
      if (n !== 1) fail('exactly-once', `transaction ${String(r.id)} (${String(r.kind)}) is the answer of ${n} keys`);
    }
    // Cash pickups (scenarios/pickup.ts) and payouts (payout-send.ts) are sent with keys of the same scope, and so
    // are the scheduler's sends, under the key of their (schedule, date) (scenarios/schedules.ts checks those).
    const ours = new Set(
      [...journal.money, ...journal.pickups, ...journal.payoutSends].map(
        (op) => `transactions:user:${op.userId} ${op.key}`,
      ),
    );
    for (const k of keys) {
      if (!ours.has(`${String(k.scope)} ${String(k.key)}`) && !/^schedule:\d+:\d{4}-\d{2}-\d{2}$/.test(String(k.key)))
        fail('unknown-key', `stored key ${String(k.key)} was never sent`);
    }
    for (const op of journal.money) {
      const scoped = `transactions:user:${op.userId} ${op.key}`;
      const stored = keyOf.get(scoped);
      if (op.result === 'ok') {
        const row = byId.get(String(op.txId));
        if (!row) {
          fail('acknowledged-missing', `${op.kind} ${op.txId} acknowledged to user ${op.userId} does not exist`);
          continue;
        }
        if (stored !== String(op.txId))
          fail('acknowledged-key', `${op.kind} ${op.txId}: its key answers ${stored ?? 'nothing'}`);
        const at = storedAt.get(scoped);
        if (op.unknown > 0 && at !== undefined && op.lastSentAt !== undefined && at < op.lastSentAt) {
          evidence.answeredByReplay += 1;
        }
        const kind = op.kind === 'withdraw' ? 'withdrawal' : 'transfer';
        if (
          row.kind !== kind ||
          String(row.sender_user_id) !== op.userId ||
          BigInt(String(row.amount)) !== op.amountMinor
        ) {
          fail(
            'acknowledged-content',
            `${op.kind} ${op.txId}: row ${JSON.stringify(row)} for ${op.amountMinor} by ${op.userId}`,
          );
        }
      } else if (op.result === 'refused' && stored !== undefined) {
        fail('refused-exists', `${op.kind} refused with ${op.status} (${op.message ?? ''}) exists as ${stored}`);
      }
    }
  },
};
