import { createServer, type Server } from 'node:net';
import type { LookupFunction } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushMessages } from '../../../common/api/push.ts';
import { createPushAdapter } from '../../adapters/push/push-adapter.ts';
import { generateVapidKeys } from '../../security/vapid-keys.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { call, ensureRates, testEnv, type SignedIn } from '../../../tests/support/identity.ts';
import { productionEnv } from '../../../tests/support/production-env.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { customer } from '../transfers/transactions.fixtures.ts';
import { runNotificationDeliveries } from './delivery.worker.ts';
import { notify } from './notify.ts';
import { saveSubscription } from './push.repository.ts';

/**
 * A push endpoint is chosen by whoever subscribes: these are the ways to aim the server at its own machine or
 * network, each of which must be refused when the browser subscribes or never connected to when a push leaves, the
 * subscription then dropped. A listener on 127.0.0.1 counts the connections that reach it: none may.
 */
let listener: Server;
let connections = 0;
let port = 0;

/**
 * A resolver as an attacker's DNS (a name pointing at 127.0.0.1) or a cloud's (its metadata service, link-local)
 * would answer; anything else fails as a name that does not exist.
 */
const resolve: LookupFunction = (hostname, options, callback) => {
  const address = { 'rebind.test': '127.0.0.1', 'metadata.google.internal': '169.254.169.254' }[hostname];
  if (address === undefined) return callback(Object.assign(new Error(hostname), { code: 'ENOTFOUND' }), '', 0);
  if (options.all) return callback(null, [{ address, family: 4 }]);
  return callback(null, address, 4);
};

const literalSpellings = () => [
  `https://0x7f000001:${port}/push/hex`,
  `https://0x7f.1:${port}/push/short-hex`,
  `https://localhost.:${port}/push/root-dot`,
  `https://[::ffff:127.0.0.1]:${port}/push/v4-mapped`,
  `https://[::1]:${port}/push/v6-loopback`,
  `https://10.0.0.7:${port}/push/private`,
  `https://[fd00::7]:${port}/push/unique-local`,
  `http://127.0.0.1:${port}/push/not-the-listed-service`,
];
const nameSpellings = () => [
  `https://rebind.test:${port}/push/name`,
  'https://metadata.google.internal/computeMetadata/v1/',
];

const keys = {
  p256dh: 'BJKlPpzJ_ob-7y6PXZHxiEl9b5k0YvNHExQe8_Mpe6vj3zt03P3hgljmmotR7Fnc-jYDueyrB8kS-wnRpS5xkEw',
  auth: 'AAECAwQFBgcICQoLDA0ODw',
};
const vapidKeys = generateVapidKeys();
const vapidEnv = { VAPID_PUBLIC_KEY: vapidKeys.publicKey, VAPID_PRIVATE_KEY: vapidKeys.privateKey };

/** An app with no PUSH_SERVICE_ORIGINS outside production: any push service, at a public address. */
let open: TestApp;
/** PUSH_SERVICE_ORIGINS lists a local push service on another port: the one local address allowed. */
let listed: TestApp;
/** Production's default: the browsers' push services only. */
let production: TestApp;

beforeAll(async () => {
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((done) => listener.listen(0, '127.0.0.1', done));
  port = (listener.address() as { port: number }).port;
  const env = { ...testEnv, ...vapidEnv };
  // The open app resolves names with the resolver above (its configuration's rules: any origin, none trusted).
  const push = createPushAdapter(
    { ...vapidKeys, subject: 'mailto:push@example.com' },
    { allowed: 'any', trusted: [] },
    { resolve },
  );
  [open, listed] = await Promise.all([
    startTestApp({ env, deps: { push } }),
    startTestApp({ env: { ...env, PUSH_SERVICE_ORIGINS: `http://127.0.0.1:${port + 1}` } }),
  ]);
  await ensureRates(open);
  // The test apps' secrets: a customer signed in through their dev outbox is a customer here too.
  const { SECRET_KEY, SECURITY_CODE_PEPPER } = open.config;
  production = await startTestApp({ env: { ...productionEnv, ...vapidEnv, SECRET_KEY, SECURITY_CODE_PEPPER } });
});
afterAll(async () => {
  await Promise.all([open.close(), listed.close(), production.close()]);
  await new Promise((done) => listener.close(done));
});

/** A customer who may use `app` (production has no dev outbox to sign in through). */
const customerOf = (app: TestApp) => customer(app === production ? open : app);

const subscribe = (app: TestApp, s: SignedIn, endpoint: string) =>
  call<Record<string, unknown>>(app, 'POST', '/api/push/subscriptions/', {
    token: s.token,
    body: { endpoint, expirationTime: null, keys },
  });

const subscriptionsOf = async (userId: string | number) =>
  (
    await sql<{ endpoint: string }>`SELECT endpoint FROM push_subscriptions WHERE user_id = ${userId}::bigint`.execute(
      open.database.db,
    )
  ).rows.map((r) => r.endpoint);

describe('a push endpoint on this machine or its network', () => {
  it('is refused when a browser subscribes, by any spelling of the address, in every environment', async () => {
    for (const app of [open, listed, production]) {
      const s = await customerOf(app);
      for (const endpoint of literalSpellings()) {
        const res = await subscribe(app, s, endpoint);
        expect([res.status, res.body], `${endpoint} (${app.config.NODE_ENV})`).toEqual([
          400,
          { endpoint: [pushMessages.endpoint] },
        ]);
      }
      expect(await subscriptionsOf(s.userId)).toEqual([]);
    }
    // Names are judged on the address they resolve to when a push leaves (next test); where push services are
    // listed, anything else is refused at once.
    for (const app of [listed, production]) {
      const s = await customerOf(app);
      for (const endpoint of nameSpellings()) expect((await subscribe(app, s, endpoint)).status, endpoint).toBe(400);
    }
    expect(connections).toBe(0);
  });

  it('is never connected to when a push leaves: the subscription is dropped (saved before the rules, or a name that resolves inside)', async () => {
    const s = await customer(open);
    // A name is taken at subscription: what it resolves to is checked at connection time.
    for (const endpoint of nameSpellings()) expect((await subscribe(open, s, endpoint)).status, endpoint).toBe(201);
    // Subscriptions saved before these rules existed, or by a server configured otherwise.
    for (const endpoint of literalSpellings())
      await saveSubscription(open.database.db, String(s.userId), { endpoint, ...keys });
    expect(await subscriptionsOf(s.userId)).toHaveLength(literalSpellings().length + nameSpellings().length);

    await withTransaction(open.database.db, (tx) =>
      notify(tx, { userId: String(s.userId), kind: 'kyc_approved', transactionId: null, params: {} }),
    );
    // Another test app's worker may have tried first and left a backoff: the pass is run until the rows are gone.
    for (let i = 0; i < 100 && (await subscriptionsOf(s.userId)).length > 0; i++) {
      await sql`UPDATE notification_deliveries SET next_attempt_at = now() WHERE done_at IS NULL AND notification_id IN
        (SELECT id FROM notifications WHERE user_id = ${s.userId}::bigint)`.execute(open.owner.db);
      await runNotificationDeliveries(open.app.services);
      await new Promise((done) => setTimeout(done, 50));
    }
    expect(await subscriptionsOf(s.userId)).toEqual([]);
    expect(connections).toBe(0);
  });
});

describe('the push services allowed', () => {
  it('in production by default: the browsers’ services over https, nothing else', async () => {
    const s = await customerOf(production);
    const accepted = [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMotjTh',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
    ];
    for (const endpoint of accepted) expect((await subscribe(production, s, endpoint)).status, endpoint).toBe(201);
    const refused = [
      'https://push.example.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://notify.windows.com.evil.example/x',
      'https://fcm.googleapis.com:8443/x',
    ];
    for (const endpoint of refused) expect((await subscribe(production, s, endpoint)).status, endpoint).toBe(400);
  });

  it('when PUSH_SERVICE_ORIGINS is set, those only', async () => {
    const s = await customer(listed);
    expect((await subscribe(listed, s, `http://127.0.0.1:${port + 1}/push/x`)).status).toBe(201);
    expect((await subscribe(listed, s, 'https://fcm.googleapis.com/fcm/send/abc')).status).toBe(400);
  });
});
