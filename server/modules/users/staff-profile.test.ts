import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericMessages } from '../../../common/api/messages.ts';
import { call, ensureRates, testEnv, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { agency, customer, teller } from '../transfers/transactions.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  // Every answer carrying a user carries the day's rates: without any, setting the security code answers 503.
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

const profile = { first_name: 'Amina', last_name: 'Kabbaj', country: 'MA' };
const patch = (s: SignedIn, body: Record<string, unknown>) =>
  call(t, 'PATCH', `/api/users/${s.userId}/`, { token: s.token, body });

describe("a teller's profile", () => {
  it('is complete without a phone number: staff sign in with what the back-office registered', async () => {
    const banker = await teller(t, await agency(t));
    const res = await patch(banker, profile);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ...profile, phone_number: null, has_full_profile: true, role: 'BANKER' });
  });

  it("a customer's still needs the phone", async () => {
    const alice = await customer(t);
    const res = await patch(alice, profile);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ phone_number: [genericMessages.required] });
  });
});
