import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { genericMessages } from '../../common/api/errors.ts';
import { connectDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { toHttpError } from '../http/error-handler.ts';
import { systemClock } from '../clock.ts';
import { sweepOnce } from '../housekeeping-sweep.ts';
import { hashRequest, purgeIdempotencyKeys, runIdempotent } from './idempotency.ts';
import { post } from './journal.ts';
import { IdempotencyConflictError, InsufficientFundsError } from './ledger-errors.ts';
import { balanceOf, mad, newWallet, uniqueId } from './ledger.fixtures.ts';
import { withTransaction } from './transaction.ts';
import { testDatabaseUrl } from '../../tests/support/test-database.ts';

const database = connectDatabase({ url: testDatabaseUrl(), poolMax: 15 });
const { db } = database;
afterAll(() => database.close());

/** What a "send money" endpoint does with its Idempotency-Key: validate, then key + transfer in one transaction. */
function sendMoney(
  db: Kysely<Database>,
  scope: string,
  key: string,
  body: { from: string; to: string; amount: bigint },
  calls: { n: number },
) {
  if (body.amount <= 0n) return Promise.reject(new Error('invalid amount')); // validation: before any key is claimed
  return withTransaction(db, (tx) =>
    runIdempotent(
      tx,
      { scope, key, requestHash: hashRequest({ method: 'POST', path: '/api/transactions/', body }) },
      async () => {
        calls.n++;
        const entry = await post(tx, {
          kind: 'transfer',
          reference: { type: 'test', id: uniqueId() },
          postings: [
            { accountId: body.from, amount: mad(-body.amount) },
            { accountId: body.to, amount: mad(body.amount) },
          ],
        });
        return { status: 201, body: { entry: entry.id, amount: body.amount.toString() } };
      },
    ),
  );
}

async function storedKeys(scope: string): Promise<number> {
  const rows = await db.selectFrom('idempotency_keys').select('key').where('scope', '=', scope).execute();
  return rows.length;
}

describe('idempotency', () => {
  it('replays the stored response for the same key and body, without moving money again', async () => {
    const [a, b] = await Promise.all([newWallet(db, 1_000n), newWallet(db)]);
    const scope = `transactions:user:${uniqueId()}`;
    const calls = { n: 0 };
    const first = await sendMoney(db, scope, 'key-1', { from: a.id, to: b.id, amount: 300n }, calls);
    const again = await sendMoney(db, scope, 'key-1', { to: b.id, amount: 300n, from: a.id }, calls);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ ...first, replayed: true });
    expect(calls.n).toBe(1);
    expect(await balanceOf(db, a.id)).toBe(700n);
  });

  it('answers 409 to the same key with another body, and keys of other scopes never meet', async () => {
    const [a, b] = await Promise.all([newWallet(db, 1_000n), newWallet(db)]);
    const scope = `transactions:user:${uniqueId()}`;
    const calls = { n: 0 };
    await sendMoney(db, scope, 'key-2', { from: a.id, to: b.id, amount: 300n }, calls);
    const failure = await sendMoney(db, scope, 'key-2', { from: a.id, to: b.id, amount: 301n }, calls).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(IdempotencyConflictError);
    expect(toHttpError(failure)).toMatchObject({ status: 409, body: { detail: genericMessages.idempotencyConflict } });
    await sendMoney(db, `transactions:user:${uniqueId()}`, 'key-2', { from: a.id, to: b.id, amount: 301n }, calls);
    expect(calls.n).toBe(2);
    expect(await balanceOf(db, a.id)).toBe(399n);
  });

  it('stores nothing for a request that fails, so the key can be used again', async () => {
    const [a, b] = await Promise.all([newWallet(db, 100n), newWallet(db)]);
    const scope = `transactions:user:${uniqueId()}`;
    const calls = { n: 0 };
    await expect(sendMoney(db, scope, 'key-3', { from: a.id, to: b.id, amount: 0n }, calls)).rejects.toThrow(
      'invalid amount',
    );
    await expect(sendMoney(db, scope, 'key-3', { from: a.id, to: b.id, amount: 500n }, calls)).rejects.toThrow(
      InsufficientFundsError,
    );
    expect(await storedKeys(scope)).toBe(0);
    const ok = await sendMoney(db, scope, 'key-3', { from: a.id, to: b.id, amount: 100n }, calls);
    expect(ok.replayed).toBe(false);
    expect(await storedKeys(scope)).toBe(1);
  });

  it('drops the claimed key when the work fails but the caller commits anyway', async () => {
    const scope = `transactions:user:${uniqueId()}`;
    await withTransaction(db, async (tx) => {
      await runIdempotent(tx, { scope, key: 'key-4', requestHash: 'h' }, () =>
        Promise.reject(new Error('refused')),
      ).catch(() => undefined);
    });
    expect(await storedKeys(scope)).toBe(0);
  });

  it('runs concurrent requests with one key exactly once; the others replay its response', async () => {
    const [a, b] = await Promise.all([newWallet(db, 1_000n), newWallet(db)]);
    const scope = `transactions:user:${uniqueId()}`;
    const calls = { n: 0 };
    const results = await Promise.all(
      Array.from({ length: 12 }, () => sendMoney(db, scope, 'key-5', { from: a.id, to: b.id, amount: 250n }, calls)),
    );
    expect(calls.n).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await balanceOf(db, a.id)).toBe(750n);
  });

  it('also holds under REPEATABLE READ, where the waiting request is retried into the replay', async () => {
    const scope = `transactions:user:${uniqueId()}`;
    let calls = 0;
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        withTransaction(
          db,
          (tx) =>
            runIdempotent(tx, { scope, key: 'key-6', requestHash: 'same' }, async () => {
              calls++;
              await sql`SELECT pg_sleep(0.05)`.execute(tx);
              return { status: 201, body: { ok: true } };
            }),
          { isolation: 'repeatable read', maxAttempts: 10 },
        ),
      ),
    );
    expect(calls).toBe(1);
    expect(results.every((r) => r.status === 201)).toBe(true);
  });

  it('purges keys older than the retention, never less than 24 hours', async () => {
    const scope = `purge:${uniqueId()}`;
    await sql`INSERT INTO idempotency_keys (scope, key, request_hash, response_status, response_body, created_at) VALUES
      (${scope}, 'old', 'h', 201, '{}'::jsonb, now() - interval '25 hours'),
      (${scope}, 'recent', 'h', 201, '{}'::jsonb, now() - interval '23 hours')`.execute(db);
    expect(await purgeIdempotencyKeys(db)).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('idempotency_keys').select('key').where('scope', '=', scope).execute();
    expect(left.map((r) => r.key)).toEqual(['recent']);
    await expect(purgeIdempotencyKeys(db, 23)).rejects.toThrow(RangeError);
  });

  it('is purged by the housekeeping pass of every server, at the configured retention', async () => {
    const scope = `sweep:${uniqueId()}`;
    await sql`INSERT INTO idempotency_keys (scope, key, request_hash, response_status, response_body, created_at) VALUES
      (${scope}, 'old', 'h', 201, '{}'::jsonb, now() - interval '49 hours'),
      (${scope}, 'kept', 'h', 201, '{}'::jsonb, now() - interval '47 hours')`.execute(db);
    const pass = await sweepOnce({
      db,
      clock: systemClock,
      config: { IDEMPOTENCY_RETENTION_HOURS: 48, EXPIRY_REMINDER_SECONDS: 3 * 86_400, SUBSCRIPTION_GRACE_SECONDS: 0 },
    });
    expect(pass.keysPurged).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('idempotency_keys').select('key').where('scope', '=', scope).execute();
    expect(left.map((r) => r.key)).toEqual(['kept']);
  });
});
