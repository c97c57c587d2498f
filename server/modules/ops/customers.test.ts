import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { securityCodeErrors } from '../../../common/api/users.ts';
import {
  call,
  ensureRates,
  otherCode,
  signIn,
  testEnv,
  uniqueEmail,
  uniquePhone,
} from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { hashRequest } from '../../ledger/idempotency.ts';
import { money } from '../../../common/money/money.ts';
import { sql } from 'kysely';
import { sendInOneTrip } from '../transfers/send-one-trip.ts';
import { securityCodeMac } from '../users/security-code-hash.ts';
import { agency, balanceOf, CODE, create, customer, recipientOf } from '../transfers/transactions.fixtures.ts';
import { operator, opsAction } from './ops.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

type Page = { count: number; results: { id: number; frozen: boolean; balance: string }[] };
const search = (token: string, term: string) =>
  call<Page>(t, 'GET', `/api/ops/customers/?search=${encodeURIComponent(term)}&page_size=100`, { token });
const lastAudit = async (token: string, action: string, target: number) =>
  (
    await call<{ results: Record<string, unknown>[] }>(
      t,
      'GET',
      `/api/ops/audit/?action=${action}&target_type=user&target_id=${target}`,
      { token },
    )
  ).body.results[0];

describe('customers/', () => {
  it('finds a customer by name without accents or case, e-mail, phone as typed, id and wallet address', async () => {
    const op = await operator(t);
    const tag = uniqueEmail('x').slice(2, 10);
    const c = await customer(t, 250_00n);
    const phone = uniquePhone();
    const profile = await call(t, 'PATCH', `/api/users/${c.userId}/`, {
      token: c.token,
      body: { first_name: 'Hélène', last_name: `Éloïse${tag}`, country: 'FR', phone_number: phone },
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    const address = String(profile.body.account_id);
    const national = `0${phone.slice(3, 4)} ${phone.slice(4, 6)} ${phone.slice(6)}`;
    for (const term of [
      `helene ELOISE${tag}`,
      `éloïse${tag.toUpperCase()}`,
      c.email.toUpperCase(),
      national,
      String(c.userId),
      address.toUpperCase().replace('0X', '0x'),
    ]) {
      const res = await search(op.token, term);
      expect(res.status, term).toBe(200);
      expect(
        res.body.results.map((r) => r.id),
        term,
      ).toContain(c.userId);
    }
    const found = (await search(op.token, String(c.userId))).body.results.find((r) => r.id === c.userId);
    expect(found).toMatchObject({ balance: '250.00', frozen: false });
    expect((await search(op.token, `nobody-${tag}`)).body).toMatchObject({ count: 0, results: [] });
  });

  it('lists the users of one role: customers apart from the staff, operators apart from the customers', async () => {
    const op = await operator(t);
    const c = await customer(t, 0n);
    const of = async (role: string) =>
      (
        await call<{ results: { id: number; role: string }[] }>(
          t,
          'GET',
          `/api/ops/customers/?role=${role}&page_size=100`,
          { token: op.token },
        )
      ).body.results;
    const customers = await of('customer');
    expect(customers.map((r) => r.id)).toContain(c.userId);
    expect(customers.map((r) => r.id)).not.toContain(op.userId);
    expect(new Set(customers.map((r) => r.role))).toEqual(new Set(['customer']));
    const operators = await of('OPERATOR');
    expect(operators.map((r) => r.id)).toContain(op.userId);
    expect(operators.map((r) => r.id)).not.toContain(c.userId);
    const wrong = await call(t, 'GET', '/api/ops/customers/?role=KING', { token: op.token });
    expect(wrong.status).toBe(400);
  });

  it('shows the detail: balance, recent transactions without withdrawal tokens, sign-ins', async () => {
    const op = await operator(t, 'AUDITOR');
    const c = await customer(t, 100_00n);
    const withdrawal = await create(t, c, { amount: 20, contact: Number(await agency(t)) });
    expect(withdrawal.status).toBe(201);
    const res = await call<
      Record<string, unknown> & { recent_transactions: { id: number; token: unknown }[]; sessions: unknown[] }
    >(t, 'GET', `/api/ops/customers/${c.userId}/`, { token: op.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: c.userId, role: 'customer', balance: '80.00', security_code_set: true });
    expect(res.body.recent_transactions.map((r) => r.id)).toContain(withdrawal.body.id);
    expect(res.body.recent_transactions.every((r) => r.token === null)).toBe(true);
    expect(res.body.sessions).toHaveLength(1);
    // Their level and limits, the same as the customer reads them on GET /api/users/ (the withdrawal counted).
    const own = await call<{ results: { level: number; limits: { kind: string; used: string }[] }[] }>(
      t,
      'GET',
      '/api/users/',
      { token: c.token },
    );
    const me = own.body.results[0];
    expect(res.body.level).toBe(1);
    expect(res.body.limits).toEqual(me?.limits);
    expect(me?.limits.find((l) => l.kind === 'outgoing')).toMatchObject({ used: '20.00' });
    expect((await call(t, 'GET', '/api/ops/customers/999999999/', { token: op.token })).status).toBe(404);
  });
});

describe('freeze and unfreeze', () => {
  it('a frozen customer signs in and reads, but every money movement is refused and nothing moves', async () => {
    const op = await operator(t);
    const c = await customer(t, 500_00n);
    const friend = await customer(t);
    const contact = await recipientOf(t, c, { email: friend.email });
    const agencyId = Number(await agency(t));

    const frozen = await opsAction(t, op, `customers/${c.userId}/freeze/`, { reason: 'Suspicious activity' });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    expect(frozen.body).toMatchObject({ frozen: true, frozen_reason: 'Suspicious activity' });
    expect((await opsAction(t, op, `customers/${c.userId}/freeze/`)).status).toBe(409);

    for (const body of [
      { amount: 10, contact },
      { amount: 10, contact: agencyId },
    ]) {
      const refused = await create(t, c, body);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: opsMessages.accountFrozen });
    }
    const exchange = await call(t, 'POST', '/api/exchanges/', { token: c.token, body: { from_amount: '30.00' } });
    expect(exchange.status).toBe(403);
    expect(exchange.body).toEqual({ detail: opsMessages.accountFrozen });
    expect((await call(t, 'GET', '/api/billing/create_subscription/', { token: c.token })).status).toBe(403);
    expect(await balanceOf(t, c)).toBe('500.00');
    expect(await balanceOf(t, friend)).toBe('0.00');
    // Reads go on, and a new sign-in works.
    expect((await call(t, 'GET', '/api/transactions/', { token: c.token })).status).toBe(200);
    const again = await signIn(t, { phone_number: uniquePhone() }).catch(() => undefined);
    expect(again).toBeDefined();

    const audit = await lastAudit(op.token, 'customer.freeze', c.userId);
    expect(audit).toMatchObject({
      actor: op.userId,
      reason: 'Suspicious activity',
      before: { frozen: false },
      after: { frozen: true },
    });

    const thawed = await opsAction(t, op, `customers/${c.userId}/unfreeze/`, { reason: 'Identity checked' });
    expect(thawed.status).toBe(200);
    expect(thawed.body).toMatchObject({ frozen: false, frozen_reason: null });
    expect((await opsAction(t, op, `customers/${c.userId}/unfreeze/`)).status).toBe(409);
    expect((await create(t, c, { amount: 10, contact })).status).toBe(201);
    expect(await balanceOf(t, friend)).toBe('10.00');
    expect(await lastAudit(op.token, 'customer.unfreeze', c.userId)).toMatchObject({ reason: 'Identity checked' });
  });

  it("a freeze stops the one-trip send: in its session check, and again under the sender's row lock (wallet_send)", async () => {
    const op = await operator(t);
    const c = await customer(t, 100_00n);
    const friend = await customer(t);
    const contact = await recipientOf(t, c, { email: friend.email });
    const row = await t.database.db
      .selectFrom('users')
      .select('security_code_salt')
      .where('id', '=', String(c.userId))
      .executeTakeFirstOrThrow();
    expect((await opsAction(t, op, `customers/${c.userId}/freeze/`)).status).toBe(200);
    const sid = (JSON.parse(Buffer.from(c.token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;
    const body = { amount: money('MAD', 10_00n), contact: String(contact), security_code: CODE };
    await expect(
      sendInOneTrip(t.app.services, { sessionId: sid, userId: String(c.userId) }, body, {
        scope: 'test',
        key: undefined,
        requestHash: hashRequest({}),
      }),
    ).rejects.toMatchObject({ status: 403, body: { detail: opsMessages.accountFrozen } });
    // A freeze committed after wallet_send_as()'s session read is still seen under the row lock.
    const mac = securityCodeMac(
      t.app.services.config.SECURITY_CODE_PEPPER,
      CODE,
      row.security_code_salt ?? Buffer.alloc(0),
    );
    const direct = await sql<{ result: { outcome: string } }>`SELECT wallet_send(${String(c.userId)}::bigint,
      ${String(contact)}::bigint, 1000::bigint, ${row.security_code_salt}::bytea, ${mac}::bytea, 'test', NULL, 'h',
      now(), 5, 60) AS result`.execute(t.database.db);
    expect(direct.rows[0]?.result.outcome).toBe('frozen');
    expect(await balanceOf(t, c)).toBe('100.00');
  });

  it('needs a reason and the operator security code; a wrong code is a 400 counted toward their lockout', async () => {
    const op = await operator(t);
    const c = await customer(t);
    const noReason = await opsAction(t, op, `customers/${c.userId}/freeze/`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual({ reason: [opsMessages.reasonRequired] });
    for (let remaining = 4; remaining >= 1; remaining--) {
      const wrong = await opsAction(t, op, `customers/${c.userId}/freeze/`, { security_code: otherCode(CODE) });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ security_code: [securityCodeErrors.invalid], attempts_remaining: remaining });
    }
    const locked = await opsAction(t, op, `customers/${c.userId}/freeze/`, { security_code: otherCode(CODE) });
    expect(locked.status).toBe(429);
    // Locked: even the right code waits; nothing was frozen.
    expect((await opsAction(t, op, `customers/${c.userId}/freeze/`)).status).toBe(429);
    expect((await call(t, 'GET', `/api/ops/customers/${c.userId}/`, { token: op.token })).body).toMatchObject({
      frozen: false,
    });
  });

  it('refuses to freeze someone who is not a customer', async () => {
    const op = await operator(t);
    const other = await operator(t);
    const res = await opsAction(t, op, `customers/${other.userId}/freeze/`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: opsMessages.notACustomer });
  });
});

describe('unlock-security-code and logout-all', () => {
  it("ends a customer's security-code lock, with its audit line", async () => {
    const op = await operator(t);
    const c = await customer(t, 100_00n);
    const friend = await customer(t);
    const contact = await recipientOf(t, c, { email: friend.email });
    for (let i = 0; i < 5; i++)
      await call(t, 'POST', '/api/transactions/', {
        token: c.token,
        body: { amount: 1, contact, security_code: otherCode(CODE) },
      });
    expect((await create(t, c, { amount: 1, contact })).status).toBe(429);
    const res = await opsAction(t, op, `customers/${c.userId}/unlock-security-code/`, { reason: 'Verified by phone' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ security_code_locked_until: null });
    expect((await create(t, c, { amount: 1, contact })).status).toBe(201);
    const audit = await lastAudit(op.token, 'customer.unlock_security_code', c.userId);
    expect(audit?.before).toMatchObject({ security_code_locked_until: expect.any(String) });
    expect(audit?.after).toMatchObject({ security_code_locked_until: null, security_code_failures: 0 });
  });

  it('ends every session of the user at once', async () => {
    const op = await operator(t);
    const c = await customer(t);
    const res = await opsAction(t, op, `customers/${c.userId}/logout-all/`, { reason: 'Phone stolen' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked: 1 });
    expect((await call(t, 'GET', '/api/users/', { token: c.token })).status).toBe(401);
    expect(await lastAudit(op.token, 'customer.logout_all', c.userId)).toMatchObject({ reason: 'Phone stolen' });
  });
});
