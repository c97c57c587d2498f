import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/database.ts';
import { toHttpError } from '../http/error-handler.ts';
import { InsufficientFundsError, TransactionContentionError } from './ledger-errors.ts';
import { balanceOf, newWallet, transfer } from './ledger.fixtures.ts';
import { withTransaction } from './transaction.ts';
import { testDatabaseUrl } from '../../tests/support/test-database.ts';

// Enough connections that the 50 transfers really run side by side in PostgreSQL, not queued in the pool; named
// prepared statements as the API processes run them.
const database = connectDatabase({ url: testDatabaseUrl(), poolMax: 25, preparedStatements: true });
const { db } = database;
afterAll(() => database.close());

// post() in the caller's transaction and postAlone() (one statement, its own transaction) give the same answers.
describe.each(['transaction', 'alone'] as const)('concurrency, %s', (how) => {
  it('50 parallel transfers from a wallet that covers 10: exactly 10 succeed, 40 get Not enough funds', async () => {
    const source = await newWallet(db, 10n * 700n);
    const targets = await Promise.all(Array.from({ length: 5 }, () => newWallet(db)));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => transfer(db, source.id, targets[i % targets.length]!.id, 700n, how)),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled');
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(succeeded).toHaveLength(10);
    expect(failed).toHaveLength(40);
    for (const error of failed) {
      expect(error).toBeInstanceOf(InsufficientFundsError);
      expect(toHttpError(error)?.body).toEqual({ amount: ['Not enough funds'] });
    }
    expect(await balanceOf(db, source.id)).toBe(0n);
    const received = await Promise.all(targets.map((t) => balanceOf(db, t.id)));
    expect(received.reduce((s, b) => s + b, 0n)).toBe(7_000n);
  });

  it('a ring A->B->C->A in parallel neither deadlocks nor loses money', async () => {
    const ring = await Promise.all([newWallet(db, 10_000n), newWallet(db, 10_000n), newWallet(db, 10_000n)]);
    const rounds = 20;
    const transfers = Array.from({ length: rounds }, () =>
      ring.map((from, i) => transfer(db, from.id, ring[(i + 1) % ring.length]!.id, 100n + BigInt(i), how)),
    ).flat();
    const results = await Promise.allSettled(transfers);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const balances = await Promise.all(ring.map((w) => balanceOf(db, w.id)));
    // Each wallet sent 20 times its amount and received 20 times its predecessor's.
    expect(balances).toEqual([
      10_000n - 20n * 100n + 20n * 102n,
      10_000n - 20n * 101n + 20n * 100n,
      10_000n - 20n * 102n + 20n * 101n,
    ]);
    expect(balances.reduce((s, b) => s + b, 0n)).toBe(30_000n);
  });
});

describe('concurrency', () => {
  it('retries a real deadlock until both transactions commit', async () => {
    const [a, b] = await Promise.all([newWallet(db, 1_000n), newWallet(db, 1_000n)]);
    let attempts = 0;
    let arrived = 0;
    let release: () => void = () => {};
    const bothLocked = new Promise<void>((resolve) => (release = resolve));
    // Locks taken in opposite orders on purpose (what post() never does); the first attempts meet at a barrier
    // so the deadlock is certain, the retries run freely.
    const lockBoth = (first: string, second: string) =>
      withTransaction(db, async (tx) => {
        attempts++;
        await sql`SELECT 1 FROM ledger_accounts WHERE id = ${first} FOR UPDATE`.execute(tx);
        if (arrived < 2 && ++arrived === 2) release();
        await bothLocked;
        await sql`SELECT 1 FROM ledger_accounts WHERE id = ${second} FOR UPDATE`.execute(tx);
      });
    await Promise.all([lockBoth(a.id, b.id), lockBoth(b.id, a.id)]);
    expect(attempts).toBeGreaterThanOrEqual(3);
  });

  it('gives up after the last attempt with a 503, never a 500 or Not enough funds', async () => {
    let attempts = 0;
    const failure = await withTransaction(
      db,
      async (tx) => {
        attempts++;
        await sql`DO $$ BEGIN RAISE EXCEPTION 'simulated conflict' USING ERRCODE = 'serialization_failure'; END $$`.execute(
          tx,
        );
      },
      { maxAttempts: 3 },
    ).catch((e: unknown) => e);
    expect(attempts).toBe(3);
    expect(failure).toBeInstanceOf(TransactionContentionError);
    expect(toHttpError(failure)).toMatchObject({ status: 503, headers: { 'retry-after': '1' } });
  });

  it('retries serialization failures of SERIALIZABLE transactions', async () => {
    const [a, b] = await Promise.all([newWallet(db, 1_000n), newWallet(db, 1_000n)]);
    let attempts = 0;
    let arrived = 0;
    let release: () => void = () => {};
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    // Write skew: each reads both balances and writes one; PostgreSQL aborts one of the two with 40001.
    const skew = (target: string) =>
      withTransaction(
        db,
        async (tx) => {
          attempts++;
          await sql`SELECT sum(balance) FROM ledger_accounts WHERE id IN (${a.id}, ${b.id})`.execute(tx);
          if (arrived < 2 && ++arrived === 2) release();
          await bothRead;
          // A write that changes nothing in the books but is a write for PostgreSQL's conflict detection.
          await sql`UPDATE ledger_accounts SET balance = balance WHERE id = ${target}`.execute(tx);
        },
        { isolation: 'serializable' },
      );
    await Promise.all([skew(a.id), skew(b.id)]);
    expect(attempts).toBeGreaterThanOrEqual(2);
  });
});
