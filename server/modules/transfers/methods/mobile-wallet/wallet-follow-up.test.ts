import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SILENT_WALLETS } from '../../../../adapters/payout-partner/sandbox-payout-partner.ts';
import { serviceDeps } from '../../../../app.ts';
import type { WorkerLog } from '../../../../jobs/worker-log.ts';
import { call, ensureRates, testEnv, type SignedIn } from '../../../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';
import { checkLedger } from '../../../../ledger/ledger-check.ts';
import { balanceOf, create, customer, recipientOf } from '../../transactions.fixtures.ts';
import { runWalletFollowUps } from './wallet-follow-up.ts';

/**
 * Mobile wallet payouts the operator accepted and never called back about: asked for by our key once
 * PAYOUT_WALLET_FOLLOW_UP_SECONDS have passed, the answer applied as its callback would be, and the money returned
 * as `partner_unavailable` after PAYOUT_WALLET_GIVE_UP_SECONDS without one. The sandbox's silent test numbers:
 * one whose callback is lost (it answers when asked), one that never answers. The passes run with a clock moved
 * forward; the app's own worker, on the real clock, finds nothing due meanwhile.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: {
      ...testEnv,
      PAYOUT_WALLET_SANDBOX_DELAY_MS: '0',
      PAYOUT_WALLET_FOLLOW_UP_SECONDS: '900',
      PAYOUT_WALLET_GIVE_UP_SECONDS: '7200',
    },
  });
  await ensureRates(t);
  // The test database is shared by the files one test worker runs in turn: wallet payouts that an earlier file left
  // with the operator are settled first, far in the future, so the passes below count only this file's.
  await passAt(30 * 86_400);
});
afterAll(async () => {
  await t.close();
});

const phoneOf = (behaviour: 'callback_lost' | 'no_answer') =>
  Object.entries(SANDBOX_SILENT_WALLETS).find(([, b]) => b === behaviour)?.[0] ?? '';

/** A pass of the follow-up `seconds` from now, with what it logged. */
async function passAt(seconds: number) {
  const logged: { level: string; message: string }[] = [];
  const record = (level: string) => (_details: object, message: string) => logged.push({ level, message });
  const log: WorkerLog = { info: record('info'), warn: record('warn'), error: record('error') };
  const later = new Date(Date.now() + seconds * 1000);
  const deps = serviceDeps({ config: t.config, db: t.database.db, clock: { now: () => later } });
  return { ...(await runWalletFollowUps(deps, log)), logged };
}

async function statusOf(id: unknown): Promise<string> {
  const row = await t.database.db
    .selectFrom('transactions')
    .select('status')
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
  return row.status;
}

/** A payout to `phone`, once the operator accepted it (`submitted`: no callback will come). */
async function acceptedPayout(phone: string) {
  const sender = await customer(t, 100_00n);
  const contact = await recipientOf(t, sender, { first_name: 'Amina', last_name: 'Idrissi', phone_number: phone });
  const res = await create(t, sender, { amount: 40, contact, delivery: 'mobile_wallet' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  for (let i = 0; i < 100 && (await statusOf(res.body.id)) !== 'submitted'; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await statusOf(res.body.id)).toBe('submitted');
  return { sender, id: res.body.id as number };
}

async function noticesOf(s: SignedIn, id: number) {
  const res = await call<{ results: { kind: string; transaction: number | null; body: string }[] }>(
    t,
    'GET',
    '/api/notifications/?lang=en&page_size=100',
    { token: s.token },
  );
  return res.body.results.filter((n) => n.transaction === id);
}

describe('a mobile wallet payout whose callback never comes', () => {
  it('is not asked before the delay; then the answer is applied once, as a callback', async () => {
    const { sender, id } = await acceptedPayout(phoneOf('callback_lost'));
    expect((await passAt(0)).asked).toBe(0);
    expect(await statusOf(id)).toBe('submitted');

    const pass = await passAt(901);
    expect(pass).toMatchObject({ asked: 1, applied: 1, returned: 0 });
    const detail = await call<Record<string, unknown>>(t, 'GET', `/api/transactions/${String(id)}/`, {
      token: sender.token,
    });
    expect(detail.body).toMatchObject({ status: 'completed', wallet_payout: { stage: 'credited' } });
    expect((await noticesOf(sender, id)).map((n) => n.kind)).toEqual(['payout_completed']);
    expect(await balanceOf(t, sender)).toBe('60.00');
    // Finished: never asked again, and nothing moves twice.
    expect((await passAt(99_999)).asked).toBe(0);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('is asked every delay while the operator has no answer, then returned as partner_unavailable with an alert', async () => {
    const { sender, id } = await acceptedPayout(phoneOf('no_answer'));
    const first = await passAt(901);
    expect(first).toMatchObject({ asked: 1, applied: 0, returned: 0 });
    expect(await statusOf(id)).toBe('submitted');
    // Asked a moment ago: not again until the delay has passed once more.
    expect((await passAt(902)).asked).toBe(0);
    expect(await passAt(1802)).toMatchObject({ asked: 1, returned: 0 });

    const last = await passAt(7201);
    expect(last).toMatchObject({ asked: 1, applied: 0, returned: 1 });
    expect(last.logged).toEqual([expect.objectContaining({ level: 'error', message: expect.stringContaining('returned') })]);
    const detail = await call<Record<string, unknown>>(t, 'GET', `/api/transactions/${String(id)}/`, {
      token: sender.token,
    });
    expect(detail.body).toMatchObject({
      status: 'refunded',
      wallet_payout: { stage: 'returned', return_reason: 'partner_unavailable' },
    });
    expect(await balanceOf(t, sender)).toBe('100.00');
    const returned = (await noticesOf(sender, id)).filter((n) => n.kind === 'payout_returned');
    expect(returned).toHaveLength(1);
    expect(returned[0]?.body).toContain('the wallet operator was unavailable');
    expect((await passAt(99_999)).returned).toBe(0);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});
