import { expect } from 'vitest';
import { dayAround, startOfDayIn } from '../../../common/time/time-zone.ts';
import { call, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { serviceDeps } from '../../app.ts';
import { CODE } from '../transfers/transactions.fixtures.ts';
import { runSchedulesPass } from './scheduler.ts';

/** Today in Paris, the test customers' time zone. */
export const paris = () => dayAround(new Date(), 'Europe/Paris').date;

/** 00:00 of `date` in `zone`, moved by `minutes`. */
export const midnight = (date: string, minutes = 0, zone = 'Europe/Paris') =>
  new Date(startOfDayIn(date, zone).getTime() + minutes * 60_000);

/** A pass of the scheduler as the worker runs it, at `at` (the database's clock). */
export const passAt = (t: TestApp, at: Date) =>
  runSchedulesPass(serviceDeps({ config: t.config, db: t.database.db, clock: { now: () => at } }));

/** A calendar date `days` ahead (UTC), far enough from today that no time zone makes it the past. */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A new monthly schedule of `who` to their recipient `contact`, starting in ten days; its id. */
export async function newSchedule(t: TestApp, who: SignedIn, contact: number): Promise<number> {
  const made = await call<{ id: number }>(t, 'POST', '/api/schedules/', {
    token: who.token,
    body: {
      contact,
      amount: '10.00',
      frequency: 'monthly',
      day: 1,
      start_date: daysFromNow(10),
      security_code: CODE,
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id;
}
