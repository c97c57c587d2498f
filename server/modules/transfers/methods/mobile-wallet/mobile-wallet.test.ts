import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryMessages } from '../../../../../common/api/messages.ts';
import { payoutMessages } from '../../../../../common/api/payouts.ts';
import { signPayload } from '../../../../adapters/payments/webhook-signature.ts';
import {
  SANDBOX_TEST_WALLETS,
  WALLET_SIGNATURE_HEADER,
} from '../../../../adapters/payout-partner/sandbox-payout-partner.ts';
import { serviceDeps } from '../../../../app.ts';
import {
  call,
  ensureRates,
  signIn,
  testEnv,
  uniqueEmail,
  type SignedIn,
} from '../../../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';
import { fundWallet } from '../../../../../tests/support/factories.ts';
import { checkLedger } from '../../../../ledger/ledger-check.ts';
import { operator } from '../../../ops/ops.fixtures.ts';
import { moroccanMobile } from '../bank-deposit/bank-deposit.fixtures.ts';
import {
  agency,
  balanceOf,
  create,
  recipientOf,
  setCode,
  setFrozen,
  type Customer,
} from '../../transactions.fixtures.ts';
import { endToEndIdOf, importReport } from '../bank-deposit/payment-files.ts';
import { runWalletDispatches } from './wallet-dispatch.ts';
import { walletCallbackSecret } from './wallet-partner.ts';

/**
 * A payout to a Moroccan mobile wallet, over HTTP against the real database: the send and its guards, the
 * operator's answer by signed callback (the sandbox's, and forged, replayed or out-of-order ones), and the
 * requests the operator never answered.
 *
 * `t`: the built-in sandbox, answering at once. `h`: an HTTP operator that cannot be reached (its name does not
 * resolve), so its payouts wait for the callbacks this file signs itself, or for the dispatcher to give up.
 */
let t: TestApp;
let h: TestApp;
let op: SignedIn;
const SECRET = 'wallet-callback-secret-for-tests';
beforeAll(async () => {
  t = await startTestApp({ env: { ...testEnv, PAYOUT_WALLET_SANDBOX_DELAY_MS: '0' } });
  h = await startTestApp({
    env: {
      ...testEnv,
      PAYOUT_WALLET_PARTNER: 'http',
      PAYOUT_WALLET_URL: 'https://wallet-operator.invalid/v1',
      PAYOUT_WALLET_KEY: 'test-key',
      PAYOUT_WALLET_CALLBACK_SECRET: SECRET,
      PAYOUT_WALLET_MAX_ATTEMPTS: '3',
      PAYOUT_WALLET_RETRY_BASE_MS: '0',
      PAYOUT_WALLET_RETRY_MAX_MS: '0',
    },
  });
  await ensureRates(t);
  op = await operator(t);
});
afterAll(async () => {
  await t.close();
  await h.close();
});

/** A customer who reads the app in `language`, with a security code and a balance. */
async function sender(app: TestApp, balanceMinor: bigint, language = 'en'): Promise<Customer> {
  const email = uniqueEmail('wallet');
  const s = await signIn(app, { email }, language);
  await setCode(app, s);
  await fundWallet(app.database.db, s.userId, balanceMinor);
  return { ...s, email };
}

async function walletRecipient(app: TestApp, s: SignedIn, phone = moroccanMobile()): Promise<number> {
  return recipientOf(app, s, { first_name: 'Amina', last_name: 'Idrissi', phone_number: phone });
}

async function pendingBalance(app: TestApp): Promise<bigint> {
  const row = await app.database.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('kind', '=', 'mobile_payouts_pending')
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

async function entriesOf(app: TestApp, id: unknown): Promise<number> {
  const rows = await app.database.db
    .selectFrom('ledger_entries')
    .select('id')
    .where('reference_type', '=', 'transaction')
    .where('reference_id', '=', String(id))
    .execute();
  return rows.length;
}

interface Detail {
  status: string;
  delivery?: string;
  wallet_payout?: { stage: string; return_reason: string | null; partner_reference: string | null; phone: string };
  timeline?: { status: string; reason?: string }[];
}

const detailOf = async (app: TestApp, s: SignedIn, id: unknown) =>
  (await call<Detail>(app, 'GET', `/api/transactions/${String(id)}/`, { token: s.token })).body;

/** The payout's detail once it has left the waiting statuses (the sandbox answers within moments). */
async function settled(app: TestApp, s: SignedIn, id: unknown): Promise<Detail> {
  for (let i = 0; i < 100; i++) {
    const detail = await detailOf(app, s, id);
    if (detail.status !== 'processing' && detail.status !== 'submitted') return detail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`payout ${String(id)} still waiting`);
}

async function notices(app: TestApp, s: SignedIn) {
  const res = await call<{ results: { kind: string; title: string; body: string }[] }>(
    app,
    'GET',
    '/api/notifications/',
    { token: s.token },
  );
  return res.body.results;
}

/** A callback as the operator would send it, signed with `secret` (the right one unless a test forges it). */
function callback(
  app: TestApp,
  body: Record<string, unknown>,
  signature: string | null = signPayload(JSON.stringify(body), SECRET, new Date()),
) {
  return fetch(`${app.baseUrl}/api/payouts/mobile-wallet/callback/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature !== null && { [WALLET_SIGNATURE_HEADER]: signature }),
    },
    body: JSON.stringify(body),
  });
}

describe('sending to a mobile wallet (sandbox)', () => {
  it('moves the amount to mobile payouts pending in one entry, then to the settlement account: credited', async () => {
    const alice = await sender(t, 200_00n);
    const contact = await walletRecipient(t, alice);
    const before = await pendingBalance(t);
    const res = await create(t, alice, { amount: 50, contact, delivery: 'mobile_wallet' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'processing',
      category: 'sending',
      delivery: 'mobile_wallet',
      amount: '50.00',
      wallet_payout: { method: 'mobile_wallet', stage: 'processing', recipient_name: 'Amina Idrissi' },
    });
    expect(await balanceOf(t, alice)).toBe('150.00');
    const detail = await settled(t, alice, res.body.id);
    expect(detail).toMatchObject({
      status: 'completed',
      delivery: 'mobile_wallet',
      wallet_payout: { stage: 'credited', return_reason: null, partner_reference: expect.stringMatching(/^sbx_/) },
    });
    // processing (created) -> sent to the wallet -> credited, in that order. The sandbox may answer before the
    // record of its acceptance commits: then the credit comes without a 'sent to the wallet' step, never before it.
    const steps = (detail.timeline ?? []).map((s) => s.status).filter((s) => s !== 'anchored');
    expect([['created', 'submitted', 'received'].join(), ['created', 'received'].join()]).toContain(steps.join());
    expect(await balanceOf(t, alice)).toBe('150.00');
    expect(await pendingBalance(t)).toBe(before);
    // The send's entry and the settlement's: two, each balanced (the ledger check).
    expect(await entriesOf(t, res.body.id)).toBe(2);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
    const mine = await notices(t, alice);
    expect(mine.find((n) => n.kind === 'payout_completed')?.body).toContain('Amina Idrissi');
    const list = await call<{ results: { id: number; delivery?: string }[] }>(t, 'GET', '/api/transactions/', {
      token: alice.token,
    });
    expect(list.body.results.find((r) => r.id === res.body.id)?.delivery).toBe('mobile_wallet');
  });

  it('tells a recipient who has an account that money reached their wallet', async () => {
    const phone = moroccanMobile();
    const bob = await signIn(t, { phone_number: phone }, 'fr');
    const alice = await sender(t, 100_00n);
    const contact = await walletRecipient(t, alice, phone);
    const res = await create(t, alice, { amount: 20, contact, delivery: 'mobile_wallet' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await settled(t, alice, res.body.id)).status).toBe('completed');
    const received = (await notices(t, bob)).find((n) => n.kind === 'payout_received');
    expect(received?.body).toContain('portefeuille mobile');
  });

  it.each(Object.entries(SANDBOX_TEST_WALLETS))(
    'returns the money once to the sender, told why in their language, for %s (%s)',
    async (phone, reason) => {
      const alice = await sender(t, 100_00n, 'fr');
      const contact = await walletRecipient(t, alice, phone);
      const before = await pendingBalance(t);
      const res = await create(t, alice, { amount: 30, contact, delivery: 'mobile_wallet' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(await balanceOf(t, alice)).toBe('70.00');
      const detail = await settled(t, alice, res.body.id);
      expect(detail).toMatchObject({ status: 'refunded', wallet_payout: { stage: 'returned', return_reason: reason } });
      expect(detail.timeline?.find((s) => s.status === 'refunded')?.reason).toBe(reason);
      expect(await balanceOf(t, alice)).toBe('100.00');
      expect(await pendingBalance(t)).toBe(before);
      expect(await entriesOf(t, res.body.id)).toBe(2);
      const returned = (await notices(t, alice)).filter((n) => n.kind === 'payout_returned');
      expect(returned).toHaveLength(1);
      const words = {
        wallet_not_found: 'pas de portefeuille mobile sur ce numéro',
        wallet_ceiling_exceeded: 'plafond du portefeuille',
        partner_unavailable: 'opérateur du portefeuille était indisponible',
      }[reason];
      expect(returned[0]?.body).toContain(words);
      expect(returned[0]?.body).toContain('revenu sur votre solde');
      // Taken off the sender's limits as well: what came back may be sent again.
      expect((await checkLedger(t.database.db)).problems).toEqual([]);
    },
  );

  it('refuses a number that is not a Moroccan mobile, on the contact field, moving nothing', async () => {
    const alice = await sender(t, 100_00n);
    const french = await recipientOf(t, alice, {
      first_name: 'Paul',
      last_name: 'Martin',
      phone_number: '+33612345678',
    });
    // A Moroccan landline (+212 5…) has no wallet either.
    const landline = await recipientOf(t, alice, {
      first_name: 'Dar',
      last_name: 'Lmakhzen',
      phone_number: '+212522123456',
    });
    const byMail = await recipientOf(t, alice, { first_name: 'Sara', last_name: 'B', email: uniqueEmail('nophone') });
    for (const contact of [french, landline, byMail]) {
      const res = await create(t, alice, { amount: 20, contact, delivery: 'mobile_wallet' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ contact: [payoutMessages.noMobileWallet] });
    }
    const toAgency = await create(t, alice, { amount: 20, contact: await agency(t), delivery: 'mobile_wallet' });
    expect(toAgency.status).toBe(400);
    expect(toAgency.body).toMatchObject({ contact: [payoutMessages.walletNotAPerson] });
    expect(await balanceOf(t, alice)).toBe('100.00');
  });

  it('passes the guards of every send: a frozen sender, bounds, balance, a wrong code move nothing', async () => {
    const alice = await sender(t, 30_00n);
    const contact = await walletRecipient(t, alice);
    expect((await create(t, alice, { amount: 0.5, contact, delivery: 'mobile_wallet' })).status).toBe(400);
    expect((await create(t, alice, { amount: 40, contact, delivery: 'mobile_wallet' })).status).toBe(400);
    const wrongCode = await create(t, alice, {
      amount: 10,
      contact,
      delivery: 'mobile_wallet',
      security_code: '000000',
    });
    expect(wrongCode.status).toBeGreaterThanOrEqual(400);
    expect(wrongCode.status).toBeLessThan(500);
    await setFrozen(t, op, alice, true);
    const frozen = await create(t, alice, { amount: 10, contact, delivery: 'mobile_wallet' });
    expect(frozen.status).toBe(403);
    await setFrozen(t, op, alice, false);
    expect(await balanceOf(t, alice)).toBe('30.00');
    const none = await t.database.db
      .selectFrom('transactions')
      .select('id')
      .where('sender_user_id', '=', String(alice.userId))
      .execute();
    expect(none).toEqual([]);
  });

  it('waits out an account recovery: refused while it is decided, and above the threshold in the cooling-off', async () => {
    const alice = await sender(t, 5_000_00n);
    const contact = await walletRecipient(t, alice);
    const setRecovery = (column: 'recovery_pending_until' | 'recovery_cooling_until', until: Date | null) =>
      t.database.db
        .updateTable('users')
        .set({ [column]: until })
        .where('id', '=', String(alice.userId))
        .execute();
    const inAWeek = new Date(Date.now() + 7 * 86_400_000);
    await setRecovery('recovery_pending_until', inAWeek);
    const pending = await create(t, alice, { amount: 100, contact, delivery: 'mobile_wallet' });
    expect(pending.status).toBe(403);
    expect(pending.body).toMatchObject({ detail: recoveryMessages.pending });
    await setRecovery('recovery_pending_until', null);
    await setRecovery('recovery_cooling_until', inAWeek);
    // Money that leaves to a wallet cannot wait in a hold the sweep releases: above the threshold it is refused.
    const above = await create(t, alice, { amount: 2_500, contact, delivery: 'mobile_wallet' });
    expect(above.status).toBe(403);
    expect(above.body).toMatchObject({ detail: recoveryMessages.coolingOff });
    expect(await balanceOf(t, alice)).toBe('5000.00');
    const below = await create(t, alice, { amount: 100, contact, delivery: 'mobile_wallet' });
    expect(below.status, JSON.stringify(below.body)).toBe(201);
    await setRecovery('recovery_cooling_until', null);
  });

  it('replays an Idempotency-Key: one payout, one debit, one request to the operator', async () => {
    const alice = await sender(t, 100_00n);
    const contact = await walletRecipient(t, alice);
    const body = { amount: 25, contact, delivery: 'mobile_wallet' };
    const first = await create(t, alice, body, 'wallet-key-1');
    const again = await create(t, alice, body, 'wallet-key-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect((await settled(t, alice, first.body.id)).status).toBe('completed');
    expect(await balanceOf(t, alice)).toBe('75.00');
    const dispatches = await t.database.db
      .selectFrom('wallet_payout_dispatches')
      .select(['attempts', 'done_at'])
      .where('transaction_id', '=', String(first.body.id))
      .execute();
    expect(dispatches).toHaveLength(1);
    expect(dispatches[0]?.done_at).not.toBeNull();
  });

  it('a request repeated after a crash (the row not marked done) asks nothing twice and moves nothing', async () => {
    const alice = await sender(t, 100_00n);
    const contact = await walletRecipient(t, alice);
    const res = await create(t, alice, { amount: 10, contact, delivery: 'mobile_wallet' });
    expect((await settled(t, alice, res.body.id)).status).toBe('completed');
    await t.database.db
      .updateTable('wallet_payout_dispatches')
      .set({ done_at: null, next_attempt_at: new Date(0) })
      .where('transaction_id', '=', String(res.body.id))
      .execute();
    const deps = serviceDeps({ config: t.config, db: t.database.db, clock: { now: () => new Date() } });
    await runWalletDispatches(deps, { transactionId: String(res.body.id) });
    expect(await entriesOf(t, res.body.id)).toBe(2);
    expect(await balanceOf(t, alice)).toBe('90.00');
    expect((await detailOf(t, alice, res.body.id)).status).toBe('completed');
  });
});

describe("the operator's callbacks", () => {
  /** A payout at the unreachable operator: its first request failed, it waits (processing) for a callback. */
  async function waitingPayout() {
    const alice = await sender(h, 100_00n, 'fr');
    const contact = await walletRecipient(h, alice);
    const res = await create(h, alice, { amount: 40, contact, delivery: 'mobile_wallet' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { alice, id: String(res.body.id), key: `sila-payout-${String(res.body.id)}` };
  }

  it('applies a completed callback once: the same callback again changes nothing', async () => {
    const { alice, id, key } = await waitingPayout();
    const body = { idempotency_key: key, partner_reference: 'op-1', status: 'completed' };
    const first = await callback(h, body);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: 'completed' });
    const replay = await callback(h, body);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await entriesOf(h, id)).toBe(2);
    expect(await balanceOf(h, alice)).toBe('60.00');
    expect((await notices(h, alice)).filter((n) => n.kind === 'payout_completed')).toHaveLength(1);
  });

  it('ignores a failed after completed, and a completed after failed: no money moves twice', async () => {
    const done = await waitingPayout();
    await callback(h, { idempotency_key: done.key, partner_reference: 'op-2', status: 'completed' });
    const late = await callback(h, {
      idempotency_key: done.key,
      partner_reference: 'op-2',
      status: 'failed',
      reason: 'wallet_not_found',
    });
    expect(await late.json()).toEqual({ received: true, outcome: 'ignored_out_of_order' });
    expect(await balanceOf(h, done.alice)).toBe('60.00');
    expect((await detailOf(h, done.alice, done.id)).status).toBe('completed');

    const failed = await waitingPayout();
    const refused = await callback(h, {
      idempotency_key: failed.key,
      partner_reference: 'op-3',
      status: 'failed',
      reason: 'wallet_ceiling_exceeded',
    });
    expect(await refused.json()).toEqual({ received: true, outcome: 'returned' });
    const after = await callback(h, { idempotency_key: failed.key, partner_reference: 'op-3', status: 'completed' });
    expect(await after.json()).toEqual({ received: true, outcome: 'ignored_out_of_order' });
    expect(await balanceOf(h, failed.alice)).toBe('100.00');
    expect(await entriesOf(h, failed.id)).toBe(2);
    expect((await detailOf(h, failed.alice, failed.id)).wallet_payout?.return_reason).toBe('wallet_ceiling_exceeded');
    expect((await checkLedger(h.database.db)).problems).toEqual([]);
  });

  it('answers 401 to a forged or absent signature, and 400 to a signed body it cannot read, changing nothing', async () => {
    const { alice, id, key } = await waitingPayout();
    const body = { idempotency_key: key, partner_reference: 'op-4', status: 'completed' };
    const forged = await callback(h, body, signPayload(JSON.stringify(body), 'not-the-secret-at-all', new Date()));
    expect(forged.status).toBe(401);
    expect((await callback(h, body, null)).status).toBe(401);
    expect((await callback(h, body, 't=1,v1=' + '0'.repeat(64))).status).toBe(401);
    // Signed with the right secret five minutes and more ago: a captured request replayed later.
    const old = signPayload(JSON.stringify(body), SECRET, new Date(Date.now() - 3_600_000));
    expect((await callback(h, body, old)).status).toBe(401);
    const unreadable = { idempotency_key: key, partner_reference: 'op-4', status: 'failed' };
    expect((await callback(h, unreadable)).status).toBe(400);
    expect((await detailOf(h, alice, id)).status).toBe('processing');
    expect(await balanceOf(h, alice)).toBe('60.00');
    expect(await entriesOf(h, id)).toBe(1);
  });

  it('the sandbox signs with the secret derived for this server (what the route checks)', () => {
    expect(walletCallbackSecret(t.config)).toMatch(/^[0-9a-f]{64}$/);
    expect(walletCallbackSecret(h.config)).toBe(SECRET);
  });
});

describe("a bank's status report", () => {
  it('never settles a mobile wallet payout, even one naming it', async () => {
    const alice = await sender(h, 100_00n);
    const contact = await walletRecipient(h, alice);
    const res = await create(h, alice, { amount: 12, contact, delivery: 'mobile_wallet' });
    const id = String(res.body.id);
    // As the operator's acceptance leaves it: sent to the wallet.
    await h.database.db.updateTable('transactions').set({ status: 'submitted' }).where('id', '=', id).execute();
    const line = `<TxInfAndSts><OrgnlEndToEndId>${endToEndIdOf(id)}</OrgnlEndToEndId><TxSts>ACSC</TxSts></TxInfAndSts>`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt><GrpHdr><MsgId>BANK-1</MsgId><CreDtTm>2031-01-02T10:00:00</CreDtTm></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>SILA-X</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId></OrgnlGrpInfAndSts><OrgnlPmtInfAndSts><OrgnlPmtInfId>SILA-X</OrgnlPmtInfId>${line}</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;
    const deps = serviceDeps({ config: h.config, db: h.database.db, clock: { now: () => new Date() } });
    expect(await importReport(deps, xml)).toEqual({ completed: 0, returned: 0, unchanged: 1 });
    expect((await detailOf(h, alice, id)).status).toBe('submitted');
    expect(await entriesOf(h, id)).toBe(1);
  });
});

describe('an operator that cannot be reached', () => {
  it('is asked again with backoff, then the payout is returned as partner_unavailable, once', async () => {
    const alice = await sender(h, 100_00n, 'en');
    const contact = await walletRecipient(h, alice);
    const res = await create(h, alice, { amount: 15, contact, delivery: 'mobile_wallet' });
    expect(res.status).toBe(201);
    const id = String(res.body.id);
    const deps = serviceDeps({ config: h.config, db: h.database.db, clock: { now: () => new Date() } });
    const dispatchRow = () =>
      h.database.db
        .selectFrom('wallet_payout_dispatches')
        .select(['attempts', 'done_at', 'last_error'])
        .where('transaction_id', '=', id)
        .executeTakeFirstOrThrow();
    // The send's own hand-over failed (attempt 1); the worker's passes make the others, as each comes due.
    for (let i = 0; i < 100 && (await dispatchRow()).done_at === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await runWalletDispatches(deps, { transactionId: id });
    }
    const dispatch = await dispatchRow();
    expect(dispatch.attempts).toBe(3);
    expect(dispatch.done_at).not.toBeNull();
    expect(dispatch.last_error).toContain('unreachable');
    const detail = await detailOf(h, alice, id);
    expect(detail).toMatchObject({
      status: 'refunded',
      wallet_payout: { stage: 'returned', return_reason: 'partner_unavailable' },
    });
    expect(await balanceOf(h, alice)).toBe('100.00');
    expect(await entriesOf(h, id)).toBe(2);
    const returned = (await notices(h, alice)).filter((n) => n.kind === 'payout_returned');
    expect(returned).toHaveLength(1);
    expect(returned[0]?.body).toContain('the wallet operator was unavailable');
    // A late success callback after the return moves nothing.
    const late = await callback(h, {
      idempotency_key: `sila-payout-${id}`,
      partner_reference: 'op-9',
      status: 'completed',
    });
    expect(await late.json()).toEqual({ received: true, outcome: 'ignored_out_of_order' });
    expect(await balanceOf(h, alice)).toBe('100.00');
  });
});
