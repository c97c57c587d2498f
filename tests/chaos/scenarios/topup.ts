import { formatRange, madFor, ratesDuring } from '../books.ts';
import { sleep } from '../cluster.ts';
import { toMinor, type Journal, type TopupOp } from '../journal.ts';
import type { Customer } from '../population.ts';
import type { Rng } from '../rng.ts';
import { big, resultOf, type Scenario, type World } from '../world.ts';
import { parseLimitRefusal } from '../../../common/api/limits.ts';

/**
 * Add money: draft, validation (Idempotency-Key; it locks the rate), the sandbox card page, then the session until
 * it is paid. The client prices each top-up itself, from the euros it typed and the rates it set or read.
 */

const GOOD_CARD = { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const DECLINED_CARD = { card_number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' };

/**
 * The run's own rates (set with `rates:set` before the workload): four decimals, so the client's rounding is
 * exercised, and different on every seed, so a top-up priced at any other rate (official, subscription, the demo
 * seed's) lands off the client's figure.
 */
export function chooseRates(rng: Rng): { official: string; freemium: string; subscription: string; fee: string } {
  const freemium = 10_2000 + rng.int(4000);
  const subscription = freemium + 1 + rng.int(500);
  const official = subscription + 1 + rng.int(500);
  const text = (n: number) => `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, '0')}`;
  return { official: text(official), freemium: text(freemium), subscription: text(subscription), fee: '0.016' };
}

/** The MAD a top-up may have credited, by the client's arithmetic: one figure per rate that may have priced it. */
function clientPrices(journal: Journal, t: TopupOp): bigint[] {
  if (t.pricedFrom === undefined) return [];
  const rates = ratesDuring(journal.rates, t.pricedFrom, t.pricedUntil ?? Number.MAX_SAFE_INTEGER);
  return rates.map((rate) => madFor(t.eurMinor, rate));
}

const min = (xs: bigint[]) => xs.reduce((a, b) => (b < a ? b : a));
const max = (xs: bigint[]) => xs.reduce((a, b) => (b > a ? b : a));

/** The dirhams of a quote the app showed (`to_amount`), or undefined when the answer had none. */
function quotedMad(quote: unknown): bigint | undefined {
  const text = (quote as { to_amount?: unknown } | undefined)?.to_amount;
  return typeof text === 'string' ? toMinor(text) : undefined;
}

/** A 400 whose amount field carries the limit message (common/api/limits.ts): the limit, not a fault. */
export function isLimitRefusal(status: number, body: unknown): boolean {
  if (status !== 400 || typeof body !== 'object' || body === null) return false;
  const fields = body as Record<string, unknown>;
  return ['from_amount', 'amount'].some((field) => {
    const messages = fields[field];
    return Array.isArray(messages) && parseLimitRefusal(String(messages[0])) !== null;
  });
}

/**
 * A top-up that ended before the card page. A customer told they reached their limit waits a moment before trying
 * again, as a person would: a level-1 customer at the limit would otherwise spin on refusals and crowd out the run.
 */
async function refused(c: Customer, op: TopupOp, res: { status: number; body: unknown }): Promise<void> {
  op.result = resultOf(res.status);
  op.limited = isLimitRefusal(res.status, res.body);
  if (op.limited) await sleep(1000 + c.rng.int(1000));
}

async function topUp(world: World, c: Customer): Promise<void> {
  // A second device leaves adding money to the first (one draft per customer: see Customer.topsUp).
  if (!c.topsUp) return sleep(200);
  const { rng } = c;
  const op: TopupOp = {
    userId: c.userId,
    validateKey: rng.uuid(),
    card: rng.chance(0.1) ? 'declined' : 'good',
    result: 'unresolved',
    stage: 'draft',
    status: 0,
    eurMinor: BigInt(rng.between(20, 250)) * 100n + BigInt(rng.int(100)),
    unknown: 0,
    undelivered: 0,
  };
  world.journal.topups.push(op);
  const base = { ip: c.ip, token: c.token };
  const euros = `${op.eurMinor / 100n}.${String(op.eurMinor % 100n).padStart(2, '0')}`;
  op.pricedFrom = Date.now();
  const draft = await c.client.request({
    ...base,
    method: 'POST',
    path: '/api/exchanges/',
    json: { from_amount: euros },
  });
  op.status = draft.status;
  if (draft.status !== 201) return refused(c, op, draft);
  op.exchangeId = Number(draft.body.id);
  op.quotedToMinor = quotedMad(draft.body);
  op.stage = 'validate';
  const validate = () =>
    c.client.request({
      ...base,
      method: 'POST',
      path: `/api/exchanges/${op.exchangeId}/validate/`,
      idempotencyKey: op.validateKey,
    });
  let validated = await validate();
  // 409 with a new quote: the one shown had expired (or the rates changed); the customer accepts the new figures
  // and asks again, with a new key (the old one keeps its 409).
  for (let requote = 0; requote < 2 && validated.status === 409 && validated.body.quote !== undefined; requote++) {
    op.quotedToMinor = quotedMad(validated.body.quote);
    op.validateKey = rng.uuid();
    validated = await validate();
  }
  op.status = validated.status;
  const session = /\/sandbox\/checkout\/(ps_[A-Za-z0-9]+)$/.exec(
    typeof validated.body.url === 'string' ? validated.body.url : '',
  )?.[1];
  if (validated.status !== 200 || !session) return refused(c, op, validated);
  op.pricedUntil = Date.now();
  op.session = session;
  op.stage = 'pay';
  // The card form has no Idempotency-Key: the session's state is what makes a second payment impossible, so a
  // retry after an unseen success answers 409 and the session tells the truth.
  for (let round = 0; round < 3; round++) {
    const paid = await c.client.request({
      ...base,
      method: 'POST',
      path: `/sandbox/checkout/${session}/pay`,
      form: op.card === 'good' ? GOOD_CARD : DECLINED_CARD,
    });
    op.status = paid.status;
    op.unknown += paid.unknown;
    if (paid.status === 0) return;
    if (op.card === 'declined' && paid.status === 402) {
      op.result = 'refused';
      op.stage = 'declined';
      return;
    }
    op.stage = 'confirm';
    const view = await pollSession(c, session);
    // No answer from the session: the payment may or may not have gone through (left unresolved).
    if (!view) return;
    if (view.status === 'paid') {
      op.result = 'ok';
      op.toAmountMinor = toMinor(view.to_amount);
      return;
    }
    // Still open after a 303: the sandbox gave up delivering its event (a provider would redeliver); pay again.
    if (view.status !== 'open') {
      op.result = 'refused';
      op.sessionEnd = `${view.status}/${view.outcome ?? '-'}`;
      // Refunded at settlement because it no longer fit the rolling limit: an earlier top-up of this customer whose
      // answer the client never saw was credited meanwhile. The limit decided, as at validation.
      op.limited = view.outcome === 'limit_exceeded';
      return;
    }
    op.undelivered += 1;
  }
}

/** What GET /api/billing/sessions/:id/ answers, of what the run reads. */
type SessionView = { status: string; to_amount: string; outcome: string | null };

async function pollSession(c: Customer, session: string): Promise<SessionView | undefined> {
  let last: SessionView | undefined;
  for (let i = 0; i < 20; i++) {
    const res = await c.client.request({
      method: 'GET',
      path: `/api/billing/sessions/${session}/`,
      ip: c.ip,
      token: c.token,
      timeoutChance: 0,
      giveUpMs: 15_000,
    });
    if (res.status === 200) {
      last = res.body as SessionView;
      if (last.status !== 'open') return last;
    }
    await sleep(100);
  }
  return last;
}

export const topupScenario: Scenario = {
  name: 'topup',
  step: { weight: 0.12, run: (world, c) => topUp(world, c) },

  /**
   * Acknowledged: the client's price, exactly (or between the prices of rates changed mid-validation). Paid for
   * but unseen: zero to that price. Declined cards, refusals and top-ups that never reached the card: nothing.
   */
  book(journal, book, fail) {
    for (const t of journal.topups) {
      const prices = clientPrices(journal, t);
      if (t.card === 'declined' || t.result === 'refused' || prices.length === 0) continue;
      if (t.result === 'ok') {
        book.between(t.userId, min(prices), max(prices));
        if (t.toAmountMinor === undefined || !prices.includes(t.toAmountMinor)) {
          fail(
            'topup-rate',
            `exchange ${t.exchangeId}: ${t.eurMinor} EUR cents shown as ${t.toAmountMinor} MAD, the client's price ` +
              formatRange({ min: min(prices), max: max(prices) }),
          );
        }
      } else if (t.stage === 'pay' || t.stage === 'confirm') {
        book.between(t.userId, 0n, max(prices));
      }
    }
  },

  async check({ q, journal, fail }) {
    for (const t of journal.topups) {
      if (t.result === 'refused' && !t.limited && !(t.card === 'declined' && t.status === 402)) {
        fail(
          'unexpected-refusal',
          `top-up by ${t.userId} at ${t.stage}: ${t.status}${t.sessionEnd ? `, session ${t.sessionEnd}` : ''}`,
        );
      }
    }
    // Credited once each, for the amount the customer was shown; declined cards and nothing else credit nothing.
    const exchanges = new Map(
      (await q(`SELECT id, status, to_amount, ledger_entry_id FROM exchanges`)).map((r) => [Number(r.id), r]),
    );
    const sessions = new Map(
      (await q(`SELECT id, status, exchange_id FROM payment_sessions`)).map((r) => [String(r.id), r]),
    );
    const twice = await q(`SELECT reference_id, count(*) AS n FROM ledger_entries WHERE kind = 'exchange'
                            GROUP BY reference_id HAVING count(*) > 1`);
    for (const r of twice) fail('credited-twice', `exchange ${String(r.reference_id)}: ${String(r.n)} entries`);
    const paidWithGoodCard = new Set<number>();
    for (const t of journal.topups) {
      if (t.exchangeId !== undefined && t.card === 'good') paidWithGoodCard.add(t.exchangeId);
      const ex = t.exchangeId === undefined ? undefined : exchanges.get(t.exchangeId);
      if (t.result === 'ok' && (ex?.status !== 'paid' || big(ex.to_amount) !== (t.toAmountMinor ?? -1n))) {
        fail(
          'topup-acknowledged',
          `exchange ${t.exchangeId}: shown ${t.toAmountMinor} credited, row ${JSON.stringify(ex)}`,
        );
      }
      if (t.card === 'declined' && t.session !== undefined && t.unknown === 0) {
        if (sessions.get(t.session)?.status === 'paid') fail('topup-declined-paid', `session ${t.session} paid`);
      }
    }
    for (const [id, ex] of exchanges) {
      if (ex.status === 'paid' && !paidWithGoodCard.has(id))
        fail('topup-phantom', `exchange ${id} paid without a good card`);
    }
    // All the MAD there is came from top-ups: what the FX desk paid out lies within the client's prices.
    const [fx] = await q(`SELECT coalesce(-sum(balance), 0) AS minted FROM ledger_accounts
                           WHERE kind = 'fx' AND currency = 'MAD'`);
    let low = 0n;
    let high = 0n;
    for (const t of journal.topups) {
      const prices = clientPrices(journal, t);
      if (t.card === 'declined' || t.result === 'refused' || prices.length === 0) continue;
      if (t.result === 'ok') low += min(prices);
      if (t.result === 'ok' || t.stage === 'pay' || t.stage === 'confirm') high += max(prices);
    }
    const minted = big(fx?.minted);
    if (minted < low || minted > high) {
      fail(
        'mad-client',
        `the ledger minted ${minted} MAD, the clients' top-ups say ${formatRange({ min: low, max: high })}`,
      );
    }
  },

  acknowledged: (journal) => journal.topups.filter((t) => t.result === 'ok').length,
};
