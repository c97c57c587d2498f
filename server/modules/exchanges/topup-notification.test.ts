import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsPage } from '../../../common/api/notifications.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { call, signIn } from '../../../tests/support/identity.ts';
import { completedEvent, eurCents, postEvent, validated, startCardApp } from '../billing/billing.fixtures.ts';

let t: TestApp;
beforeAll(async () => ({ t } = await startCardApp()));
afterAll(() => t.close());

describe('a top-up in the in-app notifications', () => {
  it('says what was added and what the card paid, once, in the reader’s language, opening the transaction', async () => {
    const s = await signIn(t);
    const { exchange, session } = await validated(t, s, '100.00');
    const event = completedEvent(session, eurCents(exchange.total_amount));
    expect((await postEvent(t, event)).body.outcome).toBe('credited');
    // The provider's retry credits nothing more and tells nothing more.
    expect((await postEvent(t, event)).body.outcome).toBe('duplicate:credited');

    const en = await call<NotificationsPage>(t, 'GET', '/api/notifications/?lang=en', { token: s.token });
    expect(en.status).toBe(200);
    const topUps = en.body.results.filter((n) => n.kind === 'topup_completed');
    expect(topUps).toHaveLength(1);
    const credited = Number(exchange.to_amount).toLocaleString('en', { minimumFractionDigits: 2 });
    const charged = Number(exchange.total_amount).toLocaleString('en', { minimumFractionDigits: 2 });
    // Amounts are written as the screens write them: a no-break space before the currency.
    expect(topUps[0]?.body.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      `+${credited} MAD added to your balance: ${charged} EUR charged to your card, fees included.`,
    );
    expect(topUps[0]).toMatchObject({
      title: 'Money added',
      link: `/transactions/${String(topUps[0]?.transaction)}`,
      read_at: null,
    });
    const history = await t.database.db
      .selectFrom('transactions')
      .select('id')
      .where('reference', '=', `exchange:${String(exchange.id)}`)
      .executeTakeFirstOrThrow();
    expect(String(topUps[0]?.transaction)).toBe(history.id);
    expect(en.body.unread).toBeGreaterThanOrEqual(1);

    const fr = await call<NotificationsPage>(t, 'GET', '/api/notifications/?lang=fr', { token: s.token });
    const frBody = fr.body.results.find((n) => n.kind === 'topup_completed')?.body ?? '';
    expect(frBody).toMatch(/^\+1\s\d{3},\d{2}\sMAD ajoutés à votre solde : 10\d,\d{2}\sEUR débités de votre carte/u);

    // The e-mail is the receipt's: the notification queues no message of its own.
    const deliveries = await t.database.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notification_id')
      .select('d.notification_id')
      .where('n.kind', '=', 'topup_completed')
      .execute();
    expect(deliveries).toEqual([]);
  });
});
