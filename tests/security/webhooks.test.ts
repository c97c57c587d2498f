import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader, signPayload } from '../../server/adapters/payments/webhook-signature.ts';
import {
  completedEvent,
  exchangeEntries,
  me,
  startCardApp,
  validated,
  webhookSecret,
} from '../../server/modules/billing/billing.fixtures.ts';
import { call, movableClock, signIn, type SignedIn } from '../support/identity.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * Payment webhooks under attack: forged, stale and replayed deliveries are refused and move no
 * money. server/modules/billing/webhook.test.ts proves the happy paths, concurrency and crash recovery; here the
 * attacker holds a captured delivery (exact bytes and header) but not the secret.
 */
const clock = movableClock();
let t: TestApp;
beforeAll(async () => ({ t } = await startCardApp({ clock })));
afterAll(() => t.close());

const cents = (text: unknown) => Math.round(Number(text) * 100);

async function deliver(payload: string, header: string | undefined) {
  const res = await fetch(`${t.baseUrl}/api/billing/webhook/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(header !== undefined && { [signatureHeader]: header }) },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** What money a forged event could have moved for this customer: balance, entries, history rows. */
async function moneyOf(s: SignedIn, exchangeId: unknown) {
  const history = await call<{ count: number }>(t, 'GET', '/api/transactions/', { token: s.token });
  return {
    balance: (await me(t, s)).balance,
    entries: (await exchangeEntries(t, exchangeId)).length,
    history: history.body.count,
  };
}

async function paidDraft() {
  const s = await signIn(t);
  const { exchange, session } = await validated(t, s, '40.00');
  const payload = JSON.stringify(completedEvent(session, cents(exchange.total_amount)));
  return { s, exchange, session, payload };
}

describe('webhook attacks', () => {
  it('refuses bad signatures with 400 and moves no money', async () => {
    const { s, exchange, payload } = await paidDraft();
    const now = clock.now();
    const good = signPayload(payload, webhookSecret, now);
    const v1 = good.split('v1=')[1] ?? '';
    const headers: Record<string, string | undefined> = {
      missing: undefined,
      empty: '',
      garbage: 'garbage',
      'other secret': signPayload(payload, 'whsec_attacker_0123456789abcdef', now),
      'another body signed': signPayload(payload.replace('"eur"', '"usd"'), webhookSecret, now),
      'v0 scheme only': good.replace('v1=', 'v0='),
      'signature without timestamp': `v1=${v1}`,
      'timestamp moved, signature kept': good.replace(/^t=(\d+)/, (_m, ts: string) => `t=${Number(ts) + 1}`),
      'huge header': `t=1,${'v1=00,'.repeat(1000)}`,
    };
    for (const [what, header] of Object.entries(headers)) {
      const res = await deliver(payload, header);
      expect(res, what).toEqual({ status: 400, body: { detail: 'Invalid signature.' } });
    }
    expect(await moneyOf(s, exchange.id)).toEqual({ balance: '0.00', entries: 0, history: 0 });
  });

  it('refuses a stale or far-future timestamp (5-minute tolerance), even correctly signed', async () => {
    const { s, exchange, payload } = await paidDraft();
    const now = clock.now().getTime();
    for (const at of [now - 6 * 60_000, now + 6 * 60_000]) {
      const res = await deliver(payload, signPayload(payload, webhookSecret, new Date(at)));
      expect(res.status).toBe(400);
    }
    expect(await moneyOf(s, exchange.id)).toEqual({ balance: '0.00', entries: 0, history: 0 });
  });

  it('a replayed delivery credits once inside the tolerance, and is refused after it', async () => {
    const { s, exchange, payload } = await paidDraft();
    const header = signPayload(payload, webhookSecret, clock.now());
    expect((await deliver(payload, header)).body.outcome).toBe('credited');
    const credited = await moneyOf(s, exchange.id);
    expect(credited).toEqual({ balance: exchange.to_amount, entries: 1, history: 1 });

    // The same bytes and header, at once and in parallel: the event id is already applied.
    const replays = await Promise.all(Array.from({ length: 4 }, () => deliver(payload, header)));
    expect(replays.map((r) => r.body.outcome)).toEqual(Array(4).fill('duplicate:credited'));
    // The same payment under a new event id can only come from someone holding the secret: still once.
    const again = JSON.stringify({ ...(JSON.parse(payload) as object), id: 'evt_replayed_with_new_id' });
    expect((await deliver(again, header)).status).toBe(400);

    clock.advance(6 * 60);
    try {
      expect(await deliver(payload, header)).toEqual({ status: 400, body: { detail: 'Invalid signature.' } });
    } finally {
      clock.advance(-6 * 60);
    }
    expect(await moneyOf(s, exchange.id)).toEqual(credited);
  });

  it("a captured event cannot be pointed at someone else's checkout", async () => {
    const victim = await paidDraft();
    const attacker = await paidDraft();
    // The attacker owns a valid signed delivery for their own checkout and rewrites the session it names.
    const header = signPayload(attacker.payload, webhookSecret, clock.now());
    const redirected = attacker.payload.replaceAll(attacker.session, victim.session);
    expect((await deliver(redirected, header)).status).toBe(400);
    expect(await moneyOf(victim.s, victim.exchange.id)).toEqual({ balance: '0.00', entries: 0, history: 0 });
    expect(await moneyOf(attacker.s, attacker.exchange.id)).toEqual({ balance: '0.00', entries: 0, history: 0 });
  });

  it('answers malformed, empty and oversized bodies without a 5xx', async () => {
    for (const body of ['', 'not json', '{"id":', JSON.stringify({ type: 'x' }), 'x'.repeat(300 * 1024)]) {
      const res = await fetch(`${t.baseUrl}/api/billing/webhook/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [signatureHeader]: signPayload(body, webhookSecret, clock.now()),
        },
        body,
      });
      expect(res.status, body.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(res.status, body.slice(0, 20)).toBeLessThan(500);
    }
  });
});
