import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericMessages } from '../../../common/api/messages.ts';
import { securityCodeErrors } from '../../../common/api/users.ts';
import { call, ensureRates, otherCode, testEnv, uniqueEmail } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { balanceOf, CODE, create, customer, newKey, recipientOf } from './transactions.fixtures.ts';

/**
 * The send checks its session inside its one statement (wallet_send_as(), migration 0500, ADR 010): the route
 * checks the token only, so these pin down that every refusal still comes after the session's 401, and that the
 * salt this process remembers for the code's HMAC never counts a failure when it is stale.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

const failures = async (userId: number) =>
  Number(
    (
      await t.database.db
        .selectFrom('users')
        .select('security_code_failures')
        .where('id', '=', String(userId))
        .executeTakeFirstOrThrow()
    ).security_code_failures,
  );

describe('POST /api/transactions/ checks the session in its statement', () => {
  it('a revoked session is a 401 before a bad body, key, amount or code, and nothing is counted or moved', async () => {
    const alice = await customer(t, 100_00n);
    const contact = await recipientOf(t, alice, { email: (await customer(t)).email });
    const refused = [
      { body: { amount: 'abc', contact, security_code: CODE } },
      { body: { amount: '1.00', contact, security_code: CODE }, headers: { 'idempotency-key': 'not a key!' } },
      { body: { amount: '20000.01', contact, security_code: CODE } },
      { body: { amount: '1.00', contact: 999_999_999, security_code: CODE } },
    ];
    // Live: each is refused for what it is.
    for (const request of refused) {
      const res = await call(t, 'POST', '/api/transactions/', { token: alice.token, ...request });
      expect(res.status, JSON.stringify(request)).toBe(400);
    }
    expect((await call(t, 'POST', '/api/auth/logout/', { token: alice.token })).status).toBe(204);
    for (const request of [
      ...refused,
      { body: { amount: '1.00', contact, security_code: otherCode(CODE) } },
      { body: { amount: '1.00', contact, security_code: CODE }, headers: { 'idempotency-key': newKey() } },
    ]) {
      const res = await call(t, 'POST', '/api/transactions/', { token: alice.token, ...request });
      expect(res.status, JSON.stringify(request)).toBe(401);
      expect(res.body).toEqual({ detail: genericMessages.unauthenticated });
    }
    expect(await failures(alice.userId)).toBe(0);
    const rows = await t.database.db
      .selectFrom('transactions')
      .select('id')
      .where('sender_user_id', '=', String(alice.userId))
      .execute();
    expect(rows).toEqual([]);
  });

  it('a code changed since this process read its salt: the new code sends, the old one counts once', async () => {
    const alice = await customer(t, 100_00n);
    const contact = await recipientOf(t, alice, { email: (await customer(t)).email });
    expect((await create(t, alice, { amount: '1.00', contact })).status).toBe(201);
    // A new code, with a new salt, set through the API (as another process would).
    const newCode = otherCode(CODE);
    const changed = await call(t, 'POST', `/api/users/${alice.userId}/security_code/`, {
      token: alice.token,
      body: { security_code: newCode, current_security_code: CODE },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBeLessThan(300);
    const sent = await create(t, alice, { amount: '2.00', contact, security_code: newCode });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await failures(alice.userId)).toBe(0);
    const old = await create(t, alice, { amount: '3.00', contact });
    expect(old.status).toBe(400);
    expect(old.body).toEqual({ security_code: [securityCodeErrors.invalid], attempts_remaining: 4 });
    expect(await balanceOf(t, alice)).toBe('97.00');
  });

  it('a customer without a code is asked to set one, by the one trip as by the general path', async () => {
    const noCode = await customer(t, 10_00n);
    await t.database.db
      .updateTable('users')
      .set({ security_code_hash: null, security_code_salt: null })
      .where('id', '=', String(noCode.userId))
      .execute();
    const registered = await recipientOf(t, noCode, { email: (await customer(t)).email });
    const unregistered = await recipientOf(t, noCode, { email: uniqueEmail() });
    const oneTrip = await create(t, noCode, { amount: '1.00', contact: registered });
    const general = await create(t, noCode, { amount: '1.00', contact: unregistered });
    expect(oneTrip.status).toBe(general.status);
    expect(oneTrip.body).toEqual(general.body);
    expect(Object.keys(oneTrip.body)).toEqual(['security_code']);
  });
});
