import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { pickupMessages } from '../../../common/api/pickups.ts';
import { securityCodeErrors } from '../../../common/api/users.ts';
import { call, ensureRates, otherCode, testEnv, uniquePhone } from '../../../tests/support/identity.ts';
import { uniqueTag } from '../contacts/contacts.fixtures.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { agency, CODE, create, customer, recipientOf, teller } from '../transfers/transactions.fixtures.ts';
import { lastAudit as lastLine, operator, opsAction } from './ops.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

type Agency = Record<string, unknown> & { id: number; pending_withdrawals: number; pending_pickups: number };
const newAgencyBody = () => ({
  name: `Agence ${uniqueTag()}`,
  address: '12 rue de Fès',
  zip_code: '20000',
  city: 'Casablanca',
  latitude: '33.5731',
  longitude: -7.5898,
  phone_number: '+212 522 00 00 00',
});
const lastAudit = (token: string, action: string, target: number) =>
  lastLine(t, { token }, action, { type: 'agency', id: target });
const agencyOf = async (token: string, id: number) =>
  (await call<Agency>(t, 'GET', `/api/ops/agencies/${id}/`, { token })).body;

describe('agencies/ create and edit', () => {
  it('creates an agency with its cash account, lists it with its counts, edits it; each with its audit line', async () => {
    const op = await operator(t);
    const body = newAgencyBody();
    const created = await call<Agency>(t, 'POST', '/api/ops/agencies/', { token: op.token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: body.name,
      city: 'Casablanca',
      latitude: '33.573100',
      longitude: '-7.589800',
      phone_number: '+212522000000',
      email: null,
      disabled: false,
      tellers: 0,
      pending_withdrawals: 0,
      pending_pickups: 0,
    });
    const id = created.body.id;
    expect(await lastAudit(op.token, 'agency.create', id)).toMatchObject({
      actor: op.userId,
      after: { name: body.name, disabled: false },
    });
    // A customer can withdraw there at once: the cash account exists.
    const c = await customer(t, 100_00n);
    expect((await call(t, 'GET', `/api/contacts/${id}/`, { token: c.token })).body).toMatchObject({ closed: false });
    expect((await create(t, c, { amount: 10, contact: id })).status).toBe(201);
    await teller(t, String(id));
    const list = await call<{ count: number; results: Agency[] }>(
      t,
      'GET',
      `/api/ops/agencies/?search=${encodeURIComponent(body.name.toUpperCase())}`,
      { token: op.token },
    );
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.results[0]).toMatchObject({ id, tellers: 1, pending_withdrawals: 1, pending_pickups: 0 });

    const edited = await call<Agency>(t, 'PATCH', `/api/ops/agencies/${id}/`, {
      token: op.token,
      body: { address: '14 rue de Fès', email: 'Agence@Example.com' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ address: '14 rue de Fès', email: 'agence@example.com', name: body.name });
    expect(await lastAudit(op.token, 'agency.update', id)).toMatchObject({
      before: { address: '12 rue de Fès', email: null },
      after: { address: '14 rue de Fès', email: 'agence@example.com' },
    });
    expect(
      (await call(t, 'PATCH', '/api/ops/agencies/999999999/', { token: op.token, body: { city: 'X' } })).status,
    ).toBe(404);
  });

  it('answers a bad field with its own message, and a name already taken', async () => {
    const op = await operator(t);
    const bad = await call(t, 'POST', '/api/ops/agencies/', {
      token: op.token,
      body: { name: ' ', address: '', city: 'x'.repeat(101), latitude: '91', longitude: 'east', email: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      name: [opsMessages.agencyName],
      address: [opsMessages.agencyAddress],
      zip_code: [opsMessages.agencyZip],
      city: [opsMessages.agencyCity],
      latitude: [opsMessages.agencyLatitude],
      longitude: [opsMessages.agencyLongitude],
      email: ['Enter a valid email address.'],
    });
    const body = newAgencyBody();
    expect((await call(t, 'POST', '/api/ops/agencies/', { token: op.token, body })).status).toBe(201);
    const twice = await call(t, 'POST', '/api/ops/agencies/', { token: op.token, body });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ name: [opsMessages.agencyNameTaken] });
    const id = Number(await agency(t));
    const empty = await call(t, 'PATCH', `/api/ops/agencies/${id}/`, { token: op.token, body: {} });
    expect(empty.status).toBe(400);
    const rename = await call(t, 'PATCH', `/api/ops/agencies/${id}/`, { token: op.token, body: { name: body.name } });
    expect(rename.body).toEqual({ name: [opsMessages.agencyNameTaken] });
  });
});

describe('agencies/{id}/disable/', () => {
  it('is offered to no customer any more, while what is pending there stays payable by its tellers', async () => {
    const op = await operator(t);
    const id = Number(await agency(t));
    const banker = await teller(t, String(id));
    const c = await customer(t, 500_00n);
    const withdrawal = await create(t, c, { amount: 40, contact: id });
    expect(withdrawal.status).toBe(201);
    const friend = await recipientOf(t, c, { phone_number: uniquePhone() });
    const pickup = await create(t, c, { amount: 30, contact: friend, delivery: 'cash_pickup', agency: id });
    expect(pickup.status, JSON.stringify(pickup.body)).toBe(201);

    const disabled = await opsAction(t, op, `agencies/${id}/disable/`, { reason: 'Agency closed' });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body).toMatchObject({ disabled: true, pending_withdrawals: 1, pending_pickups: 1, tellers: 1 });
    expect(disabled.body.disabled_at).toEqual(expect.any(String));
    expect((await opsAction(t, op, `agencies/${id}/disable/`)).status).toBe(409);
    expect(await lastAudit(op.token, 'agency.disable', id)).toMatchObject({
      actor: op.userId,
      reason: 'Agency closed',
      before: { disabled: false },
      after: { disabled: true, pending_withdrawals: 1, pending_pickups: 1 },
    });

    // Customers: not in the agency list, refused for a withdrawal and for a pickup; read by its id it says closed
    // (a customer's past withdrawal there links to it) instead of not found.
    const name = String((await agencyOf(op.token, id)).name);
    const agencies = await call<{ results: { id: number }[] }>(
      t,
      'GET',
      `/api/contacts/?public=true&search=${encodeURIComponent(name)}`,
      { token: c.token },
    );
    expect(agencies.status).toBe(200);
    expect(agencies.body.results.map((a) => a.id)).not.toContain(id);
    const contact = await call(t, 'GET', `/api/contacts/${id}/`, { token: c.token });
    expect(contact.status).toBe(200);
    expect(contact.body).toMatchObject({ id, public: true, closed: true });
    const refused = await create(t, c, { amount: 10, contact: id });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ contact: [pickupMessages.agencyDisabled] });
    const refusedPickup = await create(t, c, { amount: 10, contact: friend, delivery: 'cash_pickup', agency: id });
    expect(refusedPickup.status).toBe(400);
    expect(refusedPickup.body).toEqual({ agency: [pickupMessages.agencyDisabled] });

    // Its teller still pays out what was pending there.
    const token = String(withdrawal.body.token);
    const paid = await call(t, 'POST', `/api/withdrawals/${token}/validate/`, {
      token: banker.token,
      body: { id: withdrawal.body.id, security_code: CODE },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await agencyOf(op.token, id)).toMatchObject({ pending_withdrawals: 0, pending_pickups: 1 });

    const enabled = await opsAction(t, op, `agencies/${id}/enable/`, { reason: 'Reopened' });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ disabled: false, disabled_at: null });
    expect((await opsAction(t, op, `agencies/${id}/enable/`)).status).toBe(409);
    expect(await lastAudit(op.token, 'agency.enable', id)).toMatchObject({
      reason: 'Reopened',
      after: { disabled: false },
    });
    expect((await create(t, c, { amount: 10, contact: id })).status).toBe(201);
  });

  it("needs the operator's security code: a wrong one is a 400 counted toward their lockout", async () => {
    const op = await operator(t);
    const id = Number(await agency(t));
    const wrong = await opsAction(t, op, `agencies/${id}/disable/`, { security_code: otherCode(CODE) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ security_code: [securityCodeErrors.invalid], attempts_remaining: 4 });
    expect(await agencyOf(op.token, id)).toMatchObject({ disabled: false });
  });
});

describe('agencies/ access', () => {
  it('refuses customers and tellers everything, and auditors every write', async () => {
    const id = Number(await agency(t));
    const c = await customer(t);
    const banker = await teller(t, String(id));
    const auditor = await operator(t, 'AUDITOR');
    const writes: [string, string, Record<string, unknown>][] = [
      ['POST', '/api/ops/agencies/', newAgencyBody()],
      ['PATCH', `/api/ops/agencies/${id}/`, { city: 'Rabat' }],
      ['POST', `/api/ops/agencies/${id}/disable/`, { reason: 'No way', security_code: CODE }],
      ['POST', `/api/ops/agencies/${id}/enable/`, { reason: 'No way', security_code: CODE }],
    ];
    for (const who of [c, banker]) {
      for (const path of ['/api/ops/agencies/', `/api/ops/agencies/${id}/`]) {
        const res = await call(t, 'GET', path, { token: who.token });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ detail: opsMessages.staffOnly });
      }
      for (const [method, path, body] of writes)
        expect((await call(t, method, path, { token: who.token, body })).status).toBe(403);
    }
    expect((await call(t, 'GET', `/api/ops/agencies/${id}/`, { token: auditor.token })).status).toBe(200);
    for (const [method, path, body] of writes) {
      const res = await call(t, method, path, { token: auditor.token, body });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: opsMessages.auditorReadOnly });
    }
    expect(await agencyOf(auditor.token, id)).toMatchObject({ disabled: false });
  });
});
