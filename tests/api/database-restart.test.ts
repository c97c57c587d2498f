import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/ledger/ledger-check.ts';
import {
  CODE,
  create,
  customer,
  newKey,
  recipientOf,
} from '../../server/modules/transfers/transactions.fixtures.ts';
import { ensureRates } from '../support/identity.ts';
import { createScratchDatabase } from '../support/scratch-database.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres.ts';

// PostgreSQL restarts (fast shutdown, then start) while customers send. Requests in the gap get 503 with
// Retry-After, never a 500 or a wait over 10 s; the app recovers without a restart of its own; nothing acknowledged
// is lost or doubled and the ledger balances.
let postgres: ThrowawayPostgres;
let t: TestApp;
beforeAll(async () => {
  postgres = await startThrowawayPostgres();
  const database = await createScratchDatabase(postgres.url(), 'restart', { migrate: true });
  t = await startTestApp({ databaseUrl: database.url, databaseTimeouts: true });
  await ensureRates(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await postgres?.destroy();
});

interface Outcome {
  status: number;
  ms: number;
  at: number;
}

describe('a database restart under load', () => {
  it('answers 503 in the gap, recovers by itself, loses and doubles nothing', async () => {
    const senders = await Promise.all([customer(t, 10_000_000n), customer(t, 10_000_000n), customer(t, 10_000_000n)]);
    const contacts = await Promise.all(
      senders.map(async (s) => recipientOf(t, s, { email: (await customer(t)).email })),
    );
    const outcomes: Outcome[] = [];
    const acknowledged = new Set<number>();
    let stop = false;
    const sender = async (i: number) => {
      const s = senders[i];
      const contact = contacts[i];
      if (!s || contact === undefined) return;
      while (!stop) {
        // One key per intent, kept across retries, as the web app does: a retry after a 503 can never send twice.
        const key = newKey();
        for (;;) {
          const started = Date.now();
          let status: number;
          try {
            const res = await create(t, s, { contact, amount: '1.00', security_code: CODE }, key);
            status = res.status;
            if (status === 503) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
            if (status === 201) acknowledged.add(res.body.id as number);
          } catch {
            status = -1; // a reset connection: must never happen
          }
          outcomes.push({ status, ms: Date.now() - started, at: Date.now() });
          if (status !== 503) break;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    const load = Promise.all(senders.map((_, i) => sender(i)));
    await new Promise((r) => setTimeout(r, 1500));
    const restartAt = Date.now();
    await postgres.restartFast();
    const restartedAt = Date.now();
    await new Promise((r) => setTimeout(r, 3000));
    stop = true;
    await load;

    const statuses = Object.fromEntries(
      [...new Set(outcomes.map((o) => o.status))].map((s) => [s, outcomes.filter((o) => o.status === s).length]),
    );
    const gap = outcomes.filter((o) => o.status === 503);
    const firstOkAfter = outcomes.find((o) => o.status === 201 && o.at > restartedAt);
    const outage = gap.length ? Math.max(...gap.map((o) => o.at)) - Math.min(...gap.map((o) => o.at - o.ms)) : 0;
    console.log(
      `database restart: pg_ctl restart -m fast took ${restartedAt - restartAt} ms; clients saw ${gap.length} answers 503 ` +
        `over ${outage} ms; first send acknowledged ${firstOkAfter ? firstOkAfter.at - restartedAt : 'never'} ms after the ` +
        `restart; slowest answer ${Math.max(...outcomes.map((o) => o.ms))} ms; statuses ${JSON.stringify(statuses)}`,
    );
    expect(Object.keys(statuses).sort()).toEqual(gap.length ? ['201', '503'] : ['201']);
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(10_000);
    expect(firstOkAfter).toBeDefined();

    // Nothing acknowledged lost, nothing doubled: exactly the acknowledged sends exist, and the ledger balances.
    const rows = await t.database.db
      .selectFrom('transactions')
      .select('id')
      .where(
        'sender_user_id',
        'in',
        senders.map((s) => String(s.userId)),
      )
      .execute();
    expect(new Set(rows.map((r) => Number(r.id)))).toEqual(acknowledged);
    const report = await checkLedger(t.database.db);
    expect(report.problems).toEqual([]);
  }, 120_000);
});
