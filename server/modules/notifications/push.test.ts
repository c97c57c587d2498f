import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushMessages, pushPayloadSchema } from '../../../common/api/push.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { call, ensureRates, signIn, testEnv, uniqueEmail, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestPushService, type TestPushService } from '../../../tests/support/push-service.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { outbox } from '../transfers/methods/cash-pickup/pickups.fixtures.ts';
import { create, customer, recipientOf } from '../transfers/transactions.fixtures.ts';
import type { Dashboard } from '../../../common/api/ops-dashboard.ts';
import { outboxDeadCommand, outboxRetryCommand } from '../../cli/commands/outbox.ts';
import { operator } from '../ops/ops.fixtures.ts';
import { generateVapidKeys } from '../../security/vapid-keys.ts';
import { runNotificationDeliveries } from './delivery.worker.ts';
import { notify } from './notify.ts';

let t: TestApp;
let service: TestPushService;
/** A push service whose VAPID key is not the server's (it must refuse the server's pushes). */
let stranger: TestPushService;
const vapidKeys = generateVapidKeys();
const vapidEnv = { VAPID_PUBLIC_KEY: vapidKeys.publicKey, VAPID_PRIVATE_KEY: vapidKeys.privateKey };
beforeAll(async () => {
  service = await startTestPushService(vapidKeys.publicKey);
  stranger = await startTestPushService(Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'));
  // The local push services are on 127.0.0.1: listed, they are the only local addresses pushes may go to.
  t = await startTestApp({
    env: { ...testEnv, ...vapidEnv, PUSH_SERVICE_ORIGINS: `${service.url},${stranger.url}` },
  });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
  await service.close();
  await stranger.close();
});

type Subscription = ReturnType<TestPushService['subscribe']>;

const subscribe = (s: SignedIn, body: unknown) =>
  call<Record<string, unknown>>(t, 'POST', '/api/push/subscriptions/', { token: s.token, body });
const unsubscribe = (s: SignedIn, endpoint: string) =>
  call(t, 'DELETE', '/api/push/subscriptions/', { token: s.token, body: { endpoint } });
const preferences = (s: SignedIn, body?: unknown) =>
  call<Record<string, unknown>>(t, body === undefined ? 'GET' : 'PATCH', '/api/notifications/preferences/', {
    token: s.token,
    body,
  });

async function subscribed(s: SignedIn): Promise<Subscription> {
  const subscription = service.subscribe();
  const res = await subscribe(s, subscription);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return subscription;
}

const kycApproved = (s: SignedIn) =>
  withTransaction(t.database.db, (tx) =>
    notify(tx, { userId: s.userId, kind: 'kyc_approved', transactionId: null, params: {} }),
  );

/** The pushes an endpoint received once at least `count` arrived (deliveries leave after the answer: up to 5 s). */
async function pushesTo(endpoint: string, count = 1) {
  for (let waited = 0; ; waited += 50) {
    await runNotificationDeliveries(t.app.services);
    const got = service.received.filter((p) => p.endpoint === endpoint);
    if (got.length >= count || waited >= 5000)
      return got.map((p) => ({ ...p, payload: pushPayloadSchema.parse(JSON.parse(p.text)) }));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function deliveriesOf(userId: number) {
  const { rows } = await sql<{
    push: boolean;
    channel: string | null;
    done: boolean;
    attempts: number;
    dead: boolean;
    last_error: string | null;
    wait_ms: number;
  }>`
    SELECT d.push_subscription_id IS NOT NULL AS push, d.channel, d.done_at IS NOT NULL AS done, d.attempts,
      d.dead_at IS NOT NULL AS dead, d.last_error,
      (extract(epoch FROM d.next_attempt_at - now()) * 1000)::float8 AS wait_ms
    FROM notification_deliveries d JOIN notifications n ON n.id = d.notification_id
    WHERE n.user_id = ${userId} ORDER BY d.id`.execute(t.database.db);
  return rows;
}

/** The user's deliveries once none is waiting (whichever test app's worker sends them): up to 5 s. */
async function settled(userId: number) {
  for (let i = 0; ; i++) {
    const rows = await deliveriesOf(userId);
    if (rows.every((r) => r.done || r.dead) || i >= 100) return rows;
    await runNotificationDeliveries(t.app.services);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /api/push/key/', () => {
  it('gives anyone the VAPID public key: an uncompressed P-256 point, the one pushes are signed with', async () => {
    const res = await call<{ public_key: string }>(t, 'GET', '/api/push/key/');
    expect(res.status).toBe(200);
    expect(res.body.public_key).toBe(t.config.vapid?.publicKey);
    const point = Buffer.from(res.body.public_key, 'base64url');
    expect([point.length, point[0]]).toEqual([65, 4]);
  });
});

describe('POST /api/push/subscriptions/', () => {
  it('refuses a malformed subscription with a message on the field', async () => {
    const s = await customer(t);
    const good = service.subscribe();
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'http://push.example.com/x' }, 'endpoint'],
      [{ ...good, endpoint: 'ftp://push.example.com/x' }, 'endpoint'],
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, endpoint: `https://user:pw@push.example.com/x` }, 'endpoint'],
      [{ ...good, endpoint: `https://push.example.com/${'a'.repeat(2100)}` }, 'endpoint'],
      [{ keys: good.keys }, 'endpoint'],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 80) } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(1)}!` } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: Buffer.alloc(12).toString('base64url') } }, 'keys.auth'],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, 'keys.auth'],
      [{ endpoint: good.endpoint }, 'keys'],
    ];
    for (const [body, field] of cases) {
      const res = await subscribe(s, body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(Object.keys(res.body), JSON.stringify(body).slice(0, 200)).toEqual([field]);
    }
    const badKey = await subscribe(s, { ...good, keys: { ...good.keys, auth: 'abc' } });
    expect(badKey.body).toEqual({ 'keys.auth': [pushMessages.auth] });
    // A well-formed one is taken: padding as some browsers send it is accepted.
    const padded = await subscribe(s, { ...good, keys: { ...good.keys, auth: `${good.keys.auth}==` } });
    expect(padded.status, JSON.stringify(padded.body)).toBe(201);
    expect(padded.body).toMatchObject({ endpoint: good.endpoint });
  });

  it('needs a session', async () => {
    expect((await call(t, 'POST', '/api/push/subscriptions/', { body: service.subscribe() })).status).toBe(401);
  });
});

describe('a notification reaches the browser', () => {
  it('encrypted to the subscription, with a VAPID JWT for the push service, in the user’s language', async () => {
    const alice = await customer(t, 100_00n);
    const email = uniqueEmail('push');
    const bob = await signIn(t, { email }, 'fr');
    const phone = await subscribed(bob);
    const laptop = await subscribed(bob);
    const contact = await recipientOf(t, alice, { email });
    const sent = await create(t, alice, { amount: '12.50', contact });
    expect(sent.status).toBe(201);

    for (const endpoint of [phone.endpoint, laptop.endpoint]) {
      const pushes = await pushesTo(endpoint);
      expect(pushes).toHaveLength(1);
      const [push] = pushes;
      expect(push?.payload).toEqual({
        title: 'Vous avez reçu de l’argent',
        body: expect.stringContaining('12,50\u00A0MAD') as string,
        url: `/transactions/${String(sent.body.id)}?lang=fr`,
        tag: expect.stringMatching(/^notification-\d+$/) as string,
        lang: 'fr',
      });
      expect(push?.jwt.aud).toBe(service.url);
      expect(Number(push?.ttl)).toBeGreaterThan(0);
    }
    expect(service.refused).toEqual([]);
    // The e-mail went too: one row per channel, each done once.
    expect((await outbox(t, email))[0]?.subject).toBe('Sila : Vous avez reçu de l’argent');
    const rows = await settled(bob.userId);
    expect(rows.map((r) => [r.push, r.channel, r.done])).toEqual([
      [false, 'email', true],
      [true, 'push', true],
      [true, 'push', true],
    ]);
  });

  it('a push service answering 410 (or 404) deletes the subscription; the others still receive', async () => {
    const s = await customer(t);
    const gone = await subscribed(s);
    const lost = await subscribed(s);
    const kept = await subscribed(s);
    service.answer(gone.endpoint, 410);
    service.answer(lost.endpoint, 404);
    await kycApproved(s);
    expect(await pushesTo(kept.endpoint)).toHaveLength(1);
    for (let i = 0; i < 100 && (await deliveriesOf(s.userId)).length > 2; i++) {
      await runNotificationDeliveries(t.app.services);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const left = await t.database.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', String(s.userId))
      .execute();
    expect(left.map((r) => r.endpoint)).toEqual([kept.endpoint]);
    // Their deliveries went with them; the next notification queues a push for the one left only.
    expect((await settled(s.userId)).map((r) => [r.push, r.channel])).toEqual([
      [false, 'email'],
      [true, 'push'],
    ]);
    await kycApproved(s);
    expect(await pushesTo(kept.endpoint, 2)).toHaveLength(2);
    expect((await deliveriesOf(s.userId)).filter((r) => r.push)).toHaveLength(2);
  });

  it('a failing push service is retried with backoff, then the push arrives exactly once', async () => {
    const s = await customer(t);
    const browser = await subscribed(s);
    service.answer(browser.endpoint, 503);
    await kycApproved(s);
    let failed: Awaited<ReturnType<typeof deliveriesOf>>[number] | undefined;
    for (let i = 0; i < 100 && !failed; i++) {
      await runNotificationDeliveries(t.app.services);
      failed = (await deliveriesOf(s.userId)).find((r) => r.push && r.last_error !== null);
      if (!failed) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(failed).toMatchObject({ done: false, dead: false, last_error: 'push service answered 503' });
    expect(failed?.attempts).toBeGreaterThanOrEqual(1);
    // Backoff: the next attempt waits (CHAIN_RETRY_BASE_MS, doubling, with jitter), not the next pass.
    expect(failed?.wait_ms).toBeGreaterThan(0);
    expect(service.received.filter((p) => p.endpoint === browser.endpoint)).toEqual([]);

    service.answer(browser.endpoint, undefined);
    const pushes = await pushesTo(browser.endpoint);
    expect(pushes).toHaveLength(1);
    const row = (await deliveriesOf(s.userId)).find((r) => r.push);
    expect(row).toMatchObject({ done: true, channel: 'push', last_error: null });
    expect(row?.attempts).toBeGreaterThanOrEqual(2);
    // Later passes send nothing more.
    await runNotificationDeliveries(t.app.services);
    expect(service.received.filter((p) => p.endpoint === browser.endpoint)).toHaveLength(1);
  });
});

describe('dead letters', () => {
  it('a push that exhausts its attempts is dead: on the ops dashboard and outbox:dead, then outbox:retry sends it once', async () => {
    const s = await customer(t);
    const browser = await subscribed(s);
    service.answer(browser.endpoint, 503);
    await kycApproved(s);
    const impatient = {
      ...t.app.services,
      config: { ...t.config, CHAIN_MAX_ATTEMPTS: 2, CHAIN_RETRY_BASE_MS: 10, CHAIN_RETRY_MAX_MS: 20 },
    };
    const pushRow = async () => (await deliveriesOf(s.userId)).find((r) => r.push);
    for (let i = 0; i < 200 && !(await pushRow())?.dead; i++) {
      await runNotificationDeliveries(impatient);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await pushRow()).toMatchObject({ dead: true, done: false, last_error: 'push service answered 503' });
    const [{ id } = { id: '' }] = (
      await sql<{ id: string }>`SELECT d.id::text AS id FROM notification_deliveries d
        JOIN notifications n ON n.id = d.notification_id
        WHERE n.user_id = ${s.userId} AND d.push_subscription_id IS NOT NULL`.execute(t.database.db)
    ).rows;
    // Never leased again, whoever runs a pass.
    await runNotificationDeliveries(t.app.services);
    expect((await pushRow())?.dead).toBe(true);

    const ops = await operator(t);
    const dashboard = await call<Dashboard>(t, 'GET', '/api/ops/dashboard/', { token: ops.token });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.notification_deliveries.dead).toBeGreaterThanOrEqual(1);

    const out: string[] = [];
    expect(await outboxDeadCommand.run({ db: t.database.db, args: [], out: (l) => out.push(l) })).toBe(1);
    expect(out.join('\n')).toMatch(
      new RegExp(
        `notification ${id}  kyc_approved to user ${String(s.userId)} by push  \\d+ attempts .*push service answered 503`,
      ),
    );

    service.answer(browser.endpoint, undefined);
    const retried = await outboxRetryCommand.run({
      db: t.database.db,
      args: ['--kind', 'notification', '--id', id],
      out: () => undefined,
    });
    expect(retried).toBe(0);
    expect(await pushesTo(browser.endpoint)).toHaveLength(1);
    expect(await pushRow()).toMatchObject({ dead: false, done: true, channel: 'push' });
  });
});

describe('the test push service', () => {
  it('refuses a push whose VAPID JWT is not signed by the key it expects (the check is real)', async () => {
    const s = await customer(t);
    const browser = stranger.subscribe();
    expect((await subscribe(s, browser)).status).toBe(201);
    await kycApproved(s);
    for (let i = 0; i < 100 && stranger.refused.length === 0; i++) {
      await runNotificationDeliveries(t.app.services);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(stranger.refused[0]).toContain('k is not the server’s VAPID public key');
    expect(stranger.received).toEqual([]);
  });
});

describe('DELETE /api/push/subscriptions/', () => {
  it('removes the caller’s own subscription; another user’s endpoint is answered as an unknown one', async () => {
    const alice = await customer(t);
    const mallory = await customer(t);
    const browser = await subscribed(alice);
    expect((await unsubscribe(mallory, browser.endpoint)).status).toBe(404);
    expect(
      await t.database.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', browser.endpoint)
        .execute(),
    ).toHaveLength(1);
    expect((await unsubscribe(alice, browser.endpoint)).status).toBe(204);
    expect((await unsubscribe(alice, browser.endpoint)).status).toBe(404);
    await kycApproved(alice);
    expect((await deliveriesOf(alice.userId)).filter((r) => r.push)).toEqual([]);
    expect((await call(t, 'DELETE', '/api/push/subscriptions/', { body: { endpoint: browser.endpoint } })).status).toBe(
      401,
    );
  });

  it('a browser subscribed again by another user moves to them, with none of the first user’s pushes', async () => {
    const first = await customer(t);
    const second = await customer(t);
    const browser = await subscribed(first);
    service.answer(browser.endpoint, 503); // the first user's push stays pending
    await kycApproved(first);
    expect((await deliveriesOf(first.userId)).filter((r) => r.push)).toHaveLength(1);
    expect((await subscribe(second, browser)).status).toBe(201);
    expect((await deliveriesOf(first.userId)).filter((r) => r.push)).toEqual([]);
    service.answer(browser.endpoint, undefined);
    const notification = await kycApproved(second);
    // (A push of the first user's that a worker was sending at the very moment of the move can still land: the
    // move cannot recall a request in flight. Every later one is gone, as the rows above show.)
    let pushes: Awaited<ReturnType<typeof pushesTo>> = [];
    for (let i = 0; i < 100 && pushes.length === 0; i++) {
      pushes = (await pushesTo(browser.endpoint)).filter((p) => p.payload.tag === `notification-${notification}`);
    }
    expect(pushes).toHaveLength(1);
    expect((await unsubscribe(first, browser.endpoint)).status).toBe(404);
  });
});

describe('POST /api/push/subscriptions/renew/ (the service worker’s pushsubscriptionchange)', () => {
  const renew = (body: unknown) => call<Record<string, unknown>>(t, 'POST', '/api/push/subscriptions/renew/', { body });

  it('moves a replaced subscription to its new endpoint for the same user, proven by the old auth secret', async () => {
    const alice = await customer(t);
    const old = await subscribed(alice);
    const next = service.subscribe();
    // Anyone who does not hold the old secret gets a 404, like an unknown endpoint; nothing moves.
    const stranger = service.subscribe();
    for (const body of [
      { old_endpoint: old.endpoint, old_auth: stranger.keys.auth, subscription: next },
      { old_endpoint: stranger.endpoint, old_auth: stranger.keys.auth, subscription: next },
    ]) {
      expect((await renew(body)).status).toBe(404);
    }
    expect((await renew({ old_endpoint: old.endpoint, old_auth: 'short', subscription: next })).status).toBe(400);

    const res = await renew({ old_endpoint: old.endpoint, old_auth: old.keys.auth, subscription: next });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rows = await t.database.db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'user_id'])
      .where('endpoint', 'in', [old.endpoint, next.endpoint])
      .execute();
    expect(rows.map((r) => [r.endpoint, String(r.user_id)])).toEqual([[next.endpoint, String(alice.userId)]]);
    // The old proof is spent; the new browser receives alice's next notification.
    expect((await renew({ old_endpoint: old.endpoint, old_auth: old.keys.auth, subscription: next })).status).toBe(404);
    const notification = await kycApproved(alice);
    const pushes = (await pushesTo(next.endpoint)).filter((p) => p.payload.tag === `notification-${notification}`);
    expect(pushes).toHaveLength(1);
    expect(service.received.filter((p) => p.endpoint === old.endpoint)).toEqual([]);
  });
});

describe('channel preferences', () => {
  it('all on by default, in-app always; each toggle is honoured when the worker sends', async () => {
    const email = uniqueEmail('prefs');
    const s = await signIn(t, { email }, 'en');
    expect(await preferences(s)).toMatchObject({
      status: 200,
      body: { in_app: true, email: true, sms: true, push: true },
    });
    const browser = await subscribed(s);

    // Written while push was on (a push row is queued), turned off before any worker could send it (the same
    // commit): the worker reads the toggle when it sends, so no push.
    await withTransaction(t.database.db, async (tx) => {
      await notify(tx, { userId: s.userId, kind: 'kyc_approved', transactionId: null, params: {} });
      await sql`INSERT INTO notification_preferences (user_id, push) VALUES (${s.userId}, false)`.execute(tx);
    });
    expect(await preferences(s)).toMatchObject({
      status: 200,
      body: { in_app: true, email: true, sms: true, push: false },
    });
    expect((await settled(s.userId)).map((r) => [r.push, r.channel])).toEqual([
      [false, 'email'],
      [true, 'none'],
    ]);
    // Push off: nothing more is queued for the browser. E-mail off: the message is not sent either.
    expect((await preferences(s, { email: false })).body).toMatchObject({ email: false, push: false, sms: true });
    await kycApproved(s);
    expect((await settled(s.userId)).map((r) => [r.push, r.channel])).toEqual([
      [false, 'email'],
      [true, 'none'],
      [false, 'none'],
    ]);
    expect((await outbox(t, email)).filter((m) => m.subject === 'Sila: Identity verified')).toHaveLength(1);
    expect(service.received.filter((p) => p.endpoint === browser.endpoint)).toEqual([]);
    // The in-app list has both.
    const list = await call<{ count: number }>(t, 'GET', '/api/notifications/', { token: s.token });
    expect(list.body.count).toBe(2);
  });

  it('refuses anything but booleans of the three channels', async () => {
    const s = await customer(t);
    for (const body of [{ email: 'no' }, { in_app: false }, { push: 1 }, { other: true }]) {
      const res = await preferences(s, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t, 'GET', '/api/notifications/preferences/')).status).toBe(401);
  });
});
