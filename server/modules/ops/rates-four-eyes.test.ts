import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { call, ensureRates, movableClock, testEnv, type SignedIn } from '../../../tests/support/identity.ts';
import { startScratchApp } from '../../../tests/support/scratch-app.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { operator, opsAction } from './ops.fixtures.ts';

/**
 * Four eyes on the rates cannot be walked around by one operator: steps add up over 24 hours, a scheduled row is
 * compared with what it replaces, the card fee counts, and an approval applies only the change it was shown. On a
 * database of its own (these tests move the rates every price reads); each test starts days after the last, so
 * the 24 hours it looks back on hold only the row in force when it starts.
 */
const clock = movableClock();
let t: TestApp;
let op: SignedIn;
let second: SignedIn;
beforeAll(async () => {
  t = await startScratchApp('ops_rates_four_eyes_test', { env: testEnv, deps: { clock } });
  await ensureRates(t); // official 10.85, freemium 10.70, subscription 10.80, card fee 0.016
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  // Four days on: the rows the last test scheduled are in force, its requests have expired, and operators'
  // sessions (8 hours) are over, so they sign in again.
  clock.advance(4 * 86_400);
  [op, second] = await Promise.all([operator(t), operator(t)]);
});

type Body = Record<string, unknown>;
interface Rates {
  official: string;
  freemium: string;
  subscription: string;
  fee: string;
}
const setRates = (body: Body, as = op) => opsAction(t, as, 'rates/', { reason: 'Fixing', ...body });
const decide = (approval: unknown, decision: 'approve' | 'reject', as = second) =>
  opsAction(t, as, `approvals/${(approval as { id: number }).id}/${decision}/`, { reason: 'Checked' });
const inForce = async (): Promise<Rates> => {
  const res = await call<{ in_force: Rates }>(t, 'GET', '/api/ops/rates/', { token: op.token });
  const { official, freemium, subscription, fee } = res.body.in_force;
  return { official, freemium, subscription, fee };
};
const rowCount = async () =>
  (await call<{ count: number }>(t, 'GET', '/api/ops/rates/', { token: op.token })).body.count;
const isListed = async (approval: unknown, state: string) => {
  const list = await call<{ results: Body[] }>(
    t,
    'GET',
    `/api/ops/approvals/?kind=rates&state=${state}&page_size=100`,
    {
      token: second.token,
    },
  );
  return list.body.results.some((a) => a.id === (approval as { id: number }).id);
};

/** `rate` times `permille`/1000, rounded half up to 4 decimals ("10.8500" x 981 -> "10.6439"). */
function scaled(rate: string, permille: bigint): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const units = BigInt(whole + fraction.padEnd(4, '0').slice(0, 4));
  const result = (units * permille + 500n) / 1000n;
  return `${result / 10_000n}.${(result % 10_000n).toString().padStart(4, '0')}`;
}
const scaledRates = (r: Rates, permille: bigint) => ({
  official: scaled(r.official, permille),
  freemium: scaled(r.freemium, permille),
  subscription: scaled(r.subscription, permille),
});
const figures = (r: Pick<Rates, 'official' | 'freemium' | 'subscription'>) => ({
  official: r.official,
  freemium: r.freemium,
  subscription: r.subscription,
});
const at = (hours: number) => new Date(clock.now().getTime() + hours * 3600_000).toISOString();

describe('rates four eyes: steps add up', () => {
  it('five steps of 1.9 % down by one operator: the first applies, the one past 2 % in total is a request', async () => {
    const start = await inForce();
    const first = await setRates(scaledRates(start, 981n));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const afterFirst = await inForce();
    // 1.9 % below the rates in force, 3.8 % below those of an hour ago: the walk stops at a second operator.
    clock.advance(3600);
    const walk: number[] = [];
    for (let step = 2; step <= 5; step++) {
      const res = await setRates(scaledRates(await inForce(), 981n));
      walk.push(res.status);
      if (res.status === 202) {
        expect(res.body).toMatchObject({ applied: false, approval: { kind: 'rates', state: 'pending' } });
        expect((res.body.approval as { payload: Body }).payload).toMatchObject({ change_percent: '3.77' });
        expect(await decide(res.body.approval, 'reject')).toMatchObject({ status: 200 });
      }
    }
    expect(walk).toEqual([202, 202, 202, 202]);
    expect(await inForce()).toEqual(afterFirst);
    // A day after the first step, the rows of the last 24 hours are its own: the next step applies alone.
    clock.advance(24 * 3600);
    [op, second] = await Promise.all([operator(t), operator(t)]);
    const later = await setRates(scaledRates(afterFirst, 981n));
    expect(later.status, JSON.stringify(later.body)).toBe(200);
  });

  it('small steps up add up too: the step past 2 % above the rates of the last 24 hours waits', async () => {
    const start = await inForce();
    const statuses: number[] = [];
    for (let step = 1; step <= 3; step++) statuses.push((await setRates(scaledRates(await inForce(), 1009n))).status);
    // +0.9 %, +1.8 %, then +2.7 % above where the rates stood when the walk began.
    expect(statuses).toEqual([200, 200, 202]);
    expect(Number((await inForce()).official)).toBeLessThan(Number(start.official) * 1.02);
  });
});

describe('rates four eyes: a scheduled row is compared with what it replaces', () => {
  it('a row posted alone may not replace, at its time, a row a second operator approved', async () => {
    const base = await inForce();
    const when = at(48);
    const raise = await setRates({ ...scaledRates(base, 1030n), effective_at: when });
    expect(raise.status, JSON.stringify(raise.body)).toBe(202);
    expect(await decide(raise.body.approval, 'approve')).toMatchObject({ status: 200 });
    const count = await rowCount();
    // Back to today's rates an hour after the approved row, or at the same time (the newest row of a time wins):
    // 0 % against the rates in force now, 2.9 % against the row it replaces.
    for (const effective of [at(49), when]) {
      const back = await setRates({ ...figures(base), effective_at: effective });
      expect(back.status, `${effective} ${JSON.stringify(back.body)}`).toBe(202);
      const change = (back.body.approval as { payload: { change_percent: string } }).payload.change_percent;
      expect(Number(change)).toBeGreaterThan(2.9);
      expect(await decide(back.body.approval, 'reject')).toMatchObject({ status: 200 });
    }
    expect(await rowCount()).toBe(count);
    // Before the approved row the rates of today may still be set alone: the approved change follows them.
    const before = await setRates({ ...figures(base), effective_at: at(47) });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
  });

  it('two scheduled rows posted alone cannot make a jump past the threshold between them', async () => {
    const base = await inForce();
    // 1.5 % up in ten hours, then 1.5 % below today's rates an hour later: each within 2 % of the rates in force
    // now, but the second is a 3 % fall from the row it replaces.
    const up = await setRates({ ...scaledRates(base, 1015n), effective_at: at(10) });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const count = await rowCount();
    for (const effective of [at(11), at(72)]) {
      const down = await setRates({ ...scaledRates(base, 985n), effective_at: effective });
      expect(down.status, `${effective} ${JSON.stringify(down.body)}`).toBe(202);
      expect(await decide(down.body.approval, 'reject')).toMatchObject({ status: 200 });
    }
    expect(await rowCount()).toBe(count);
  });
});

describe('rates four eyes: the card fee', () => {
  it('a fee of 0.99 or of 0 waits for a second operator; a move within OPS_RATE_FEE_FOUR_EYES_BP applies', async () => {
    const base = await inForce();
    expect(base.fee).toBe('0.016000');
    for (const [fee, bp] of [
      ['0.99', '9740'],
      ['0', '160'],
    ] as const) {
      const res = await setRates({ ...figures(base), fee });
      expect(res.status, `${fee} ${JSON.stringify(res.body)}`).toBe(202);
      expect((res.body.approval as { payload: Body }).payload).toMatchObject({
        fee,
        fee_change_bp: bp,
        change_percent: '0.00',
      });
      expect(await inForce()).toEqual(base);
      expect(await decide(res.body.approval, 'reject')).toMatchObject({ status: 200 });
    }
    const small = await setRates({ ...figures(base), fee: '0.018' });
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    expect(await inForce()).toMatchObject({ fee: '0.018000' });
    // 0.016 to 0.018 to 0.0195: each step 0.2 % or less, 0.35 % since yesterday: a request.
    const next = await setRates({ ...figures(base), fee: '0.0195' });
    expect(next.status, JSON.stringify(next.body)).toBe(202);
    expect(
      (await call<{ four_eyes_fee_bp: number }>(t, 'GET', '/api/ops/rates/', { token: op.token })).body
        .four_eyes_fee_bp,
    ).toBe(25);
  });
});

describe('rates four eyes: the approval applies only the change it was shown', () => {
  it('rates set since the request: the approval is a 409, nothing applied; asked again, it applies', async () => {
    const base = await inForce();
    const request = await setRates(scaledRates(base, 1030n));
    expect(request.status, JSON.stringify(request.body)).toBe(202);
    const third = await operator(t);
    const tweak = await setRates(scaledRates(base, 1005n), third);
    expect(tweak.status, JSON.stringify(tweak.body)).toBe(200);
    const moved = await inForce();
    const count = await rowCount();

    const stale = await decide(request.body.approval, 'approve');
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ detail: opsMessages.ratesChanged });
    expect(await inForce()).toEqual(moved);
    expect(await rowCount()).toBe(count);
    expect(await isListed(request.body.approval, 'pending')).toBe(true);

    // Asked again: the stale request gives way, the new one is measured on the rates now in force.
    const again = await setRates(scaledRates(base, 1030n));
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(await isListed(request.body.approval, 'expired')).toBe(true);
    expect(await decide(again.body.approval, 'approve')).toMatchObject({ status: 200 });
    expect(figures(await inForce())).toEqual(scaledRates(base, 1030n));
  });

  it('a scheduled row that came into force since the request makes its approval a 409 too', async () => {
    const base = await inForce();
    const scheduled = await setRates({ ...scaledRates(base, 1005n), effective_at: at(1) });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    const request = await setRates(scaledRates(base, 1030n));
    expect(request.status, JSON.stringify(request.body)).toBe(202);
    clock.advance(3601);
    const moved = await inForce();
    expect(figures(moved)).toEqual(scaledRates(base, 1005n));
    const stale = await decide(request.body.approval, 'approve');
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ detail: opsMessages.ratesChanged });
    expect(await inForce()).toEqual(moved);
  });
});
