import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_QUEUE_KEYS, type Dashboard } from '../../common/api/ops-dashboard.ts';
import { call, ensureRates, testEnv, uniquePhone } from '../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { outboxDeadCommand, outboxRetryCommand } from '../cli/commands/outbox.ts';
import { operator } from '../modules/ops/ops.fixtures.ts';
import { create, customer, recipientOf } from '../modules/transfers/transactions.fixtures.ts';
import { OUTBOX_QUEUES } from './outbox-queues.ts';

/**
 * One list of outbox-like queues (server/jobs/outbox-queues.ts) for outbox:dead, outbox:retry, the ops dashboard and
 * the dead-letter gauge. Before it, the receipt mails (0350) and the recipients' messages (0360) were in none of them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(() => t.close());

/** Makes a queue's row a dead letter, as a worker does after its last attempt (and whatever it did meanwhile). */
async function kill(table: 'receipt_mails' | 'recipient_messages', transactionId: unknown): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    UPDATE ${sql.table(table)} SET done_at = NULL, dead_at = now(), attempts = 5, last_error = 'SMTP answered 554'
    WHERE transaction_id = ${String(transactionId)} RETURNING id::text AS id`.execute(t.database.db);
  expect(rows).toHaveLength(1);
  return rows[0]?.id ?? '';
}

async function delivered(table: 'receipt_mails' | 'recipient_messages', transactionId: unknown): Promise<boolean> {
  const { rows } = await sql<{ done: boolean }>`
    SELECT done_at IS NOT NULL AS done FROM ${sql.table(table)} WHERE transaction_id = ${String(transactionId)}`.execute(
    t.database.db,
  );
  return rows[0]?.done === true;
}

async function run(command: typeof outboxDeadCommand, args: string[]) {
  const out: string[] = [];
  const code = await command.run({ db: t.database.db, args, out: (line) => out.push(line) });
  return { code, text: out.join('\n') };
}

describe('every outbox-like queue, through one list', () => {
  it('names every table that has the columns of a retried queue, and each has its dashboard key', async () => {
    const { rows } = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name IN ('attempts', 'next_attempt_at', 'last_error', 'dead_at')
      GROUP BY table_name HAVING count(*) = 4 ORDER BY table_name`.execute(t.database.db);
    expect(rows.map((r) => r.table_name)).toEqual(OUTBOX_QUEUES.map((q) => q.table).sort());
    expect(OUTBOX_QUEUES.map((q) => q.key)).toEqual([...DASHBOARD_QUEUE_KEYS]);
  });

  it('a dead receipt mail and a dead invitation: listed by outbox:dead, counted on the dashboard, put back by outbox:retry', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const paid = await create(t, alice, { amount: 5, contact: await recipientOf(t, alice, { email: bob.email }) });
    expect(paid.body).toMatchObject({ status: 'completed' });
    const invited = await create(t, alice, {
      amount: 5,
      contact: await recipientOf(t, alice, { phone_number: uniquePhone() }),
    });
    expect(invited.body).toMatchObject({ status: 'unclaimed' });
    // The invitation leaves on the nudge that follows the send (within about 100 ms): a worker that delivers it
    // after kill() would set done_at over the dead letter (CI failed once on that race). Receipt mails have no
    // worker in an API process, so theirs cannot move.
    await expect
      .poll(() => delivered('recipient_messages', invited.body.id), { timeout: 10_000, interval: 50 })
      .toBe(true);
    const receipt = await kill('receipt_mails', paid.body.id);
    const invitation = await kill('recipient_messages', invited.body.id);

    const dead = await run(outboxDeadCommand, []);
    expect(dead.code).toBe(1);
    expect(dead.text).toMatch(
      new RegExp(
        `receipt ${receipt}  receipt of transaction ${String(paid.body.id)} to user ${String(alice.userId)}  5 attempts .*SMTP answered 554`,
      ),
    );
    expect(dead.text).toMatch(
      new RegExp(
        `recipient ${invitation}  invitation for transaction ${String(invited.body.id)}.*  5 attempts .*SMTP answered 554`,
      ),
    );
    expect(dead.text).toContain('outbox:retry --kind anchoring|payment|notification|receipt|recipient|wallet');

    const ops = await operator(t);
    const dashboard = await call<Dashboard>(t, 'GET', '/api/ops/dashboard/', { token: ops.token });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.receipt_mails.dead).toBeGreaterThanOrEqual(1);
    expect(dashboard.body.recipient_messages.dead).toBeGreaterThanOrEqual(1);
    for (const key of DASHBOARD_QUEUE_KEYS) {
      expect(dashboard.body[key]).toMatchObject({ waiting: expect.any(Number), failing: expect.any(Number) });
    }

    expect((await run(outboxRetryCommand, ['--kind', 'receipt', '--id', receipt])).code).toBe(0);
    expect((await run(outboxRetryCommand, ['--kind', 'recipient', '--id', invitation])).code).toBe(0);
    const rows = await sql<{ dead_at: Date | null; attempts: number }>`
      SELECT dead_at, attempts FROM receipt_mails WHERE id = ${receipt}
      UNION ALL SELECT dead_at, attempts FROM recipient_messages WHERE id = ${invitation}`.execute(t.database.db);
    // Back in their queues; their workers may already have taken them again (attempts 0 or 1).
    for (const row of rows.rows) {
      expect(row.dead_at).toBeNull();
      expect(row.attempts).toBeLessThanOrEqual(1);
    }
    // A retried id is no longer dead: asking again puts nothing back.
    expect((await run(outboxRetryCommand, ['--kind', 'receipt', '--id', receipt])).code).toBe(1);
    const unknown = await run(outboxRetryCommand, ['--kind', 'receipts', '--id', 'all']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.text).toContain('anchoring, payment, notification, receipt, recipient');
  });
});
