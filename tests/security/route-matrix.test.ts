import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../common/api/contacts.ts';
import { opsMessages } from '../../common/api/ops.ts';
import { withdrawalMessages } from '../../common/api/withdrawals.ts';
import { balanceOf, create, customer, recipientOf } from '../../server/modules/transfers/transactions.fixtures.ts';
import { call, ensureRates, testEnv, uniquePhone, type SignedIn } from '../support/identity.ts';
import { startTestApp } from '../support/test-app.ts';
import { isWebAsset, matrix, matrixPushService, targetOf, type Params, type Rule } from './route-rules.ts';
import { freshKey, ownerSuccess } from './route-success.ts';
import { buildWorld, raw, routeKey, routeTable, type RouteEntry, type World } from './security-helpers.ts';

/**
 * Object and role isolation for every endpoint, generated from the real app's route table.
 * A route missing from the matrix fails the first test, so a new endpoint cannot be left out. Existing module
 * tests prove the same rules in depth for their own area (contacts.test.ts, withdrawals.test.ts
 * "isolates agencies and roles", security-code.test.ts "404 for someone else's id"); this file proves them for
 * all routes at once.
 */

// Top-level await: the table must exist when the tests are collected, so that each route gets its own test.
const t = await startTestApp({ env: { ...testEnv, PUSH_SERVICE_ORIGINS: matrixPushService } });
const routes = routeTable(t.app);
let w: World;
beforeAll(async () => {
  await ensureRates(t);
  w = await buildWorld(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

function request(route: RouteEntry, rule: Rule, as: SignedIn | undefined, params?: Params) {
  const target = targetOf(route, rule, w, params);
  return call(t, route.method, target, {
    ...(as && { token: as.token }),
    ...(rule.body && { body: rule.body(w) }),
  });
}

describe('route matrix', () => {
  it('classifies every route of the app, and names no route that does not exist', () => {
    expect(routes.length).toBeGreaterThan(30);
    const unclassified = routes
      .filter((r) => !(routeKey(r) in matrix) && !isWebAsset(r, t.config.webDistDir))
      .map(routeKey);
    expect(unclassified, 'add these routes to the matrix in tests/security/route-matrix.test.ts').toEqual([]);
    const known = new Set(routes.map(routeKey));
    expect(Object.keys(matrix).filter((key) => !known.has(key))).toEqual([]);
    for (const [key, rule] of Object.entries(matrix)) {
      if (rule.access === 'public' || rule.access === 'signed-body')
        expect(rule.why, `${key} is public: say why`).toBeTruthy();
    }
  });

  const classified = routes.filter((r) => routeKey(r) in matrix);

  it.each(classified.map((route) => [routeKey(route), route] as const))('%s', async (key, route) => {
    const rule = matrix[key];
    if (!rule) throw new Error('unclassified');
    if (rule.access === 'public') {
      // Pages, stylesheets and YAML among them: read as text.
      const body = rule.body ? JSON.stringify(rule.body(w)) : undefined;
      const res = await raw(t, route.method, targetOf(route, rule, w), {
        ...(body !== undefined && { body, contentType: 'application/json' }),
      });
      expect(res.status, res.text.slice(0, 200)).not.toBe(401);
      expect(res.status).toBeLessThan(500);
      return;
    }
    if (rule.access === 'signed-body') {
      // No signature, a made-up one, or a customer's token instead: 401, nothing looked at.
      const body = JSON.stringify(rule.body?.(w) ?? {});
      const path = targetOf(route, rule, w);
      const tries = [
        {},
        { headers: { 'x-payout-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` } },
        { token: w.alice.token },
      ];
      for (const options of tries) {
        const res = await raw(t, route.method, path, { body, contentType: 'application/json', ...options });
        expect(res.status, res.text.slice(0, 200)).toBe(401);
      }
      return;
    }

    // No token, a garbage token, or no token with a malformed body: 401 before anything else is looked at.
    const anonymous = await request(route, rule, undefined);
    expect(anonymous.status, JSON.stringify(anonymous.body)).toBe(401);
    expect((await request(route, rule, { token: 'a.b.c', userId: 0, role: 'customer' })).status).toBe(401);
    const malformed = await call(
      t,
      route.method,
      targetOf(route, rule, w),
      route.method === 'GET' ? {} : { body: { junk: [1] } },
    );
    expect(malformed.status, `malformed body without a token: ${JSON.stringify(malformed.body)}`).toBe(401);

    if (rule.access === 'banker') {
      // Alice owns the token, yet a customer is not a teller.
      const asOwner = await request(route, rule, w.alice);
      expect(asOwner.status, JSON.stringify(asOwner.body)).toBe(403);
      expect((await request(route, rule, w.mallory)).status).toBe(403);
      if (rule.params === undefined) {
        // No object in the path (the teller's own day): each agency's tellers get their own.
        for (const who of [w.teller1, w.teller2]) expect((await request(route, rule, who)).status).toBe(200);
        return;
      }
      const otherAgency = await request(route, rule, w.teller2);
      expect(otherAgency.status, JSON.stringify(otherAgency.body)).toBe(404);
      // Another agency's 404 may name the agency that pays it (agencies are public), and nothing else.
      expect(otherAgency.body).toMatchObject({ detail: withdrawalMessages.otherAgency });
      expect(Object.keys(otherAgency.body).filter((key) => key !== 'detail' && key !== 'agency')).toEqual([]);
      if (route.method === 'GET') expect((await request(route, rule, w.teller1)).status).toBe(200);
      return;
    }

    if (rule.access === 'operator') {
      // Customers and tellers are refused whatever they send; an auditor reads and never writes.
      for (const who of [w.alice, w.mallory, w.teller1]) {
        const res = await request(route, rule, who);
        expect(res.status, `${who.role}: ${JSON.stringify(res.body)}`).toBe(403);
        expect(res.body).toEqual({ detail: opsMessages.staffOnly });
      }
      const asAuditor = await request(route, rule, w.auditor);
      if (route.method === 'GET') {
        expect(asAuditor.status, JSON.stringify(asAuditor.body)).toBe(200);
        expect((await request(route, rule, w.operator)).status).toBe(200);
      } else {
        expect(asAuditor.status).toBe(403);
        expect(asAuditor.body).toEqual({ detail: opsMessages.auditorReadOnly });
      }
      return;
    }

    if (rule.params || rule.foreign) {
      const foreign = await request(route, rule, w.mallory);
      expect(foreign.status, JSON.stringify(foreign.body)).toBe(rule.foreign?.status ?? 404);
      if (rule.foreign?.body) expect(foreign.body).toEqual(rule.foreign.body);
      if (route.method === 'GET') {
        const owner = await request(route, rule, w.alice);
        expect(owner.status, `the owner reads it: ${JSON.stringify(owner.body)}`).toBe(200);
      }
    }

    const bankerExpected = rule.access === 'customer' ? rule.banker : rule.params ? (rule.banker ?? 404) : undefined;
    if (rule.access === 'customer' && bankerExpected === undefined) throw new Error('say what a banker gets');
    if (bankerExpected !== undefined) {
      const asBanker = await request(route, rule, w.teller1);
      expect(asBanker.status, JSON.stringify(asBanker.body)).toBe(bankerExpected);
      // Operators cannot send, top up or withdraw either: staff are not customers.
      if (rule.access === 'customer') {
        const asOperator = await request(route, rule, w.operator);
        expect(asOperator.status, `operator: ${JSON.stringify(asOperator.body)}`).toBe(bankerExpected);
      }
    }

    if (route.method === 'GET' && !rule.params) {
      // A list without parameters: each role the rule admits reads it (a route refusing its own users, or one
      // classified "signed-in" that turned customer-only, fails here; the other role is checked just above).
      const admitted = rule.access === 'signed-in' ? [w.alice, w.teller1] : [w.alice];
      for (const who of admitted) {
        const res = await request(route, rule, who);
        expect(res.status, `${who.role}: ${JSON.stringify(res.body)}`).toBe(rule.owner ?? 200);
      }
    }

    if (rule.agencyObject) {
      const params = rule.agencyObject(w);
      expect((await request(route, rule, w.teller2, params)).status).toBe(404);
      expect((await request(route, rule, w.mallory, params)).status).toBe(404);
      expect((await request(route, rule, w.teller1, params)).status).toBe(200);
    }
  });
});

describe('the owner succeeds', () => {
  // A signed-body route's success path is its partner's, proven by its module's tests (a signed call).
  const writes = routes.filter(
    (r) =>
      r.method !== 'GET' && matrix[routeKey(r)]?.access !== 'public' && matrix[routeKey(r)]?.access !== 'signed-body',
  );

  it('names a success path for every write route that is not public', () => {
    expect(writes.length).toBeGreaterThan(5);
    expect(writes.map(routeKey).filter((key) => !(key in ownerSuccess))).toEqual([]);
    expect(Object.keys(ownerSuccess).filter((key) => !writes.some((r) => routeKey(r) === key))).toEqual([]);
  });

  it.each(writes.map((route) => [routeKey(route), route] as const))('%s', async (key, route) => {
    const make = ownerSuccess[key];
    if (!make) throw new Error(`no success path for ${key}`);
    const c = await make(t, w);
    const res = c.send
      ? await c.send()
      : await call(t, route.method, c.path, {
          token: c.as.token,
          ...(c.body !== undefined && { body: c.body }),
          headers: freshKey(),
        });
    expect(res.status, JSON.stringify(res.body)).toBe(c.status);
  });
});

describe('web assets', () => {
  it('exempts files of the build only, never a directory such as / or /assets', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-web-'));
    try {
      fs.mkdirSync(path.join(dist, 'assets'));
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
      fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), '');
      const asset = (url: string, method = 'GET') => isWebAsset({ method, url }, dist);
      expect([asset('/index.html'), asset('/assets/index-abc.js')]).toEqual([true, true]);
      expect([asset('/'), asset('/assets'), asset('/assets/'), asset('/missing.js')]).toEqual([
        false,
        false,
        false,
        false,
      ]);
      expect([asset('/index.html', 'POST'), asset('/api/health/')]).toEqual([false, false]);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('ids in query strings and bodies', () => {
  it("another customer's user or contact id as a filter shows nothing of theirs", async () => {
    for (const query of [`?user=${w.alice.userId}`, `?contact=${w.alice.contactId}`, '']) {
      const res = await call<{ results: { id: number }[] }>(t, 'GET', `/api/transactions/${query}`, {
        token: w.mallory.token,
      });
      expect(res.status).toBe(200);
      const ids = res.body.results.map((r) => r.id);
      expect(ids).not.toContain(w.alice.transferId);
      expect(ids).not.toContain(w.alice.withdrawal.id);
    }
    const exchanges = await call<{ results: { id: number }[] }>(t, 'GET', '/api/exchanges/', {
      token: w.mallory.token,
    });
    expect(exchanges.body.results.map((e) => e.id)).not.toContain(w.alice.exchangeId);
    const contacts = await call<{ results: { id: number }[] }>(t, 'GET', '/api/contacts/?page_size=100', {
      token: w.mallory.token,
    });
    expect(contacts.body.results.map((c) => c.id)).not.toContain(w.alice.contactId);
  });

  it("a teller's history holds their own agency's withdrawals only, never a token", async () => {
    const list = async (s: SignedIn) =>
      (
        await call<{ results: { id: number; token: string | null }[] }>(t, 'GET', '/api/transactions/?page_size=100', {
          token: s.token,
        })
      ).body.results;
    const mine = await list(w.teller1);
    expect(mine.map((r) => r.id)).toContain(w.alice.withdrawal.id);
    expect(mine.every((r) => r.token === null)).toBe(true);
    expect((await list(w.teller2)).map((r) => r.id)).not.toContain(w.alice.withdrawal.id);
  });

  it('bankers read agencies (the withdrawal screens need the address) but manage no recipients', async () => {
    const agencies = await call<{ count: number }>(t, 'GET', '/api/contacts/?public=true', { token: w.teller1.token });
    expect(agencies.status).toBe(200);
    expect(agencies.body.count).toBeGreaterThan(0);
    expect((await call(t, 'GET', `/api/contacts/${w.agency2}/`, { token: w.teller1.token })).status).toBe(200);
    const own = await call(t, 'GET', '/api/contacts/', { token: w.teller1.token });
    expect(own.body).toEqual({ detail: contactMessages.customersOnly });
    // Customers read agencies too, and cannot delete them (ADR 004).
    expect((await call(t, 'GET', `/api/contacts/${w.agency1}/`, { token: w.mallory.token })).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/contacts/${w.agency1}/`, { token: w.mallory.token })).status).toBe(403);
  });

  it('ignores fields a client may not set: role, agency, balance, ownership, links', async () => {
    const eve = await customer(t);
    const patched = await call(t, 'PATCH', `/api/users/${eve.userId}/`, {
      token: eve.token,
      body: {
        first_name: 'Eve',
        last_name: 'Sdropper',
        country: 'FR',
        phone_number: uniquePhone(),
        role: 'BANKER',
        agency_id: Number(w.agency1),
        balance: '1000000.00',
        id: w.alice.userId,
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ id: eve.userId, role: 'customer', balance: '0.00' });
    expect((await call(t, 'GET', `/api/withdrawals/${w.alice.withdrawal.token}/`, { token: eve.token })).status).toBe(
      403,
    );
    const contact = await call(t, 'POST', '/api/contacts/', {
      token: eve.token,
      body: {
        first_name: 'Fake',
        last_name: 'Agency',
        email: `fake-${randomUUID()}@example.com`,
        public: true,
        owner_user_id: w.alice.userId,
        contact_user: w.alice.userId,
        account_id: `0x${'1'.repeat(40)}`,
        address: 'Evil street',
      },
    });
    expect(contact.status).toBe(201);
    expect(contact.body).toMatchObject({ public: false, contact_user: null, account_id: null, address: null });
    const agencies = await call<{ results: { id: number }[] }>(t, 'GET', '/api/contacts/?public=true&page_size=100', {
      token: w.alice.token,
    });
    expect(agencies.body.results.map((a) => a.id)).not.toContain(contact.body.id);
  });

  it("an Idempotency-Key never returns another customer's answer", async () => {
    const key = randomUUID();
    const mine = await create(t, w.alice, { amount: 1, contact: w.alice.contactId }, key);
    expect(mine.status).toBe(201);
    // The same key and the same body (so the same request hash): a shared key space would replay alice's answer.
    const theirs = await create(t, w.mallory, { amount: 1, contact: w.alice.contactId }, key);
    expect(theirs.status).toBe(400);
    expect(JSON.stringify(theirs.body)).not.toContain(String(mine.body.id));
    // With a recipient of his own, the key is simply his: a new transfer, not a 409 nor alice's.
    const own = await recipientOf(t, w.mallory, { email: `own-${randomUUID()}@example.com` });
    const fresh = await create(t, w.mallory, { amount: 1, contact: own }, key);
    expect(fresh.status).toBe(201);
    expect(fresh.body.id).not.toBe(mine.body.id);
  });

  it("after every attempt above, alice's objects and money are untouched", async () => {
    expect((await call(t, 'GET', `/api/contacts/${w.alice.contactId}/`, { token: w.alice.token })).status).toBe(200);
    const withdrawal = await call(t, 'GET', `/api/transactions/${w.alice.withdrawal.id}/`, { token: w.alice.token });
    expect(withdrawal.body).toMatchObject({ status: 'pending', token: w.alice.withdrawal.token });
    const exchanges = await call<{ results: { id: number; from_amount: string }[] }>(
      t,
      'GET',
      '/api/exchanges/?validated=false',
      { token: w.alice.token },
    );
    expect(exchanges.body.results).toMatchObject([{ id: w.alice.exchangeId, from_amount: '25.00' }]);
    const pickup = await call(t, 'GET', `/api/transactions/${w.alice.pickup.id}/`, { token: w.alice.token });
    expect(pickup.body).toMatchObject({
      status: 'available',
      pickup_reference: w.alice.pickup.reference,
      recipient_first_name: 'Cash',
      recipient_last_name: 'Pickup',
    });
    // 1,000 MAD, minus the 10 sent, the 20 held for the withdrawal, the 15 of the cash pickup and the 1 sent with
    // an Idempotency-Key.
    expect(await balanceOf(t, w.alice)).toBe('954.00');
    // Her security code was not changed by anyone else.
    const me = await call<{ results: { first_name: string }[] }>(t, 'GET', '/api/users/', { token: w.alice.token });
    expect(me.body.results[0]?.first_name).not.toBe('Mal');
  });
});
