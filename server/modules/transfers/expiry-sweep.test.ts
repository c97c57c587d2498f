import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '../../../common/money/money.ts';
import { ensureRates, testEnv } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { releaseHold } from '../../ledger/holds.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { reserveWithdrawal } from './methods/agency-withdrawal/withdrawals.service.ts';
import { sweepRowFailures, sweepStuckRows } from '../../metrics/metrics.ts';
import { startExpirySweep, stuckAfterPasses, sweepOnce } from '../../housekeeping-sweep.ts';
import { agency, customer } from './transactions.fixtures.ts';

// One bad row used to stop every expiry behind it (and the key purge after it), and a pass took
// at most 100 rows.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** `count` withdrawals of 1 MAD made 49 hours ago by one customer: all past their 48-hour expiry. */
async function expiredWithdrawals(count: number): Promise<{ ids: string[]; holdIds: string[] }> {
  const agencyId = await agency(t);
  const alice = await customer(t, BigInt(count) * 1_00n);
  const deps = { ...t.app.services, clock: { now: () => hoursAgo(49) } };
  const ids = await withTransaction(t.database.db, async (tx) => {
    const made: string[] = [];
    for (let i = 0; i < count; i++)
      made.push(await reserveWithdrawal(tx, deps, String(alice.userId), agencyId, money('MAD', 1_00n)));
    return made;
  });
  const rows = await t.database.db
    .selectFrom('transactions')
    .select(['id', 'hold_id'])
    .where('id', 'in', ids)
    .execute();
  return { ids, holdIds: rows.map((r) => r.hold_id ?? '') };
}

const statuses = async (ids: string[]) =>
  (await t.database.db.selectFrom('transactions').select('status').where('id', 'in', ids).execute()).map(
    (r) => r.status,
  );

const pass = () => sweepOnce(t.app.services);

describe('the expiry sweep', () => {
  it('handles every row but a bad one in one pass, and still purges stale idempotency keys', async () => {
    const bad = await expiredWithdrawals(1);
    // A withdrawal whose hold was already finished: releasing it again throws, on every pass.
    await withTransaction(t.database.db, (tx) => releaseHold(tx, bad.holdIds[0] ?? ''));
    await t.database.db
      .updateTable('transactions')
      .set({ expires_at: hoursAgo(100) }) // first in line
      .where('id', '=', bad.ids[0] ?? '')
      .execute();
    const good = await expiredWithdrawals(3);
    const scope = `sweep-bad-row:${good.ids[0]}`;
    await sql`INSERT INTO idempotency_keys (scope, key, request_hash, response_status, response_body, created_at)
      VALUES (${scope}, 'stale', 'h', 201, '{}'::jsonb, now() - interval '100 hours')`.execute(t.database.db);

    const report = await pass();

    expect(report.failed).toContain(bad.ids[0]);
    expect(report.error).toBeUndefined();
    expect(await statuses(good.ids)).toEqual(['expired', 'expired', 'expired']);
    expect(await statuses(bad.ids)).toEqual(['pending']);
    const keys = await t.database.db.selectFrom('idempotency_keys').select('key').where('scope', '=', scope).execute();
    expect(keys).toEqual([]);
    // The bad row is not silently dropped: the next pass tries it again and reports it again.
    expect((await pass()).failed).toContain(bad.ids[0]);
  });

  it('reports a row that fails pass after pass: a warning and a count per failure, one error line and a gauge once stuck', async () => {
    const bad = await expiredWithdrawals(1);
    await withTransaction(t.database.db, (tx) => releaseHold(tx, bad.holdIds[0] ?? ''));
    const lines: { level: string; details: object; message: string }[] = [];
    const log = {
      info: (message: string) => lines.push({ level: 'info', details: {}, message }),
      warn: (details: object, message: string) => lines.push({ level: 'warn', details, message }),
      error: (details: object, message: string) => lines.push({ level: 'error', details, message }),
    };
    const failuresBefore = (await sweepRowFailures.get()).values[0]?.value ?? 0;
    const stop = startExpirySweep(
      { ...t.app.services, config: { ...t.config, EXPIRY_SWEEP_INTERVAL_SECONDS: 1 } },
      log,
    );
    try {
      const mine = () => lines.filter((l) => (l.details as { transactionId?: string }).transactionId === bad.ids[0]);
      for (let i = 0; i < 100 && mine().filter((l) => l.level === 'warn').length < stuckAfterPasses + 1; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const own = mine();
      expect(own.filter((l) => l.level === 'warn').length).toBeGreaterThanOrEqual(stuckAfterPasses + 1);
      expect(own.filter((l) => l.level === 'error')).toEqual([
        {
          level: 'error',
          details: { transactionId: bad.ids[0], passes: stuckAfterPasses },
          message: 'expiry sweep: transaction stuck, it fails on every pass (needs an operator)',
        },
      ]);
      expect((await sweepRowFailures.get()).values[0]?.value).toBeGreaterThanOrEqual(
        failuresBefore + stuckAfterPasses + 1,
      );
      expect((await sweepStuckRows.get()).values[0]?.value).toBeGreaterThanOrEqual(1);
    } finally {
      await stop();
    }
    // Left for an operator: it stays where it was, its money untouched.
    expect(await statuses(bad.ids)).toEqual(['pending']);
  });

  it('clears 250 expired rows in one pass', async () => {
    const many = await expiredWithdrawals(250);
    const report = await pass();
    expect(report.expired).toBeGreaterThanOrEqual(250);
    expect(new Set(await statuses(many.ids))).toEqual(new Set(['expired']));
  });
});
