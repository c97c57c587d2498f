import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFrozenMessage, closeAccountMessages, securityCodeErrors } from '../../../common/api/messages.ts';
import { call, ensureRates, lastCode, signIn, testEnv, uniquePhone } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { signPayload } from '../../adapters/payments/webhook-signature.ts';
import { WALLET_SIGNATURE_HEADER } from '../../adapters/payout-partner/sandbox-payout-partner.ts';
import { fullForm, submit } from '../kyc/kyc.fixtures.ts';
import { newRateAlert } from '../rate-alerts/rate-alerts.fixtures.ts';
import { operator, opsAction } from '../ops/ops.fixtures.ts';
import {
  balanceOf,
  CODE,
  create,
  customer,
  recipientOf,
  type Body,
  type Customer,
} from '../transfers/transactions.fixtures.ts';
import { walletCallbackSecret } from '../transfers/methods/mobile-wallet/wallet-partner.ts';

/**
 * Data rights over HTTP on real PostgreSQL: the export holds the caller's own rows only (no document
 * file), and closing the account: refused with money, with a transaction waiting, with a wrong code, frozen; done,
 * it erases the personal data, keeps the identity in closed_accounts (no update, no early delete), ends the
 * sessions, leaves the ledger as it was, and the same e-mail or phone registers again as a new customer.
 */
let t: TestApp;

beforeAll(async () => {
  // A code per identifier per second (30 s by default): the tests sign the closed e-mail in again at once.
  t = await startTestApp({ env: { ...testEnv, LOGIN_CODE_RESEND_SECONDS: '1' } });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

const close = (s: Customer, code = CODE) =>
  call(t, 'POST', '/api/users/close/', { token: s.token, body: { security_code: code } });
const exportOf = (s: { token: string }) =>
  call<Body & { [k: string]: Body[] }>(t, 'GET', '/api/users/export/', { token: s.token });

describe('GET /api/users/export/', () => {
  it("holds the caller's profile, transactions, contacts, notifications, document states and sign-ins, and nobody else's", async () => {
    const alice = await customer(t, 500_00n);
    const bob = await customer(t, 100_00n);
    const contact = await recipientOf(t, alice, { email: bob.email, first_name: 'Bob', last_name: 'Brother' });
    const sent = await create(t, alice, { amount: 25, contact });
    expect(sent.status).toBe(201);
    // bob's own contact and send, which alice's export must not hold.
    const bobContact = await recipientOf(t, bob, {
      phone_number: uniquePhone(),
      first_name: 'Secret',
      last_name: 'Friend',
    });
    expect((await create(t, bob, { amount: 5, contact: bobContact, delivery: 'cash_pickup' })).status).toBe(201);
    expect((await submit(t, alice, fullForm())).status).toBe(201);
    const alert = await newRateAlert(t, alice);

    const res = await exportOf(alice);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const data = res.body;
    expect(data.profile).toMatchObject({ id: alice.userId, email: alice.email, balance: '475.00' });
    expect(data.transactions).toEqual([
      expect.objectContaining({ id: sent.body.id, direction: 'sent', amount: '25.00', status: 'completed' }),
    ]);
    expect(data.contacts).toEqual([expect.objectContaining({ id: contact, first_name: 'Bob', last_name: 'Brother' })]);
    expect(data.notifications).toEqual([]);
    expect(data.documents).toEqual([
      expect.objectContaining({ document_type: expect.any(String), state: 'pending', files: expect.any(Array) }),
    ]);
    const files = (data.documents as { files: Body[] }[])[0]?.files ?? [];
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(Object.keys(f).sort()).toEqual(['media_type', 'part', 'size']);
    expect(data.sign_in_events).toHaveLength(1);
    expect(data.rate_alerts).toEqual([expect.objectContaining({ id: alert, state: 'active', triggered_at: null })]);
    const text = JSON.stringify(data);
    expect(text).not.toContain('Secret');
    expect(text).not.toContain('ciphertext');

    // bob's export: the transfer received (without alice's typed details), his notification of it, his own contact.
    const his = (await exportOf(bob)).body;
    expect(his.transactions).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: sent.body.id, direction: 'received' })]),
    );
    expect(JSON.stringify(his.transactions)).not.toContain(bob.email);
    expect(his.notifications?.length).toBeGreaterThan(0);
    expect(JSON.stringify(his)).not.toContain('Brother');
    expect(his.rate_alerts).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await call(t, 'GET', '/api/users/export/')).status).toBe(401);
  });
});

describe('POST /api/users/close/', () => {
  it('is refused while money is on the wallet, and with a wrong code (counted)', async () => {
    const c = await customer(t, 1_00n);
    const res = await close(c);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ balance: [closeAccountMessages.balance] });
    const wrong = await close(c, '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ security_code: [securityCodeErrors.invalid] });
    expect((await call(t, 'GET', '/api/users/', { token: c.token })).status).toBe(200);
  });

  // It said "Cancel your subscription first" after it was cancelled (it runs to its period's end), and named one
  // reason at a time: the balance that also blocked came only after.
  it('names every reason that blocks at once, a cancelled subscription as one that runs to its end', async () => {
    for (const cancelled of [false, true]) {
      const c = await customer(t, 1_00n);
      await t.database.db
        .insertInto('subscriptions')
        .values({
          user_id: String(c.userId),
          provider: 'sandbox',
          provider_subscription_id: `sub-close-${c.userId}`,
          status: 'active',
          current_period_end: new Date(Date.now() + 10 * 86_400_000),
          cancel_at_period_end: cancelled,
          updated_at: new Date(),
        })
        .execute();
      const res = await close(c);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        subscription: [cancelled ? closeAccountMessages.subscriptionEnding : closeAccountMessages.subscription],
        balance: [closeAccountMessages.balance],
      });
    }
  });

  it('is refused while a transaction is waiting (an unclaimed send, a cash pickup)', async () => {
    for (const extra of [{}, { delivery: 'cash_pickup' }]) {
      const c = await customer(t, 10_00n);
      const contact = await recipientOf(t, c, { phone_number: uniquePhone() });
      expect((await create(t, c, { amount: 10, contact, ...extra })).status).toBe(201);
      expect(await balanceOf(t, c)).toBe('0.00');
      const res = await close(c);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ pending: [closeAccountMessages.pending] });
    }
  });

  it('is refused while a payout is with its partner: a deposit not yet credited, a wallet payout not yet answered', async () => {
    const statusOf = async (id: unknown) =>
      (
        await t.database.db
          .selectFrom('transactions')
          .select('status')
          .where('id', '=', String(id))
          .executeTakeFirstOrThrow()
      ).status;
    const deposit = await customer(t, 10_00n);
    const rib = await recipientOf(t, deposit, { phone_number: uniquePhone(), rib: '007780000123456789012396' });
    const sent = await create(t, deposit, { amount: 10, contact: rib, delivery: 'bank_deposit' });
    expect(sent.body).toMatchObject({ status: 'processing' });
    expect(await close(deposit)).toMatchObject({ status: 400, body: { payout: [closeAccountMessages.payout] } });

    // The sandbox accepts payouts to this number and never answers: `submitted` for good.
    const wallet = await customer(t, 10_00n);
    const silent = await recipientOf(t, wallet, { phone_number: '+212600000005' });
    const paid = await create(t, wallet, { amount: 10, contact: silent, delivery: 'mobile_wallet' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    for (let i = 0; i < 100 && (await statusOf(paid.body.id)) !== 'submitted'; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await statusOf(paid.body.id)).toBe('submitted');
    expect(await close(wallet)).toMatchObject({ status: 400, body: { payout: [closeAccountMessages.payout] } });

    // Once the operator answered (returned here: the money is back, so the balance blocks instead).
    const { partner_reference: reference } = await t.database.db
      .selectFrom('payouts')
      .select('partner_reference')
      .where('transaction_id', '=', String(paid.body.id))
      .executeTakeFirstOrThrow();
    const answer = JSON.stringify({
      idempotency_key: `sila-payout-${String(paid.body.id)}`,
      partner_reference: reference,
      status: 'failed',
      reason: 'wallet_not_found',
    });
    const callback = await fetch(`${t.baseUrl}/api/payouts/mobile-wallet/callback/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [WALLET_SIGNATURE_HEADER]: signPayload(answer, walletCallbackSecret(t.config), new Date()),
      },
      body: answer,
    });
    expect(await callback.json()).toEqual({ received: true, outcome: 'returned' });
    expect(await close(wallet)).toMatchObject({ status: 400, body: { balance: [closeAccountMessages.balance] } });
  });

  it('is 403 for a frozen customer and for staff', async () => {
    const op = await operator(t);
    const c = await customer(t);
    const frozen = await opsAction(t, op, `customers/${c.userId}/freeze/`, { reason: 'Fraud check' });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    const res = await close(c);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: accountFrozenMessage });
    const staff = await call(t, 'POST', '/api/users/close/', { token: op.token, body: { security_code: CODE } });
    expect(staff.status).toBe(403);
  });

  it('closes: personal data erased, identity kept 5 years, sessions and notifications gone, ledger intact, the e-mail free again', async () => {
    const c = await customer(t, 20_00n);
    const friend = await customer(t);
    const contact = await recipientOf(t, c, { email: friend.email });
    expect((await create(t, c, { amount: 20, contact })).status).toBe(201);
    // The friend has c as a recipient too: that link must not lead money to the closed wallet.
    const back = await recipientOf(t, friend, { email: c.email });
    const phone = uniquePhone();
    const patched = await call(t, 'PATCH', `/api/users/${c.userId}/`, {
      token: c.token,
      body: { first_name: 'Close', last_name: 'Me', country: 'FR', phone_number: phone },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const ledgerBefore = await sql<{ n: string; total: string }>`
      SELECT count(*)::text AS n, coalesce(sum(abs(p.amount)), 0)::text AS total
        FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.owner_user_id = ${c.userId}::bigint`.execute(
      t.database.db,
    );

    const res = await close(c);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ closed: true });

    // The session ended; nothing personal left on the row; the identity kept apart, with its 5 years.
    expect((await call(t, 'GET', '/api/users/', { token: c.token })).status).toBe(401);
    const row = await t.database.db
      .selectFrom('users')
      .select(['email', 'phone_number', 'first_name', 'last_name', 'security_code_hash', 'closed_at'])
      .where('id', '=', String(c.userId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: null,
      phone_number: null,
      first_name: '',
      last_name: '',
      security_code_hash: null,
    });
    expect(row.closed_at).not.toBeNull();
    const kept = await t.database.db
      .selectFrom('closed_accounts')
      .selectAll()
      .where('user_id', '=', String(c.userId))
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ email: c.email, phone_number: phone, first_name: 'Close', last_name: 'Me' });
    expect(kept.retain_until.getTime() - kept.closed_at.getTime()).toBeGreaterThanOrEqual(5 * 365 * 86_400_000);
    for (const table of ['sessions', 'notifications', 'push_subscriptions'] as const) {
      const left = await t.database.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', String(c.userId))
        .execute();
      expect(left, table).toEqual([]);
    }
    // The ledger as it was.
    const ledgerAfter = await sql<{ n: string; total: string }>`
      SELECT count(*)::text AS n, coalesce(sum(abs(p.amount)), 0)::text AS total
        FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.owner_user_id = ${c.userId}::bigint`.execute(
      t.database.db,
    );
    expect(ledgerAfter.rows).toEqual(ledgerBefore.rows);
    // Kept as written, and not before its time.
    await expect(
      sql`UPDATE closed_accounts SET first_name = 'X' WHERE user_id = ${c.userId}::bigint`.execute(t.database.db),
    ).rejects.toThrow(/kept as written/);
    await expect(
      sql`DELETE FROM closed_accounts WHERE user_id = ${c.userId}::bigint`.execute(t.database.db),
    ).rejects.toThrow(/kept until/);

    // The friend's recipient no longer points at the closed account; the same e-mail registers anew.
    const link = await t.database.db
      .selectFrom('contacts')
      .select('contact_user')
      .where('id', '=', String(back))
      .executeTakeFirstOrThrow();
    expect(link.contact_user).toBeNull();
    await new Promise((r) => setTimeout(r, 1100));
    const again = await signIn(t, { email: c.email });
    expect(again.userId).not.toBe(c.userId);
    const fresh = await call(t, 'GET', '/api/users/', { token: again.token });
    expect(fresh.body.results).toEqual([expect.objectContaining({ email: c.email, balance: '0.00' })]);
    // The phone too: a new sign-in by phone is a new account.
    const byPhone = await call(t, 'POST', '/api/auth/send_code/', { body: { phone_number: phone, language: 'fr' } });
    expect(byPhone.status).toBe(200);
    expect(await lastCode(t, phone)).toMatch(/^\d{6}$/);
  });

  it('unlinks the closed account from other customers: a later send waits unclaimed for a new registration', async () => {
    const c = await customer(t);
    const friend = await customer(t, 10_00n);
    const contact = await recipientOf(t, friend, { email: c.email });
    expect((await close(c)).status).toBe(200);
    const sent = await create(t, friend, { amount: 3, contact });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.status).toBe('unclaimed');
    const walletOfClosed = await t.database.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('owner_user_id', '=', String(c.userId))
      .executeTakeFirstOrThrow();
    expect(walletOfClosed.balance).toBe('0');
    // Whoever registers the e-mail next receives it, as any recipient without an account.
    await new Promise((r) => setTimeout(r, 1100));
    const next = await signIn(t, { email: c.email });
    expect(await balanceOf(t, next)).toBe('3.00');
  });
});

describe('a send racing its recipient’s closure', () => {
  it('never credits the closed wallet: the send waiting for its lock is retried and waits unclaimed', async () => {
    const c = await customer(t);
    const friend = await customer(t, 10_00n);
    const contact = await recipientOf(t, friend, { email: c.email });
    const wallet = await t.database.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('owner_user_id', '=', String(c.userId))
      .executeTakeFirstOrThrow();
    // The closure's transaction, held open on one connection at the point where it holds the wallet's lock and has
    // erased and unlinked the account (what closeAccount does before it commits).
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const closure = t.database.db.transaction().execute(async (tx) => {
      await sql`SELECT id FROM ledger_accounts WHERE id = ${wallet.id}::bigint FOR UPDATE`.execute(tx);
      await sql`UPDATE users SET closed_at = now(), email = NULL, email_verified_at = NULL, phone_number = NULL,
                 security_code_hash = NULL, security_code_salt = NULL WHERE id = ${c.userId}::bigint`.execute(tx);
      await sql`UPDATE contacts SET contact_user = NULL, account_id = NULL WHERE contact_user = ${c.userId}::bigint`.execute(
        tx,
      );
      locked();
      await released;
    });
    await isLocked;
    // The send reads the recipient as linked (the closure has not committed) and waits for the wallet's lock.
    const sending = create(t, friend, { amount: 4, contact });
    await expect
      .poll(
        async () =>
          // As the owner: the app's role does not see other sessions' queries in pg_stat_activity.
          (
            await sql<{ n: string }>`SELECT count(*)::text AS n FROM pg_stat_activity
              WHERE wait_event_type = 'Lock' AND query LIKE '%wallet_send%'`.execute(t.owner.db)
          ).rows[0]?.n,
        { timeout: 5000 },
      )
      .not.toBe('0');
    release();
    await closure;
    const sent = await sending;
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.status).toBe('unclaimed');
    const after = await t.database.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('id', '=', wallet.id)
      .executeTakeFirstOrThrow();
    expect(after.balance).toBe('0');
    expect(await balanceOf(t, friend)).toBe('6.00');
  });
});
