import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsPageSchema } from '../../../common/api/notifications.ts';
import { call, ensureRates, testEnv, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { amountIn, dateIn } from '../notifications/notification-params.ts';
import { CODE, customer, recipientOf, type Body } from '../transfers/transactions.fixtures.ts';
import { addDays } from './calendar.ts';
import { midnight, paris, passAt as passAtIn } from './schedules.fixtures.ts';

/** What a customer is told of their recurring transfers: the reminder two days before, a date skipped or missed. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Told = { kind: string; title: string; body: string; link: string | null };

const passAt = (at: Date) => passAtIn(t, at);

async function told(who: SignedIn, lang = 'en'): Promise<Told[]> {
  const res = await call<{ results: Told[] }>(t, 'GET', `/api/notifications/?lang=${lang}`, { token: who.token });
  expect(res.status).toBe(200);
  expect(() => notificationsPageSchema.strict().parse(res.body)).not.toThrow();
  return res.body.results.filter((n) => n.kind.startsWith('schedule_'));
}

/** A customer with `balance` MAD (minor units) and a weekly schedule of 1,500.00 MAD to Fatima in ten days. */
async function scheduled(balance: bigint, body: Body = {}) {
  const who = await customer(t, balance);
  const contact = await recipientOf(t, who, {
    first_name: 'Fatima',
    email: `fatima-${String(who.userId)}@example.com`,
  });
  const start = addDays(paris(), 10);
  const made = await call<{ id: number }>(t, 'POST', '/api/schedules/', {
    token: who.token,
    body: { contact, amount: '1500.00', frequency: 'weekly', start_date: start, security_code: CODE, ...body },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { who, id: made.body.id, start };
}

describe('the reminder two days before a date', () => {
  it('comes from 00:00 two days before, once across overlapping passes, with what to add and a link', async () => {
    const { who, start } = await scheduled(900_00n);
    await passAt(midnight(addDays(start, -2), -1));
    expect(await told(who)).toEqual([]);
    await Promise.all([0, 1, 2, 3].map(() => passAt(midnight(addDays(start, -2)))));
    await passAt(midnight(addDays(start, -1)));
    const [reminder, ...more] = await told(who);
    expect(more).toEqual([]);
    const mad = (minor: string) => amountIn('en', { amount: minor, currency: 'MAD' });
    expect(reminder).toMatchObject({
      kind: 'schedule_reminder',
      body: `On ${dateIn('en', start)}, ${mad('150000')} to Fatima. Your balance: ${mad('90000')}: add ${mad('60000')} by then.`,
    });
    // 600 MAD at the freemium rate of the test rates (10.70): 56.03 EUR buy 600 whole dirhams, 56.02 do not.
    const rates = await t.database.db.selectFrom('rates').select('freemium').orderBy('id', 'desc').executeTakeFirst();
    if (rates?.freemium === '10.70') expect(reminder?.link).toBe('/exchange?amount=56.03');
    expect(reminder?.link).toMatch(/^\/exchange\?amount=\d+\.\d{2}$/);
    expect((await told(who, 'fr'))[0]?.body).toContain('ajoutez');
    // The date itself is handled (refused here): no second reminder for it; the next week's comes in its turn.
    await passAt(midnight(start, 1));
    expect((await told(who)).filter((n) => n.kind === 'schedule_reminder')).toHaveLength(1);
    await passAt(midnight(addDays(start, 5)));
    const reminders = (await told(who)).filter((n) => n.kind === 'schedule_reminder');
    expect(reminders).toHaveLength(2);
    expect(reminders[0]?.body).toContain(dateIn('en', addDays(start, 7)));
  });

  it('says the balance covers it and opens the schedule; none while paused or for a date being skipped', async () => {
    const { who, id, start } = await scheduled(2_000_00n);
    await passAt(midnight(addDays(start, -2), 1));
    expect(await told(who)).toMatchObject([{ kind: 'schedule_reminder', link: `/schedules/${id}` }]);
    expect((await told(who))[0]?.body).toMatch(/covers it\.$/);

    const paused = await scheduled(2_000_00n);
    await call(t, 'PATCH', `/api/schedules/${paused.id}/`, { token: paused.who.token, body: { paused: true } });
    const skipped = await scheduled(2_000_00n);
    await call(t, 'PATCH', `/api/schedules/${skipped.id}/`, { token: skipped.who.token, body: { skip_next: true } });
    await passAt(midnight(addDays(paused.start, -2), 1));
    expect(await told(paused.who)).toEqual([]);
    expect(await told(skipped.who)).toEqual([]);
  });
});

describe('a date that did not send', () => {
  it('is told with its reason when refused, not when the customer paused it; a missed one is told too', async () => {
    const poor = await scheduled(100_00n);
    await passAt(midnight(poor.start, 1));
    const notices = (await told(poor.who)).filter((n) => n.kind !== 'schedule_reminder');
    expect(notices).toMatchObject([{ kind: 'schedule_skipped', link: `/schedules/${poor.id}` }]);
    expect(notices[0]?.body).toContain('your balance was too low');
    expect(notices[0]?.body).toContain(dateIn('en', poor.start));

    const paused = await scheduled(10_000_00n);
    await call(t, 'PATCH', `/api/schedules/${paused.id}/`, { token: paused.who.token, body: { paused: true } });
    await passAt(midnight(paused.start, 1));
    expect(await told(paused.who)).toEqual([]);

    const late = await scheduled(10_000_00n);
    await passAt(midnight(late.start, 3 * 24 * 60));
    const missed = (await told(late.who)).filter((n) => n.kind === 'schedule_missed');
    expect(missed).toHaveLength(1);
    expect(missed[0]?.body).toContain('our service was unavailable');
  });
});

describe('the history', () => {
  it('shows which transfers a schedule sent, in the list and the detail', async () => {
    const { who, id, start } = await scheduled(10_000_00n);
    await passAt(midnight(start, 1));
    const list = await call<{ results: { id: number; schedule?: number | null }[] }>(t, 'GET', '/api/transactions/', {
      token: who.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.results).toMatchObject([{ schedule: id }]);
    const sent = list.body.results[0]?.id;
    const detail = await call<{ schedule?: number | null }>(t, 'GET', `/api/transactions/${sent}/`, {
      token: who.token,
    });
    expect(detail.body.schedule).toBe(id);
  });
});

/** The schedule is cancelled and none of its dates was recorded (nothing sent, skipped or missed). */
async function expectEndedWithoutRecord(id: number) {
  const row = await t.database.db
    .selectFrom('schedules')
    .select(['cancelled_at'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
  expect(row.cancelled_at).not.toBeNull();
  const recorded = await t.database.db
    .selectFrom('schedule_occurrences')
    .select('date')
    .where('schedule_id', '=', String(id))
    .execute();
  expect(recorded).toEqual([]);
}

describe('the end of the customer’s account', () => {
  it('ends their schedules: cancelled at the closure, nothing sent or recorded on the next date', async () => {
    const { who, id, start } = await scheduled(0n);
    const closed = await call(t, 'POST', '/api/users/close/', { token: who.token, body: { security_code: CODE } });
    expect(closed.status, JSON.stringify(closed.body)).toBeLessThan(300);
    await passAt(midnight(start, 1));
    await expectEndedWithoutRecord(id);
  });

  it('a schedule found due with its owner closed by other means ends there, without a record', async () => {
    const { who, id, start } = await scheduled(10_000_00n);
    await t.database.db
      .updateTable('users')
      .set({ closed_at: new Date() })
      .where('id', '=', String(who.userId))
      .execute();
    await passAt(midnight(start, 1));
    await expectEndedWithoutRecord(id);
  });
});
