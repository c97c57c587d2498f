import type { Anomaly } from './client.ts';
import { sleep } from './cluster.ts';
import { formatMinor, toMinor, type Journal, type MoneyOp, type TopupOp } from './journal.ts';
import { SECURITY_CODE, signIn, type Customer, type Person, type Teller } from './population.ts';

/**
 * The actors. Each customer and each teller runs one operation at a time, as a person with one phone does; all
 * of them run at once against both processes. Every money-moving POST carries an Idempotency-Key drawn once per
 * intent and reused, with the same body, for every retry of that intent.
 */

export interface Counter {
  token: string;
  txId: number;
}

export interface World {
  journal: Journal;
  anomalies: Anomaly[];
  stopAt: number;
  /** Withdrawal QR codes shown at each agency's counter, waiting for a teller to scan them. */
  counters: Map<string, Counter[]>;
}

const GOOD_CARD = { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const DECLINED_CARD = { card_number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' };

const resultOf = (status: number) => (status === 0 ? 'unresolved' : status < 300 ? 'ok' : 'refused');

async function balanceOf(world: World, c: Customer): Promise<bigint | undefined> {
  const res = await c.client.request({
    method: 'GET',
    path: '/api/users/',
    ip: c.ip,
    token: c.token,
    giveUpMs: 10_000,
  });
  const me = (res.body.results as { balance: string }[] | undefined)?.[0];
  if (res.status !== 200 || !me) return undefined;
  world.journal.balanceReads += 1;
  const minor = toMinor(me.balance);
  if (me.balance.startsWith('-')) {
    world.anomalies.push({ check: 'negative-balance', detail: `user ${c.userId} read balance ${me.balance}` });
  }
  return minor;
}

/** Add money: draft, validation (Idempotency-Key), the sandbox card page, then the session until it is paid. */
async function topUp(world: World, c: Customer): Promise<void> {
  const { rng } = c;
  const op: TopupOp = {
    userId: c.userId,
    validateKey: rng.uuid(),
    card: rng.chance(0.1) ? 'declined' : 'good',
    result: 'unresolved',
    stage: 'draft',
    status: 0,
    unknown: 0,
    undelivered: 0,
  };
  world.journal.topups.push(op);
  const base = { ip: c.ip, token: c.token };
  const draft = await c.client.request({
    ...base,
    method: 'POST',
    path: '/api/exchanges/',
    json: { from_amount: `${rng.between(20, 250)}.00` },
  });
  op.status = draft.status;
  if (draft.status !== 201) {
    op.result = resultOf(draft.status);
    return;
  }
  op.exchangeId = Number(draft.body.id);
  op.stage = 'validate';
  const validated = await c.client.request({
    ...base,
    method: 'POST',
    path: `/api/exchanges/${op.exchangeId}/validate/`,
    idempotencyKey: op.validateKey,
  });
  op.status = validated.status;
  const session = /\/sandbox\/checkout\/(ps_[A-Za-z0-9]+)$/.exec(
    typeof validated.body.url === 'string' ? validated.body.url : '',
  )?.[1];
  if (validated.status !== 200 || !session) {
    op.result = resultOf(validated.status);
    return;
  }
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
    if (view?.status === 'paid') {
      op.result = 'ok';
      op.toAmountMinor = toMinor(view.to_amount);
      return;
    }
    // Still open after a 303: the sandbox gave up delivering its event (a provider would redeliver); pay again.
    if (view?.status !== 'open') {
      op.result = 'refused';
      return;
    }
    op.undelivered += 1;
  }
}

async function pollSession(c: Customer, session: string): Promise<{ status: string; to_amount: string } | undefined> {
  let last: { status: string; to_amount: string } | undefined;
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
      last = res.body as { status: string; to_amount: string };
      if (last.status !== 'open') return last;
    }
    await sleep(100);
  }
  return last;
}

/** A send (registered or not yet registered recipient) or a withdrawal, with replays and conflict probes. */
async function moveMoney(
  world: World,
  c: Customer,
  kind: MoneyOp['kind'],
  balance: bigint,
): Promise<MoneyOp | undefined> {
  const { rng } = c;
  const contacts = kind === 'send' ? c.registered : kind === 'withdraw' ? c.agencies : c.ghosts;
  const contact = rng.pick(contacts);
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
  if (kind === 'withdraw' && typeof res.body.token === 'string') {
    // Most people go to the counter; some never come (the withdrawal expires or they cancel it); a few show the
    // code to two tellers at once.
    if (rng.chance(0.8)) {
      const queue = world.counters.get(String(contact)) ?? [];
      world.counters.set(String(contact), queue);
      queue.push({ token: res.body.token, txId: op.txId });
      if (rng.chance(0.15)) queue.push({ token: res.body.token, txId: op.txId });
    }
  }
  return op;
}

async function cancelOne(world: World, c: Customer, waiting: number[]): Promise<void> {
  const i = c.rng.int(waiting.length);
  const txId = waiting.splice(i, 1)[0];
  if (txId === undefined) return;
  const res = await c.client.request({
    method: 'POST',
    path: `/api/transactions/${txId}/cancel/`,
    ip: c.ip,
    token: c.token,
    idempotencyKey: c.rng.uuid(),
    // More timeouts here than elsewhere: a cancellation retried after an unseen success is the case to prove.
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
}

export async function customerLoop(world: World, c: Customer): Promise<void> {
  const waiting: number[] = [];
  let balance = 0n;
  while (Date.now() < world.stopAt) {
    balance = (await balanceOf(world, c)) ?? balance;
    const r = c.rng.next();
    let made: MoneyOp | undefined;
    if (balance < 200_00n || r < 0.12) {
      if (c.topsUp) await topUp(world, c);
      else await sleep(200);
    } else if (r < 0.42) made = await moveMoney(world, c, 'send', balance);
    else if (r < 0.55) made = await moveMoney(world, c, 'send-unregistered', balance);
    else if (r < 0.8) made = await moveMoney(world, c, 'withdraw', balance);
    else if (r < 0.9 && waiting.length > 0) await cancelOne(world, c, waiting);
    else {
      await c.client.request({ method: 'GET', path: '/api/transactions/?page_size=10', ip: c.ip, token: c.token });
    }
    if (
      made?.result === 'ok' &&
      made.txId !== undefined &&
      (made.txStatus === 'pending' || made.txStatus === 'unclaimed')
    ) {
      waiting.push(made.txId);
    }
    await sleep(c.rng.int(30));
  }
}

/** A teller takes the next code shown at their counter, looks it up, pays it out; sometimes twice. */
export async function tellerLoop(world: World, t: Teller): Promise<void> {
  while (Date.now() < world.stopAt) {
    const item = world.counters.get(t.agencyId)?.shift();
    if (!item) {
      await sleep(50 + t.rng.int(100));
      continue;
    }
    const base = { ip: t.ip, token: t.token };
    const seen = await t.client.request({ ...base, method: 'GET', path: `/api/withdrawals/${item.token}/` });
    // A code already paid, cancelled or expired is still tried now and then: the refusal is part of the test.
    if (seen.status === 200 && seen.body.status !== 'pending' && !t.rng.chance(0.3)) continue;
    for (let repeat = 0; repeat < 2; repeat++) {
      const key = t.rng.uuid();
      const res = await t.client.request({
        ...base,
        method: 'POST',
        path: `/api/withdrawals/${item.token}/validate/`,
        idempotencyKey: key,
        json: { id: item.txId, security_code: SECURITY_CODE },
      });
      world.journal.payouts.push({
        tellerId: t.userId,
        key,
        txId: item.txId,
        result: resultOf(res.status),
        status: res.status,
        unknown: res.unknown,
        repeat: repeat > 0,
        lastSentAt: res.lastSentAt,
      });
      if (!t.rng.chance(0.1)) break;
    }
  }
}

/**
 * People who were sent money before they had an account register during the run: their sign-up claims the
 * waiting transfers, racing with new sends to them, with cancellations and with the expiry sweep.
 */
export async function registrarLoop(world: World, registrar: Person, ghosts: string[]): Promise<void> {
  const pending = [...ghosts];
  while (Date.now() < world.stopAt && pending.length > 0) {
    await sleep(2000 + registrar.rng.int(4000));
    if (Date.now() >= world.stopAt) break;
    const email = pending.splice(registrar.rng.int(pending.length), 1)[0];
    if (!email) break;
    try {
      const who = await signIn(registrar.client, email, registrar.ip);
      world.journal.userIds.add(who.userId);
      world.journal.signups.push({ email, userId: who.userId, result: 'ok' });
    } catch {
      world.journal.signups.push({ email, result: 'unresolved' });
    }
  }
}
