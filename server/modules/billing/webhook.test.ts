import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { signIn } from '../../../tests/support/identity.ts';
import { signPayload } from '../../adapters/payments/webhook-signature.ts';
import {
  completedEvent,
  eurCents,
  exchangeEntries,
  me,
  postEvent,
  validated,
  startCardApp,
  type CardSandbox,
} from './billing.fixtures.ts';

let t: TestApp;
let payments: CardSandbox;
beforeAll(async () => ({ t, payments } = await startCardApp()));
afterAll(() => t.close());

describe('POST /api/billing/webhook/', () => {
  it('credits a confirmed payment once, through one balanced entry, and records the history row', async () => {
    const s = await signIn(t);
    const { exchange, session } = await validated(t, s, '100.00');
    const event = completedEvent(session, eurCents(exchange.total_amount));
    const first = await postEvent(t, event);
    expect(first).toEqual({ status: 200, body: { received: true, outcome: 'credited' } });
    expect((await me(t, s)).balance).toBe(exchange.to_amount);

    const entries = await exchangeEntries(t, exchange.id);
    expect(entries).toHaveLength(1);
    const postings = await t.database.db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(['a.kind', 'p.currency', 'p.amount'])
      .where('p.entry_id', '=', entries[0]?.id ?? '0')
      .orderBy('p.line')
      .execute();
    expect(postings).toEqual([
      { kind: 'card_clearing', currency: 'EUR', amount: String(-eurCents(exchange.total_amount)) },
      { kind: 'fees', currency: 'EUR', amount: String(eurCents(exchange.fee_amount)) },
      { kind: 'fx', currency: 'EUR', amount: String(eurCents(exchange.from_amount)) },
      { kind: 'fx', currency: 'MAD', amount: String(-eurCents(exchange.to_amount)) },
      { kind: 'customer_wallet', currency: 'MAD', amount: String(eurCents(exchange.to_amount)) },
    ]);
    const history = await t.database.db
      .selectFrom('transactions')
      .select(['kind', 'amount', 'ledger_entry_id'])
      .where('reference', '=', `exchange:${String(exchange.id)}`)
      .execute();
    expect(history).toEqual([
      { kind: 'exchange', amount: String(eurCents(exchange.to_amount)), ledger_entry_id: entries[0]?.id },
    ]);

    // The same event again (provider retry), and a second "completed" event id for the same payment.
    expect((await postEvent(t, event)).body.outcome).toBe('duplicate:credited');
    expect((await postEvent(t, completedEvent(session, eurCents(exchange.total_amount)))).body.outcome).toBe(
      'already_paid',
    );
    expect((await me(t, s)).balance).toBe(exchange.to_amount);
    expect(await exchangeEntries(t, exchange.id)).toHaveLength(1);

    const list = await fetch(`${t.baseUrl}/api/exchanges/?validated=true`, {
      headers: { authorization: `Bearer ${s.token}` },
    });
    const page = (await list.json()) as { results: { id: number; validated: boolean }[] };
    expect(page.results.map((e) => [e.id, e.validated])).toEqual([[exchange.id, true]]);
  });

  it('applies concurrent deliveries of one event exactly once', async () => {
    const s = await signIn(t);
    const { exchange, session } = await validated(t, s, '37.45');
    const event = completedEvent(session, eurCents(exchange.total_amount));
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => postEvent(t, event)));
    expect(outcomes.filter((o) => o.body.outcome === 'credited')).toHaveLength(1);
    expect(outcomes.every((o) => o.status === 200)).toBe(true);
    expect((await me(t, s)).balance).toBe(exchange.to_amount);
    expect(await exchangeEntries(t, exchange.id)).toHaveLength(1);
  });

  it('refuses a bad, missing, stale or foreign signature with 400 and changes nothing', async () => {
    const s = await signIn(t);
    const { exchange, session } = await validated(t, s);
    const event = completedEvent(session, eurCents(exchange.total_amount));
    const payload = JSON.stringify(event);
    const cases = [
      { secret: 'whsec_someone_else_0123456789' },
      { header: 'garbage' },
      { header: '' },
      { signedAt: new Date(Date.now() - 10 * 60_000) },
      // A valid signature of another body.
      {
        header: signPayload(
          payload.replace('"amount_total"', '"amount_totaI"'),
          'whsec_test_billing_secret_0123456789',
          new Date(),
        ),
      },
    ];
    for (const options of cases) {
      const res = await postEvent(t, event, options);
      expect(res, JSON.stringify(options)).toEqual({ status: 400, body: { detail: 'Invalid signature.' } });
    }
    expect((await me(t, s)).balance).toBe('0.00');
    // Signed but not an event: 400 too, never a 500.
    expect((await postEvent(t, { hello: 'world' })).status).toBe(400);
  });

  it('acknowledges an event for an unknown session without moving money', async () => {
    const res = await postEvent(t, completedEvent('ps_unknown0000000000000000', 10_160));
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'unknown_session' } });
    expect((await postEvent(t, { ...completedEvent('ps_x', 1), type: 'charge.updated' })).body.outcome).toBe('ignored');
  });

  it('keeps a payment whatever the order: a late "expired" after it changes nothing, and "expired" before it does not block it', async () => {
    const s = await signIn(t);
    const { exchange, session } = await validated(t, s, '20.00');
    const expired = completedEvent(session, eurCents(exchange.total_amount), { type: 'checkout.session.expired' });
    expect((await postEvent(t, expired)).body.outcome).toBe('expired');
    expect((await postEvent(t, completedEvent(session, eurCents(exchange.total_amount)))).body.outcome).toBe(
      'credited',
    );
    const lateExpired = completedEvent(session, eurCents(exchange.total_amount), { type: 'checkout.session.expired' });
    expect((await postEvent(t, lateExpired)).body.outcome).toBe('ignored_not_open');
    expect((await me(t, s)).balance).toBe(exchange.to_amount);
  });

  it('refunds a payment made after the rate lock instead of crediting it at the stale rate', async () => {
    const s = await signIn(t);
    const { exchange, session } = await validated(t, s, '50.00');
    // The lock is 30 minutes (RATE_LOCK_SECONDS); the provider says the payment happened 31 minutes after.
    const afterLock = new Date(Date.now() + 31 * 60_000);
    const res = await postEvent(t, completedEvent(session, eurCents(exchange.total_amount), { created: afterLock }));
    expect(res.body.outcome).toBe('rate_lock_expired');
    expect(payments.refunds).toContainEqual({
      paymentId: `pi_test_${session.slice(3)}`,
      idempotencyKey: `refund-${session}`,
    });
    expect((await me(t, s)).balance).toBe('0.00');
    expect(await exchangeEntries(t, exchange.id)).toHaveLength(0);
    // The draft is still there, unlocked: validating again re-quotes at the rates of the moment.
    const draft = await fetch(`${t.baseUrl}/api/exchanges/?validated=false`, {
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(((await draft.json()) as { results: { id: number; locked_until: string | null }[] }).results).toMatchObject([
      { id: exchange.id, locked_until: null },
    ]);
  });

  it('refunds a payment of another amount, and of a checkout superseded by a new amount', async () => {
    const s = await signIn(t);
    const { exchange, session } = await validated(t, s, '10.00');
    expect((await postEvent(t, completedEvent(session, eurCents(exchange.total_amount) - 1))).body.outcome).toBe(
      'amount_mismatch',
    );
    const second = await validated(t, s, '12.00');
    const patched = await fetch(`${t.baseUrl}/api/exchanges/${String(second.exchange.id)}/`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from_amount: '15.00' }),
    });
    expect(patched.status).toBe(200);
    const res = await postEvent(t, completedEvent(second.session, eurCents(second.exchange.total_amount)));
    expect(res.body.outcome).toBe('superseded');
    expect((await me(t, s)).balance).toBe('0.00');
  });

  it('recovers from a crash between the event and the credit: the retry credits exactly once', async () => {
    const s = await signIn(t);
    const { exchange, session } = await validated(t, s, '64.10');
    // A fault inside the webhook's transaction, after the ledger entry: the first "mark paid" fails, once.
    // Sequences are not transactional, so the counter survives the rollback it causes. DDL as the owner (the app's
    // role creates nothing); the trigger then runs as the app, which default privileges let use the sequence.
    const tag = `fault_${String(exchange.id)}`;
    await sql`CREATE SEQUENCE ${sql.raw(tag)}`.execute(t.owner.db);
    await sql
      .raw(
        `
      CREATE FUNCTION ${tag}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.id = ${String(exchange.id)} AND NEW.status = 'paid' AND nextval('${tag}') = 1 THEN
          RAISE EXCEPTION 'simulated crash';
        END IF;
        RETURN NEW;
      END $$`,
      )
      .execute(t.owner.db);
    await sql
      .raw(`CREATE TRIGGER ${tag} BEFORE UPDATE ON exchanges FOR EACH ROW EXECUTE FUNCTION ${tag}()`)
      .execute(t.owner.db);
    try {
      const event = completedEvent(session, eurCents(exchange.total_amount));
      const crashed = await postEvent(t, event);
      expect(crashed.status).toBe(500);
      expect((await me(t, s)).balance).toBe('0.00');
      expect(await exchangeEntries(t, exchange.id)).toHaveLength(0);
      const retried = await postEvent(t, event);
      expect(retried.body.outcome).toBe('credited');
      expect((await postEvent(t, event)).body.outcome).toBe('duplicate:credited');
      expect((await me(t, s)).balance).toBe(exchange.to_amount);
      expect(await exchangeEntries(t, exchange.id)).toHaveLength(1);
    } finally {
      await sql
        .raw(`DROP TRIGGER ${tag} ON exchanges; DROP FUNCTION ${tag}(); DROP SEQUENCE ${tag}`)
        .execute(t.owner.db);
    }
  });
});
