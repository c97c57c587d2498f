import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { pickupMessages } from '../../../common/api/pickups.ts';
import { beingPaidOutMessage } from '../../../common/api/withdrawals.ts';
import {
  call,
  ensureRates,
  movableClock,
  testEnv,
  uniqueEmail,
  type SignedIn,
} from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import {
  agency,
  balanceOf,
  CODE,
  create,
  customer,
  newKey,
  recipientOf,
  teller,
} from '../transfers/transactions.fixtures.ts';
import { lookup, pay, sentPickup } from '../transfers/methods/cash-pickup/pickups.fixtures.ts';
import { operator, opsAction } from './ops.fixtures.ts';

// Four eyes above 100 MAD here, so that the tests move small amounts.
const clock = movableClock();
let t: TestApp;
let op: SignedIn;
let second: SignedIn;
beforeAll(async () => {
  t = await startTestApp({ env: { ...testEnv, OPS_FOUR_EYES_MAD: '100' }, deps: { clock } });
  await ensureRates(t);
  [op, second] = await Promise.all([operator(t), operator(t)]);
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const refund = (id: unknown, as = op, body: Body = {}, key?: string) =>
  call(t, 'POST', `/api/ops/transactions/${String(id)}/refund/`, {
    token: as.token,
    body: { reason: 'Customer asked', security_code: CODE, ...body },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
const detail = (id: unknown) =>
  call<Body & { entries: { metadata: Body; postings: { amount: string }[] }[]; timeline: { event: string }[] }>(
    t,
    'GET',
    `/api/ops/transactions/${String(id)}/`,
    { token: op.token },
  );
const auditLines = async (action: string, type: string, id: unknown) =>
  (
    await call<{ results: Body[] }>(
      t,
      'GET',
      `/api/ops/audit/?action=${action}&target_type=${type}&target_id=${String(id)}`,
      {
        token: op.token,
      },
    )
  ).body.results;

/** The refund notices a customer has in the app (the `refunded` step notifies the sender, migration 0240). */
async function refundNotices(who: SignedIn, id: unknown) {
  const res = await call<{ results: { kind: string; transaction: number | null; body: string }[] }>(
    t,
    'GET',
    '/api/notifications/?page_size=100',
    { token: who.token },
  );
  return res.body.results.filter((n) => n.kind === 'transfer_refunded' && n.transaction === id);
}

async function unclaimed(amount: number) {
  const sender = await customer(t, 1_000_00n);
  const contact = await recipientOf(t, sender, { email: uniqueEmail('nobody') });
  const sent = await create(t, sender, { amount, contact });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return { sender, id: sent.body.id as number };
}

async function withdrawal(amount: number) {
  const agencyId = await agency(t);
  const owner = await customer(t, 1_000_00n);
  const made = await create(t, owner, { amount, contact: Number(agencyId) });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { owner, agencyId, id: made.body.id as number, token: String(made.body.token) };
}

describe('transactions/', () => {
  it('lists with search and filters, and shows the ledger entry with balanced postings', async () => {
    const w = await withdrawal(30);
    const list = (q: string) =>
      call<{ count: number; results: { id: number }[] }>(t, 'GET', `/api/ops/transactions/${q}`, { token: op.token });
    for (const q of [
      `?search=${w.id}`,
      `?search=${encodeURIComponent(w.owner.email)}`,
      `?agency=${w.agencyId}&kind=withdrawal&status=pending`,
      `?agency=${w.agencyId}&amount_gte=30&amount_lte=30.00`,
    ]) {
      const res = await list(q);
      expect(res.status, q).toBe(200);
      expect(
        res.body.results.map((r) => r.id),
        q,
      ).toContain(w.id);
    }
    expect((await list(`?agency=${w.agencyId}&status=validated`)).body.count).toBe(0);
    expect((await list(`?agency=${w.agencyId}&amount_gte=31`)).body.count).toBe(0);
    expect((await list('?kind=gift')).status).toBe(400);
    const res = await detail(w.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'withdrawal', status: 'pending', amount: '30.00', refundable: true });
    expect(res.body.entries).toHaveLength(1);
    const sum = res.body.entries[0]?.postings.reduce((s, p) => s + Number(p.amount), 0);
    expect(sum).toBe(0);
    expect(res.body.timeline[0]).toMatchObject({ event: 'created' });
  });
});

describe('refund/', () => {
  it('refunds an unclaimed transfer by a ledger entry, once, with its audit line; a key replays the answer', async () => {
    const { sender, id } = await unclaimed(40);
    expect(await balanceOf(t, sender)).toBe('960.00');
    const key = newKey();
    const res = await refund(id, op, {}, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ refunded: true, transaction: { id, status: 'refunded', refundable: false } });
    expect(await balanceOf(t, sender)).toBe('1000.00');
    const replay = await refund(id, op, {}, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(res.body);
    const again = await refund(id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: opsMessages.notRefundable });
    expect(await balanceOf(t, sender)).toBe('1000.00');
    const entries = (await detail(id)).body.entries;
    expect(entries).toHaveLength(2);
    expect(entries[1]?.metadata).toMatchObject({ reason: 'refund', operator: String(op.userId) });
    // The sender reads 'refunded' (status and timeline step) and is told, once (the replay sent nothing more).
    const mine = await call<{ status: string; timeline: { status: string }[] }>(t, 'GET', `/api/transactions/${id}/`, {
      token: sender.token,
    });
    expect(mine.body.status).toBe('refunded');
    expect(mine.body.timeline.map((s) => s.status)).toEqual(['created', 'refunded']);
    expect(await refundNotices(sender, id)).toEqual([expect.objectContaining({ body: expect.stringContaining('40') })]);
    expect(await auditLines('transaction.refund', 'transaction', id)).toMatchObject([
      { actor: op.userId, reason: 'Customer asked', before: { status: 'unclaimed' }, after: { status: 'refunded' } },
    ]);
  });

  it('refunds a pending withdrawal (the hold is released); refuses a paid one, a completed send, one at a counter', async () => {
    const w = await withdrawal(50);
    expect((await refund(w.id)).status).toBe(200);
    expect(await balanceOf(t, w.owner)).toBe('1000.00');

    const paid = await withdrawal(20);
    const banker = await teller(t, paid.agencyId);
    const validated = await call(t, 'POST', `/api/withdrawals/${paid.token}/validate/`, {
      token: banker.token,
      body: { id: paid.id, security_code: CODE },
    });
    expect(validated.status).toBe(200);
    const refused = await refund(paid.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: opsMessages.notRefundable });

    const friend = await customer(t);
    const sender = await customer(t, 100_00n);
    const sent = await create(t, sender, { amount: 5, contact: await recipientOf(t, sender, { email: friend.email }) });
    expect((await refund(sent.body.id)).status).toBe(409);

    const held = await withdrawal(20);
    const counter = await teller(t, held.agencyId);
    const reserved = await call(t, 'POST', `/api/withdrawals/${held.token}/reserve/`, {
      token: counter.token,
      body: { id: held.id },
    });
    expect(reserved.status).toBe(200);
    const atCounter = await refund(held.id);
    expect(atCounter.status).toBe(409);
    expect(atCounter.body).toEqual({ detail: beingPaidOutMessage });
    expect((await refund(999_999_999)).status).toBe(404);
  });

  it('refunds a cash pickup not collected yet; a collected pickup is refused (409) and nothing moves', async () => {
    const open = await sentPickup(t);
    expect(await balanceOf(t, open.alice)).toBe('150.00');
    const res = await refund(open.tx.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ refunded: true, transaction: { kind: 'pickup', status: 'refunded' } });
    expect(await balanceOf(t, open.alice)).toBe('200.00');
    expect((await detail(open.tx.id)).body.entries.at(-1)?.metadata).toMatchObject({ reason: 'refund' });
    // The teller reads that it went back to its sender (its own message, not the sender's cancellation).
    const banker = await teller(t, await agency(t));
    expect((await lookup(t, open.reference, banker)).body).toMatchObject({ status: 'refunded' });
    expect(await pay(t, open.reference, banker)).toMatchObject({
      status: 409,
      body: { detail: pickupMessages.refunded },
    });

    const collected = await sentPickup(t);
    const paid = await pay(t, collected.reference, banker);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const refused = await refund(collected.tx.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: opsMessages.notRefundable });
    expect(await balanceOf(t, collected.alice)).toBe('150.00');
  });

  it('an auditor cannot refund; a wrong security code refunds nothing', async () => {
    const { sender, id } = await unclaimed(10);
    const auditor = await operator(t, 'AUDITOR');
    expect((await refund(id, auditor)).status).toBe(403);
    const wrong = await refund(id, second, { security_code: '000000' });
    expect(wrong.status).toBe(400);
    expect(await balanceOf(t, sender)).toBe('990.00');
  });
});

describe('four eyes', () => {
  it('above OPS_FOUR_EYES_MAD a refund waits for another operator; the requester can never approve it', async () => {
    const w = await withdrawal(150);
    const requested = await refund(w.id, op, { reason: 'Agency closed' });
    expect(requested.status, JSON.stringify(requested.body)).toBe(202);
    expect(requested.body).toMatchObject({
      refunded: false,
      approval: {
        kind: 'refund',
        subject_id: String(w.id),
        amount: '150.00',
        state: 'pending',
        requested_by: op.userId,
      },
    });
    const approvalId = (requested.body.approval as { id: number }).id;
    expect(await balanceOf(t, w.owner)).toBe('850.00');
    // The detail says a refund waits, and for whom (the screen disables its button on it).
    expect((await detail(w.id)).body).toMatchObject({
      refundable: true,
      pending_refund: { approval: approvalId, requested_by: op.userId, requested_by_name: expect.any(String) },
    });
    const twice = await refund(w.id, second);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ detail: opsMessages.alreadyRequested });

    const pending = await call<{ results: { id: number }[] }>(
      t,
      'GET',
      '/api/ops/approvals/?state=pending&kind=refund&page_size=100',
      {
        token: second.token,
      },
    );
    expect(pending.body.results.map((a) => a.id)).toContain(approvalId);

    const own = await opsAction(t, op, `approvals/${approvalId}/approve/`, { reason: 'Looks right' });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ detail: opsMessages.ownRequest });
    expect((await opsAction(t, op, `approvals/${approvalId}/reject/`)).status).toBe(403);
    expect((await opsAction(t, await operator(t, 'AUDITOR'), `approvals/${approvalId}/approve/`)).status).toBe(403);
    expect(await balanceOf(t, w.owner)).toBe('850.00');

    const approved = await opsAction(t, second, `approvals/${approvalId}/approve/`, { reason: 'Checked the agency' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({
      approval: { state: 'approved', decided_by: second.userId, decision_reason: 'Checked the agency' },
      transaction: { id: w.id, status: 'refunded' },
    });
    expect(await balanceOf(t, w.owner)).toBe('1000.00');
    expect((await detail(w.id)).body).toMatchObject({ refundable: false, pending_refund: null });
    expect(await refundNotices(w.owner, w.id)).toHaveLength(1);
    expect((await opsAction(t, second, `approvals/${approvalId}/approve/`)).status).toBe(409);
    expect(await auditLines('approval.approve', 'approval', approvalId)).toMatchObject([{ actor: second.userId }]);
    expect(await auditLines('refund.request', 'transaction', w.id)).toMatchObject([
      { actor: op.userId, reason: 'Agency closed' },
    ]);
    const entries = (await detail(w.id)).body.entries;
    expect(entries.at(-1)?.metadata).toMatchObject({
      reason: 'refund',
      approval: String(approvalId),
      approved_by: String(second.userId),
    });
  });

  it('a rejected request moves nothing; a request expires after OPS_APPROVAL_TTL_SECONDS', async () => {
    const w = await withdrawal(200);
    const first = await refund(w.id, op);
    const firstId = (first.body.approval as { id: number }).id;
    const rejected = await opsAction(t, second, `approvals/${firstId}/reject/`, {
      reason: 'Customer is at the agency',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ approval: { state: 'rejected' }, transaction: null });
    expect(await balanceOf(t, w.owner)).toBe('800.00');

    const next = await refund(w.id, op);
    expect(next.status).toBe(202);
    const nextId = (next.body.approval as { id: number }).id;
    clock.advance(24 * 3600 + 1);
    try {
      // Sessions of a day ago are over too: a colleague signs in now.
      const late = await opsAction(t, await operator(t), `approvals/${nextId}/approve/`);
      expect(late.status).toBe(409);
      expect(late.body).toEqual({ detail: opsMessages.requestExpired });
      expect(await balanceOf(t, w.owner)).toBe('800.00');
    } finally {
      clock.advance(-(24 * 3600 + 1));
    }
  });
});

// Real PostgreSQL, many rounds: both sides take the transaction's row lock, so one of them finds it finished.
const ROUNDS = 20;

describe('a refund racing a teller payout', () => {
  it('a withdrawal: pays or refunds, never both', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const w = await withdrawal(60);
      const banker = await teller(t, w.agencyId);
      const [payout, refunded] = await Promise.all([
        call(t, 'POST', `/api/withdrawals/${w.token}/validate/`, {
          token: banker.token,
          body: { id: w.id, security_code: CODE },
        }),
        refund(w.id),
      ]);
      const outcomes = [payout.status, refunded.status];
      expect(
        outcomes.filter((s) => s === 200),
        JSON.stringify([payout.body, refunded.body]),
      ).toHaveLength(1);
      const state = (await detail(w.id)).body;
      if (payout.status === 200) {
        expect(state.status).toBe('validated');
        expect(await balanceOf(t, w.owner)).toBe('940.00');
      } else {
        expect(state.status).toBe('refunded');
        expect(await balanceOf(t, w.owner)).toBe('1000.00');
      }
    }
  });

  it('a cash pickup: collected or refunded, never both', async () => {
    const banker = await teller(t, await agency(t));
    for (let round = 0; round < ROUNDS; round++) {
      const sent = await sentPickup(t);
      const [paid, refunded] = await Promise.all([pay(t, sent.reference, banker), refund(sent.tx.id)]);
      expect(
        [paid.status, refunded.status].filter((s) => s === 200),
        JSON.stringify([paid.body, refunded.body]),
      ).toHaveLength(1);
      const state = (await detail(sent.tx.id)).body;
      const balance = await balanceOf(t, sent.alice);
      if (paid.status === 200) expect([state.status, balance]).toEqual(['collected', '150.00']);
      else expect([state.status, balance]).toEqual(['refunded', '200.00']);
      // One way out in the ledger: the send, then either the payout or the return.
      expect(state.entries as unknown[]).toHaveLength(2);
    }
  });
});
