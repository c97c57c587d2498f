import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/database.ts';
import { releaseHold, reserveHold, settleHold } from './holds.ts';
import {
  HoldAlreadyFinishedError,
  HoldNotFoundError,
  InsufficientFundsError,
  WrongAccountKindError,
} from './ledger-errors.ts';
import { balanceOf, mad, newAgencyCash, newWallet, rolledBack, uniqueId } from './ledger.fixtures.ts';
import { withTransaction } from './transaction.ts';
import { testDatabaseUrl } from '../../tests/support/test-database.ts';

const database = connectDatabase({ url: testDatabaseUrl() });
const { db } = database;
afterAll(() => database.close());

const reserve = (walletAccountId: string, amount: bigint) =>
  withTransaction(db, (tx) =>
    reserveHold(tx, { walletAccountId, amount: mad(amount), reference: { type: 'withdrawal', id: uniqueId() } }),
  );

describe('holds', () => {
  it('reserve takes the amount out of the wallet at once; settle pays it to the agency', async () => {
    const wallet = await newWallet(db, 5_000n);
    const cash = await newAgencyCash(db);
    const hold = await reserve(wallet.id, 2_000n);
    expect(hold.status).toBe('reserved');
    expect(await balanceOf(db, wallet.id)).toBe(3_000n);
    await expect(reserve(wallet.id, 3_001n)).rejects.toThrow(InsufficientFundsError);

    const settled = await withTransaction(db, (tx) => settleHold(tx, hold.id, { agencyCashAccountId: cash.id }));
    expect(settled).toMatchObject({ status: 'settled', amount: mad(2_000n) });
    expect(await balanceOf(db, wallet.id)).toBe(3_000n);
    expect(await balanceOf(db, cash.id)).toBe(2_000n);
    // The settlement carries the withdrawal's reference, like the reservation.
    const refs = await db
      .selectFrom('ledger_entries')
      .select(['kind', 'reference_id'])
      .where('id', 'in', [hold.reserveEntryId, settled.finalEntryId!])
      .orderBy('id')
      .execute();
    expect(refs.map((r) => r.kind)).toEqual(['withdrawal_reserve', 'withdrawal_settle']);
    expect(refs[0]!.reference_id).toBe(refs[1]!.reference_id);
  });

  it('release gives the amount back to the wallet', async () => {
    const wallet = await newWallet(db, 5_000n);
    const hold = await reserve(wallet.id, 5_000n);
    expect(await balanceOf(db, wallet.id)).toBe(0n);
    await withTransaction(db, (tx) => releaseHold(tx, hold.id));
    expect(await balanceOf(db, wallet.id)).toBe(5_000n);
  });

  it('settles or releases a hold at most once, even when both race', async () => {
    const wallet = await newWallet(db, 5_000n);
    const cash = await newAgencyCash(db);
    const hold = await reserve(wallet.id, 1_000n);
    const results = await Promise.allSettled([
      withTransaction(db, (tx) => settleHold(tx, hold.id, { agencyCashAccountId: cash.id })),
      withTransaction(db, (tx) => releaseHold(tx, hold.id)),
      withTransaction(db, (tx) => settleHold(tx, hold.id, { agencyCashAccountId: cash.id })),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(HoldAlreadyFinishedError);
    const total = (await balanceOf(db, wallet.id)) + (await balanceOf(db, cash.id));
    expect(total).toBe(5_000n);
  });

  it('refuses an unknown hold and a settlement to anything but an agency cash account', async () => {
    const wallet = await newWallet(db, 1_000n);
    const other = await newWallet(db);
    const hold = await reserve(wallet.id, 1_000n);
    await expect(withTransaction(db, (tx) => releaseHold(tx, '999999999999'))).rejects.toThrow(HoldNotFoundError);
    await expect(withTransaction(db, (tx) => releaseHold(tx, 'abc'))).rejects.toThrow(HoldNotFoundError);
    await expect(
      withTransaction(db, (tx) => settleHold(tx, hold.id, { agencyCashAccountId: other.id })),
    ).rejects.toThrow(WrongAccountKindError);
    expect(await balanceOf(db, other.id)).toBe(0n);
  });

  it('the database refuses a second transition, an edit and a delete of a hold', async () => {
    const wallet = await newWallet(db, 1_000n);
    const hold = await reserve(wallet.id, 1_000n);
    const done = await withTransaction(db, (tx) => releaseHold(tx, hold.id));
    // Rolled back whatever happens: were the guard missing, the shared database keeps no broken hold.
    for (const change of [
      sql`UPDATE ledger_holds SET status = 'settled' WHERE id = ${hold.id}`,
      sql`UPDATE ledger_holds SET amount = 1 WHERE id = ${hold.id}`,
      sql`DELETE FROM ledger_holds WHERE id = ${hold.id}`,
    ]) {
      await expect(rolledBack(db, (tx) => change.execute(tx))).rejects.toMatchObject({ code: '23001' });
    }
    expect(done.status).toBe('released');
    const second = await reserve(wallet.id, 500n);
    await expect(
      rolledBack(db, (tx) =>
        sql`UPDATE ledger_holds SET amount = 1, status = 'settled', final_entry_id = reserve_entry_id, finished_at = now()
            WHERE id = ${second.id}`.execute(tx),
      ),
    ).rejects.toMatchObject({ code: '23001' });
  });
});
