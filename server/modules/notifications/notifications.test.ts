import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationMessages, notificationsPageSchema } from '../../../common/api/notifications.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { call, ensureRates, signIn, testEnv, uniqueEmail, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { create, customer, newKey, recipientOf } from '../transfers/transactions.fixtures.ts';
import { expectNewestSubject, outbox } from '../transfers/methods/cash-pickup/pickups.fixtures.ts';
import { runNotificationDeliveries } from './delivery.worker.ts';
import { notify } from './notify.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

interface Page {
  count: number;
  unread: number;
  next: string | null;
  results: {
    id: number;
    kind: string;
    title: string;
    body: string;
    transaction: number | null;
    read_at: string | null;
  }[];
}

const list = async (s: SignedIn, query = '') => {
  const res = await call<Page>(t, 'GET', `/api/notifications/${query}`, { token: s.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(() => notificationsPageSchema.strict().parse(res.body)).not.toThrow();
  return res.body;
};
const read = (s: SignedIn, body?: unknown) =>
  call<{ unread: number }>(t, 'POST', '/api/notifications/read/', { token: s.token, body });

describe('notifications of a transfer', () => {
  it('the recipient is told once, in their language or the one asked; the sender is not', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const contact = await recipientOf(t, alice, { email: bob.email });
    const key = newKey();
    const sent = await create(t, alice, { amount: '40.50', contact }, key);
    expect(sent.status).toBe(201);
    // The same request again (a client's retry) is the same transfer: still one notification.
    expect((await create(t, alice, { amount: '40.50', contact }, key)).status).toBe(201);
    const page = await list(bob);
    expect(page.unread).toBe(1);
    expect(page.results).toHaveLength(1);
    expect(page.results[0]).toMatchObject({
      kind: 'money_received',
      title: 'You received money',
      transaction: sent.body.id,
      read_at: null,
    });
    expect(page.results[0]?.body).toContain('40.50\u00A0MAD');
    expect((await list(bob, '?lang=fr')).results[0]?.title).toBe('Vous avez reçu de l’argent');
    expect((await list(bob, '?lang=ar')).results[0]?.body).toContain('\u206640,50\u00A0MAD\u2069');
    // The diaspora's languages, the amount with its decimal comma and its currency.
    expect((await list(bob, '?lang=de')).results[0]).toMatchObject({ title: 'Sie haben Geld erhalten' });
    expect((await list(bob, '?lang=de')).results[0]?.body).toContain('40,50\u00A0MAD');
    expect((await list(bob, '?lang=es')).results[0]?.title).toBe('Has recibido dinero');
    expect((await list(bob, '?lang=it')).results[0]?.title).toBe('Hai ricevuto denaro');
    expect((await list(bob, '?lang=nl')).results[0]?.title).toBe('Je hebt geld ontvangen');
    expect((await list(alice)).results.filter((n) => n.transaction === sent.body.id)).toEqual([]);
    // The e-mail goes through the outbox, after the answer.
    await expectNewestSubject(t, bob.email, 'Sila: You received money');
  });

  it('a cancelled transfer tells its sender; a transfer claimed at sign-up tells the new user', async () => {
    const alice = await customer(t, 100_00n);
    const email = uniqueEmail('later');
    const contact = await recipientOf(t, alice, { email });
    const first = await create(t, alice, { amount: 10, contact });
    const second = await create(t, alice, { amount: 12, contact });
    expect([first.status, second.status]).toEqual([201, 201]);
    const cancelled = await call(t, 'POST', `/api/transactions/${String(first.body.id)}/cancel/`, {
      token: alice.token,
    });
    expect(cancelled.status).toBe(200);
    expect((await list(alice)).results[0]).toMatchObject({
      kind: 'transfer_cancelled',
      title: 'Transfer cancelled',
      transaction: first.body.id,
    });
    const newcomer = await signIn(t, { email }, 'fr');
    const theirs = await list(newcomer);
    expect(theirs.results.map((n) => [n.kind, n.transaction, n.title])).toEqual([
      ['money_received', second.body.id, 'Vous avez reçu de l’argent'],
    ]);
  });

  it('rejects a wrong query with a field message', async () => {
    const s = await customer(t);
    const res = await call(t, 'GET', '/api/notifications/?lang=pt', { token: s.token });
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('lang');
  });
});

describe('notify()', () => {
  it('writes nothing when the caller’s transaction rolls back, and once when it commits', async () => {
    const s = await customer(t);
    await expect(
      withTransaction(t.database.db, async (tx) => {
        await notify(tx, { userId: s.userId, kind: 'kyc_approved', transactionId: null, params: {} });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await list(s)).count).toBe(0);
    await withTransaction(t.database.db, (tx) =>
      notify(tx, { userId: s.userId, kind: 'kyc_approved', transactionId: null, params: {} }),
    );
    expect((await list(s)).results.map((n) => n.kind)).toEqual(['kyc_approved']);
  });

  it('the message is sent by the worker, in the user’s language; message: false keeps it in the app', async () => {
    const email = uniqueEmail('fr');
    const s = await signIn(t, { email }, 'fr');
    // A confirmed address is where messages go (the sign-in by e-mail proved it).
    await withTransaction(t.database.db, (tx) =>
      notify(tx, { userId: s.userId, kind: 'kyc_rejected', transactionId: null, params: {}, message: false }),
    );
    await withTransaction(t.database.db, (tx) =>
      notify(tx, { userId: s.userId, kind: 'kyc_approved', transactionId: null, params: {} }),
    );
    await runNotificationDeliveries(t.app.services);
    // The app's own worker may have leased the delivery first (its gathered pass runs beside this one): then this
    // pass finds nothing to do and the message arrives from the other, shortly.
    await expectNewestSubject(t, email, 'Sila : Identité vérifiée');
    const messages = await outbox(t, email);
    expect(messages.map((m) => m.subject)).not.toContain('Pièce d’identité refusée');
    const delivered = () =>
      sql<{ channel: string; done: boolean }>`
        SELECT d.channel, d.done_at IS NOT NULL AS done FROM notification_deliveries d
          JOIN notifications n ON n.id = d.notification_id WHERE n.user_id = ${s.userId}`
        .execute(t.database.db)
        .then((r) => r.rows);
    await expect.poll(delivered, { timeout: 5000, interval: 50 }).toEqual([{ channel: 'email', done: true }]);
  });
});

describe('POST /api/notifications/read/', () => {
  async function withThree() {
    const s = await customer(t);
    for (let i = 0; i < 3; i++)
      await withTransaction(t.database.db, (tx) =>
        notify(tx, { userId: s.userId, kind: 'kyc_approved', transactionId: null, params: {}, message: false }),
      );
    return { s, ids: (await list(s)).results.map((n) => n.id) };
  }

  it('marks the given ids read, then all with an empty body; newest first, paged', async () => {
    const { s, ids } = await withThree();
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const paged = await list(s, '?page_size=2');
    expect(paged).toMatchObject({ count: 3, unread: 3 });
    expect(paged.results.map((n) => n.id)).toEqual(ids.slice(0, 2));
    expect(paged.next).toContain('page=2');
    expect(await read(s, { ids: [ids[1]] })).toMatchObject({ status: 200, body: { unread: 2 } });
    const after = await list(s);
    expect(after.results.map((n) => n.read_at !== null)).toEqual([false, true, false]);
    expect(await read(s)).toMatchObject({ status: 200, body: { unread: 0 } });
    expect(await read(s, {})).toMatchObject({ status: 200, body: { unread: 0 } });
  });

  it('ignores ids of another user (their notifications stay unread), as ids that do not exist', async () => {
    const alice = await withThree();
    const mallory = await customer(t);
    const res = await read(mallory, { ids: [...alice.ids, 9_000_000_000] });
    expect(res).toMatchObject({ status: 200, body: { unread: 0 } });
    expect((await list(alice.s)).unread).toBe(3);
    // And an empty body marks only the caller's own.
    await read(mallory);
    expect((await list(alice.s)).unread).toBe(3);
  });

  it('refuses malformed ids with a field message', async () => {
    const s = await customer(t);
    for (const body of [
      { ids: 'all' },
      { ids: [-1] },
      { ids: ['1'] },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
    ]) {
      const res = await read(s, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toHaveProperty('ids');
    }
    expect((await read(s, { other: 1 })).status).toBe(400);
    expect(notificationMessages.ids).toBeTruthy();
  });
});
