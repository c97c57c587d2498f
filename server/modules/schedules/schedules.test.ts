import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleMessages, scheduleSchema, schedulesPageSchema } from '../../../common/api/schedules.ts';
import { transactionMessages } from '../../../common/api/transactions.ts';
import { securityCodeErrors } from '../../../common/api/users.ts';
import { call, ensureRates, otherCode, testEnv, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { serviceDeps } from '../../app.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { balanceOf, CODE, customer, recipientOf, type Body } from '../transfers/transactions.fixtures.ts';
import { schedulesRunCommand } from '../../cli/commands/schedules-run.ts';
import { addDays } from './calendar.ts';
import { midnight, paris, passAt as passAtIn } from './schedules.fixtures.ts';
import { lockNextDue } from './schedules.repository.ts';
import { handleDue } from './scheduler.ts';

/** Recurring transfers over HTTP (ADR 024); the scheduler's passes run at chosen instants of the database's clock. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Schedule = {
  id: number;
  state: string;
  amount: string;
  next_date: string | null;
  skip_date: string | null;
  next_occurrences: string[];
  occurrences: { date: string; outcome: string; reason: string | null; transaction: number | null }[];
};

const post = (who: SignedIn, body: Body) =>
  call<Schedule>(t, 'POST', '/api/schedules/', { token: who.token, body: { security_code: CODE, ...body } });
const detail = async (who: SignedIn, id: number) => {
  const res = await call<Schedule>(t, 'GET', `/api/schedules/${id}/`, { token: who.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(() => scheduleSchema.strict().parse(res.body)).not.toThrow();
  return res.body;
};
const patch = (who: SignedIn, id: number, body: Body) =>
  call<Schedule>(t, 'PATCH', `/api/schedules/${id}/`, { token: who.token, body });
const passAt = (at: Date) => passAtIn(t, at);

/** A customer with `balance` MAD (minor units), a recipient without an account, and a schedule of theirs. */
async function scheduled(body: Body = {}, balance = 1_000_000n) {
  const who = await customer(t, balance);
  const contact = await recipientOf(t, who, { email: `rec-${String(who.userId)}@example.com` });
  const start = addDays(paris(), 10);
  const made = await post(who, {
    contact,
    amount: '1500.00',
    frequency: 'monthly',
    day: 'last',
    start_date: start,
    ...body,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { who, contact, schedule: made.body, start };
}

describe('POST, GET, PATCH and DELETE /api/schedules/', () => {
  it('makes a schedule with the security code, lists it, shows its next dates; another customer gets 404', async () => {
    const { who, schedule, start } = await scheduled({ frequency: 'weekly', day: undefined, count: 3 });
    expect(schedule).toMatchObject({ state: 'active', amount: '1500.00', next_date: start });
    expect(schedule.next_occurrences).toEqual([start, addDays(start, 7), addDays(start, 14)]);
    const list = await call<{ count: number; results: Schedule[] }>(t, 'GET', '/api/schedules/', { token: who.token });
    expect(() => schedulesPageSchema.strict().parse(list.body)).not.toThrow();
    expect(list.body.results.map((s) => s.id)).toEqual([schedule.id]);
    const other = await customer(t);
    const foreign = await call(t, 'GET', `/api/schedules/${schedule.id}/`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect((await patch(other, schedule.id, { paused: true })).status).toBe(404);
    expect((await call(t, 'DELETE', `/api/schedules/${schedule.id}/`, { token: other.token })).status).toBe(404);
    expect((await call(t, 'GET', '/api/schedules/', { token: other.token })).body).toMatchObject({ count: 0 });
    expect((await detail(who, schedule.id)).state).toBe('active');
  });

  it('refuses bad input on its field: day 29-31, a start before today, an end before the start, the code', async () => {
    const who = await customer(t);
    const contact = await recipientOf(t, who, { email: `rec-${String(who.userId)}@example.com` });
    const start = addDays(paris(), 3);
    const base = { contact, amount: '100.00', frequency: 'monthly', day: 5, start_date: start };
    const refused = async (body: Body, field: string, message: string) => {
      const res = await post(who, { ...base, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as unknown as Record<string, string[]>)[field], JSON.stringify(res.body)).toEqual([message]);
    };
    for (const day of [29, 30, 31, 0, '15']) await refused({ day }, 'day', scheduleMessages.day);
    await refused({ day: undefined }, 'day', scheduleMessages.day);
    await refused({ frequency: 'weekly' }, 'day', scheduleMessages.dayNotMonthly);
    await refused({ frequency: 'daily' }, 'frequency', scheduleMessages.frequency);
    await refused({ start_date: addDays(paris(), -1) }, 'start_date', scheduleMessages.startInPast);
    await refused({ start_date: '2027-02-30' }, 'start_date', scheduleMessages.date);
    await refused({ end_date: addDays(start, -1) }, 'end_date', scheduleMessages.endBeforeStart);
    await refused({ end_date: addDays(start, 20), count: 2 }, 'count', scheduleMessages.endAndCount);
    await refused({ amount: '0.50' }, 'amount', transactionMessages.belowMinimum('1.00'));
    await refused({ amount: '20000.01' }, 'amount', transactionMessages.aboveMaximum('20000.00'));
    await refused({ contact: 999_999_999 }, 'contact', transactionMessages.contactNotFound);
    await refused({ security_code: otherCode(CODE) }, 'security_code', securityCodeErrors.invalid);
    expect((await call(t, 'GET', '/api/schedules/', { token: who.token })).body).toMatchObject({ count: 0 });
    // Today itself is allowed: a schedule never runs in the past, but it may start now.
    expect((await post(who, { ...base, start_date: paris() })).status).toBe(201);
  });

  it('pauses and resumes, skips the next date, changes the amount with the code, cancels', async () => {
    const { who, schedule, start } = await scheduled({ frequency: 'weekly', day: undefined });
    expect((await patch(who, schedule.id, { paused: true })).body).toMatchObject({ state: 'paused' });
    expect((await patch(who, schedule.id, { paused: false })).body).toMatchObject({ state: 'active' });
    expect((await patch(who, schedule.id, { skip_next: true })).body).toMatchObject({ skip_date: start });
    const noCode = await patch(who, schedule.id, { amount: '900.00' });
    expect(noCode.status).toBe(400);
    const wrong = await patch(who, schedule.id, { amount: '900.00', security_code: otherCode(CODE) });
    expect(wrong.status).toBe(400);
    const changed = await patch(who, schedule.id, { amount: '900.00', security_code: CODE });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.amount).toBe('900.00');
    // The skipped date is recorded as asked; the next one sends the new amount.
    await passAt(midnight(start, 1));
    await passAt(midnight(addDays(start, 7), 1));
    const after = await detail(who, schedule.id);
    expect(after.occurrences.map((o) => [o.date, o.outcome, o.reason])).toEqual([
      [addDays(start, 7), 'sent', null],
      [start, 'skipped', 'asked'],
    ]);
    expect(await balanceOf(t, who)).toBe('9100.00');
    expect((await call(t, 'DELETE', `/api/schedules/${schedule.id}/`, { token: who.token })).status).toBe(204);
    await passAt(midnight(addDays(start, 14), 1));
    const cancelled = await detail(who, schedule.id);
    expect(cancelled).toMatchObject({ state: 'cancelled', next_date: null });
    expect(cancelled.occurrences).toHaveLength(2);
    expect((await patch(who, schedule.id, { paused: true })).status).toBe(400);
  });
});

describe('the scheduler', () => {
  it('is due from 00:00 in the customer’s time zone: nothing at 23:59, sent at 00:00 (Paris and New York)', async () => {
    const { who, schedule, start } = await scheduled({ frequency: 'weekly', day: undefined });
    await passAt(midnight(start, -1));
    expect((await detail(who, schedule.id)).occurrences).toEqual([]);
    await passAt(midnight(start, 0));
    expect((await detail(who, schedule.id)).occurrences).toMatchObject([{ date: start, outcome: 'sent' }]);

    const ma = await customer(t, 1_000_000n);
    await t.database.db.updateTable('users').set({ country: 'US' }).where('id', '=', String(ma.userId)).execute();
    const contact = await recipientOf(t, ma, { email: `rec-${String(ma.userId)}@example.com` });
    const made = await post(ma, { contact, amount: '100.00', frequency: 'weekly', start_date: start });
    expect(made.body).toMatchObject({ time_zone: 'America/New_York' });
    // Midnight in Paris is still the evening before in New York.
    await passAt(midnight(start, 0));
    expect((await detail(ma, made.body.id)).occurrences).toEqual([]);
    await passAt(midnight(start, -1, 'America/New_York'));
    expect((await detail(ma, made.body.id)).occurrences).toEqual([]);
    await passAt(midnight(start, 0, 'America/New_York'));
    expect((await detail(ma, made.body.id)).occurrences).toMatchObject([{ date: start, outcome: 'sent' }]);
  });

  it('sends an occurrence once when passes overlap in parallel', async () => {
    const { who, schedule, start } = await scheduled();
    const due = midnight(schedule.next_date ?? start, 5);
    await Promise.all(Array.from({ length: 6 }, () => passAt(due)));
    const after = await detail(who, schedule.id);
    expect(after.occurrences).toMatchObject([{ outcome: 'sent' }]);
    expect(await balanceOf(t, who)).toBe('8500.00');
    const sent = await t.database.db
      .selectFrom('transactions')
      .select('id')
      .where('sender_user_id', '=', String(who.userId))
      .execute();
    expect(sent).toHaveLength(1);
  });

  it('a pass that dies after the money moved leaves nothing; the next pass sends once, a rerun nothing more', async () => {
    const { who, schedule } = await scheduled();
    const due = midnight(schedule.next_date ?? '', 5);
    const deps = serviceDeps({ config: t.config, db: t.database.db, clock: { now: () => due } });
    const crash = new Error('killed midway');
    await expect(
      withTransaction(t.database.db, async (tx) => {
        const row = await lockNextDue(tx, due, []);
        if (!row) throw new Error('nothing due');
        await handleDue(tx, deps, row, due, { held: false, matches: [], screenedName: '', version: '' });
        throw crash;
      }),
    ).rejects.toBe(crash);
    expect(await balanceOf(t, who)).toBe('10000.00');
    await passAt(due);
    await passAt(due);
    expect((await detail(who, schedule.id)).occurrences).toMatchObject([{ outcome: 'sent' }]);
    expect(await balanceOf(t, who)).toBe('8500.00');
  });

  it('catches up an occurrence up to 2 days late; an older one is recorded as missed', async () => {
    const late = await scheduled();
    const date = late.schedule.next_date ?? '';
    await passAt(midnight(date, 2 * 24 * 60 - 1));
    expect((await detail(late.who, late.schedule.id)).occurrences).toMatchObject([{ date, outcome: 'sent' }]);
    const older = await scheduled();
    await passAt(midnight(date, 2 * 24 * 60 + 1));
    expect((await detail(older.who, older.schedule.id)).occurrences).toMatchObject([{ date, outcome: 'missed' }]);
    expect(await balanceOf(t, older.who)).toBe('10000.00');
  });

  it('an account recovery waiting for its decision skips a date as frozen; the cooling-off after it holds a date above the threshold', async () => {
    const recovering = await scheduled();
    await t.database.db
      .updateTable('users')
      .set({ recovery_pending_until: new Date(Date.now() + 365 * 86_400_000) })
      .where('id', '=', String(recovering.who.userId))
      .execute();
    await passAt(midnight(recovering.schedule.next_date ?? '', 1));
    expect((await detail(recovering.who, recovering.schedule.id)).occurrences).toMatchObject([
      { outcome: 'skipped', reason: 'frozen' },
    ]);
    expect(await balanceOf(t, recovering.who)).toBe('10000.00');

    // 2,500 MAD is above the cooling-off threshold (2,000): accepted, held, and sent on by the sweep later.
    const cooling = await scheduled({ amount: '2500.00' });
    const date = cooling.schedule.next_date ?? '';
    await t.database.db
      .updateTable('users')
      .set({ recovery_cooling_until: new Date(midnight(date, 1).getTime() + 86_400_000) })
      .where('id', '=', String(cooling.who.userId))
      .execute();
    await passAt(midnight(date, 1));
    const [occurrence] = (await detail(cooling.who, cooling.schedule.id)).occurrences ?? [];
    expect(occurrence).toMatchObject({ outcome: 'sent' });
    const held = await t.database.db
      .selectFrom('transactions')
      .select('status')
      .where('id', '=', String(occurrence?.transaction))
      .executeTakeFirstOrThrow();
    expect(held.status).toBe('on_hold');
  });

  it('skips with the reason: balance too low, limit reached, account frozen, paused', async () => {
    const poor = await scheduled({}, 100_00n);
    const date = poor.schedule.next_date ?? '';
    await passAt(midnight(date, 1));
    expect((await detail(poor.who, poor.schedule.id)).occurrences).toMatchObject([
      { date, outcome: 'skipped', reason: 'balance' },
    ]);
    expect(await balanceOf(t, poor.who)).toBe('100.00');

    // 9,000 MAD a week against a level-1 rolling limit of 20,000: the third is refused.
    const big = await scheduled({ amount: '9000.00', frequency: 'weekly', day: undefined }, 3_000_000n);
    for (const week of [0, 7, 14]) await passAt(midnight(addDays(big.start, week), 1));
    expect((await detail(big.who, big.schedule.id)).occurrences.map((o) => o.reason ?? o.outcome)).toEqual([
      'limit',
      'sent',
      'sent',
    ]);

    const frozen = await scheduled();
    await t.database.db
      .updateTable('users')
      .set({ frozen_at: new Date() })
      .where('id', '=', String(frozen.who.userId))
      .execute();
    await passAt(midnight(frozen.schedule.next_date ?? '', 1));
    expect((await detail(frozen.who, frozen.schedule.id)).occurrences).toMatchObject([{ reason: 'frozen' }]);

    const paused = await scheduled();
    await patch(paused.who, paused.schedule.id, { paused: true });
    await passAt(midnight(paused.schedule.next_date ?? '', 1));
    const after = await detail(paused.who, paused.schedule.id);
    expect(after.occurrences).toMatchObject([{ outcome: 'skipped', reason: 'paused' }]);
    expect(after.next_date).not.toBe(paused.schedule.next_date);
  });

  it('the recipient who can no longer receive (deleted) is a skip with its reason', async () => {
    const { who, contact, schedule } = await scheduled();
    const removed = await call(t, 'DELETE', `/api/contacts/${contact}/`, { token: who.token });
    expect(removed.status).toBeLessThan(300);
    await passAt(midnight(schedule.next_date ?? '', 1));
    expect((await detail(who, schedule.id)).occurrences).toMatchObject([{ outcome: 'skipped', reason: 'recipient' }]);
  });

  it('a screening that fails (the database) leaves the date due and records nothing; the next pass sends it', async () => {
    const { who, schedule } = await scheduled();
    const due = midnight(schedule.next_date ?? '', 3);
    // The lists' table out of reach: the screening's query fails as on a lost connection.
    await sql`ALTER TABLE sanctions_lists RENAME TO sanctions_lists_away`.execute(t.owner.db);
    const failedPass = await passAt(due).finally(() =>
      sql`ALTER TABLE sanctions_lists_away RENAME TO sanctions_lists`.execute(t.owner.db),
    );
    expect(failedPass.failed).toContain(String(schedule.id));
    expect((await detail(who, schedule.id)).occurrences).toEqual([]);
    expect(await balanceOf(t, who)).toBe('10000.00');
    await passAt(due);
    expect((await detail(who, schedule.id)).occurrences).toMatchObject([{ outcome: 'sent' }]);
    expect(await balanceOf(t, who)).toBe('8500.00');
  });

  it('`npm run admin -- schedules:run` runs one pass now, on the database’s clock', async () => {
    const { who, schedule } = await scheduled({ frequency: 'weekly', day: undefined, start_date: paris() });
    const lines: string[] = [];
    const out = (line: string) => lines.push(line);
    expect(await schedulesRunCommand.run({ db: t.database.db, args: [], out, config: t.config })).toBe(0);
    expect(lines.join('\n')).toMatch(/\d+ sent, \d+ skipped, \d+ missed, \d+ reminded, 0 failed\./);
    expect((await detail(who, schedule.id)).occurrences).toMatchObject([{ date: paris(), outcome: 'sent' }]);
  });
});
