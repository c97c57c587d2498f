import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ensureRates, movableClock, testEnv } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { closedAccountsPurgeCommand } from '../../cli/commands/closed-accounts-purge.ts';
import { fullForm, submit } from '../kyc/kyc.fixtures.ts';
import { sweepOnce } from '../../housekeeping-sweep.ts';
import { CODE, customer } from '../transfers/transactions.fixtures.ts';
import { purgeClosedAccounts } from './closed-accounts-purge.ts';

/**
 * Closed accounts purged once their 5-year retention ends (ADR 015), by the expiry sweep every server
 * runs: the kept identity and the identity documents go, the users row (ledger, transactions) stays; accounts still
 * within their 5 years are kept, even when the host clock runs ahead of the database's; two purges at once share
 * the rows; a second pass finds nothing. Closures are dated in the past with the app's movable clock.
 */
const clock = movableClock();
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: testEnv, deps: { clock } });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400;

/** Seconds from now to `years` years and `days` days ago (retain_until adds calendar years). */
function ago(years: number, days: number): number {
  const then = new Date();
  then.setUTCFullYear(then.getUTCFullYear() - years);
  return Math.round((Date.now() - then.getTime()) / 1000) + days * DAY;
}

/** A customer with an identity document on file, closing their account `secondsAgo` by the app's clock. */
async function closedAgo(secondsAgo: number): Promise<string> {
  const c = await customer(t);
  expect((await submit(t, c, fullForm())).status).toBe(201);
  clock.advance(-secondsAgo);
  try {
    const res = await call(t, 'POST', '/api/users/close/', { token: c.token, body: { security_code: CODE } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  } finally {
    clock.advance(secondsAgo);
  }
  return String(c.userId);
}

async function kept(userId: string) {
  const db = t.database.db;
  const [closed, documents, files, user] = await Promise.all([
    db.selectFrom('closed_accounts').select('user_id').where('user_id', '=', userId).execute(),
    db.selectFrom('kyc_submissions').select('id').where('user_id', '=', userId).execute(),
    db
      .selectFrom('kyc_files as f')
      .innerJoin('kyc_submissions as s', 's.id', 'f.submission_id')
      .select('f.id')
      .where('s.user_id', '=', userId)
      .execute(),
    db.selectFrom('users').select(['id', 'closed_at']).where('id', '=', userId).executeTakeFirst(),
  ]);
  return { closed: closed.length, documents: documents.length, files: files.length, user: (user?.closed_at ?? null) !== null };
}

const whole = { closed: 1, documents: 1, files: 3, user: true };
const purged = { closed: 0, documents: 0, files: 0, user: true };

describe('the purge of closed accounts', () => {
  it('purges the accounts past 5 years in the sweep, keeps the others, and finds nothing the second time', async () => {
    const past = await closedAgo(ago(5, 1));
    const soon = await closedAgo(ago(5, -1));
    const recent = await closedAgo(60);
    expect(await kept(past)).toEqual(whole);

    const first = await sweepOnce(t.app.services);
    expect(first.error).toBeUndefined();
    expect(first.closedAccountsPurged).toBeGreaterThanOrEqual(1);
    expect(await kept(past)).toEqual(purged);
    expect(await kept(soon)).toEqual(whole);
    expect(await kept(recent)).toEqual(whole);

    const second = await sweepOnce(t.app.services);
    expect(second.error).toBeUndefined();
    expect(second.closedAccountsPurged).toBe(0);
  });

  it('never asks the database for a delete its trigger refuses: a host clock ahead purges nothing early', async () => {
    const soon = await closedAgo(ago(5, -1));
    clock.advance(2 * DAY);
    try {
      const report = await sweepOnce(t.app.services);
      expect(report.error).toBeUndefined();
    } finally {
      clock.advance(-2 * DAY);
    }
    expect(await kept(soon)).toEqual(whole);
  });

  it('shares the rows between two purges at once, one row per batch, each purged once', async () => {
    const due = [await closedAgo(ago(5, 3)), await closedAgo(ago(5, 3)), await closedAgo(ago(5, 3))];
    const counts = await Promise.all([
      purgeClosedAccounts(t.database.db, clock.now(), 1),
      purgeClosedAccounts(t.database.db, clock.now(), 1),
    ]);
    expect(counts[0] + counts[1]).toBe(3);
    for (const id of due) expect(await kept(id)).toEqual(purged);
  });

  it('is an admin command too', async () => {
    const due = await closedAgo(ago(5, 2));
    const lines: string[] = [];
    const code = await closedAccountsPurgeCommand.run({ db: t.database.db, args: [], out: (l) => lines.push(l) });
    expect(code, lines.join('\n')).toBe(0);
    expect(lines[0]).toBe('1 closed account(s) purged.');
    expect(await kept(due)).toEqual(purged);
    expect(
      await closedAccountsPurgeCommand.run({ db: t.database.db, args: ['--now'], out: (l) => lines.push(l) }),
    ).not.toBe(0);
  });
});
