import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/database.ts';
import { releaseHold, reserveHold, settleHold } from './holds.ts';
import { HoldAlreadyFinishedError, InsufficientFundsError } from './ledger-errors.ts';
import { deposit, mad, newAgencyCash, newWallet, transfer, uniqueId } from './ledger.fixtures.ts';
import { withTransaction } from './transaction.ts';
import { testDatabaseUrl } from '../../tests/support/test-database.ts';

const database = connectDatabase({ url: testDatabaseUrl() });
const { db } = database;
afterAll(() => database.close());

const WALLETS = 3;
const wallet = fc.integer({ min: 0, max: WALLETS - 1 });
// Deposits larger than the other amounts, so that sequences reach holds and settlements, not only refusals.
const amount = fc.bigInt({ min: 1n, max: 2_000n });
const operation = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), to: wallet, amount: fc.bigInt({ min: 1n, max: 5_000n }) }),
  fc.record({ op: fc.constant('transfer' as const), from: wallet, to: wallet, amount }),
  fc.record({ op: fc.constant('reserve' as const), from: wallet, amount }),
  fc.record({ op: fc.constant('settle' as const), hold: fc.nat() }),
  fc.record({ op: fc.constant('release' as const), hold: fc.nat() }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

interface ModelHold {
  id: string;
  from: number;
  amount: bigint;
  status: 'reserved' | 'settled' | 'released';
}

/** The same outcome the ledger must reach, in plain bigints: what each wallet holds, what the agency paid out. */
class Model {
  wallets: bigint[] = Array.from({ length: WALLETS }, () => 0n);
  agencyCash = 0n;
  deposited = 0n;
  holds: ModelHold[] = [];
  reserved = () => this.holds.filter((h) => h.status === 'reserved').reduce((s, h) => s + h.amount, 0n);
}

describe('the ledger against an in-memory model', () => {
  it('agrees on every balance and the total after random deposits, transfers, holds, settles and releases', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations: Operation[]) => {
        const accounts = await Promise.all(Array.from({ length: WALLETS }, () => newWallet(db)));
        const cash = await newAgencyCash(db);
        const model = new Model();

        for (const o of operations) {
          if (o.op === 'deposit') {
            await deposit(db, accounts[o.to]!.id, mad(o.amount));
            model.wallets[o.to]! += o.amount;
            model.deposited += o.amount;
          } else if (o.op === 'transfer') {
            const attempt = transfer(db, accounts[o.from]!.id, accounts[o.to]!.id, o.amount);
            // Net effect per account decides: a transfer to oneself moves nothing and always succeeds.
            if (o.from !== o.to && model.wallets[o.from]! < o.amount) {
              await expect(attempt).rejects.toThrow(InsufficientFundsError);
            } else {
              await attempt;
              model.wallets[o.from]! -= o.amount;
              model.wallets[o.to]! += o.amount;
            }
          } else if (o.op === 'reserve') {
            const attempt = withTransaction(db, (tx) =>
              reserveHold(tx, {
                walletAccountId: accounts[o.from]!.id,
                amount: mad(o.amount),
                reference: { type: 'test', id: uniqueId() },
              }),
            );
            if (model.wallets[o.from]! < o.amount) {
              await expect(attempt).rejects.toThrow(InsufficientFundsError);
            } else {
              const hold = await attempt;
              model.wallets[o.from]! -= o.amount;
              model.holds.push({ id: hold.id, from: o.from, amount: o.amount, status: 'reserved' });
            }
          } else {
            const hold = model.holds[o.hold % Math.max(model.holds.length, 1)];
            if (!hold) continue;
            const attempt = withTransaction(db, (tx) =>
              o.op === 'settle' ? settleHold(tx, hold.id, { agencyCashAccountId: cash.id }) : releaseHold(tx, hold.id),
            );
            if (hold.status !== 'reserved') {
              await expect(attempt).rejects.toThrow(HoldAlreadyFinishedError);
            } else {
              await attempt;
              hold.status = o.op === 'settle' ? 'settled' : 'released';
              if (o.op === 'settle') model.agencyCash += hold.amount;
              else model.wallets[hold.from]! += hold.amount;
            }
          }
        }

        const ids = [...accounts.map((a) => a.id), cash.id];
        const rows = await db.selectFrom('ledger_accounts').select(['id', 'balance']).where('id', 'in', ids).execute();
        const actual = ids.map((id) => BigInt(rows.find((r) => r.id === id)?.balance ?? -1));
        expect(actual).toEqual([...model.wallets, model.agencyCash]);
        // Conservation: what came in is in the wallets, reserved, or paid out.
        expect(actual.reduce((s, b) => s + b, 0n) + model.reserved()).toBe(model.deposited);
        if (model.holds.length > 0) {
          const holds = await db
            .selectFrom('ledger_holds')
            .select(['id', 'status'])
            .where(
              'id',
              'in',
              model.holds.map((h) => h.id),
            )
            .orderBy('id')
            .execute();
          expect(holds.map((h) => h.status)).toEqual(model.holds.map((h) => h.status));
        }
      }),
      { numRuns: 40 },
    );
  });
});
