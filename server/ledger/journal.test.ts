import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { money } from '../../common/money/money.ts';
import { APP_ROLE } from '../db/app-role.ts';
import { connectDatabase } from '../db/database.ts';
import { toHttpError } from '../http/error-handler.ts';
import { createUserWallet, findUserWallet, platformAccount, userWalletBalance } from './accounts.repository.ts';
import { post, postAlone } from './journal.ts';
import {
  CurrencyMismatchError,
  InsufficientFundsError,
  UnbalancedEntryError,
  UnknownAccountError,
} from './ledger-errors.ts';
import {
  balanceOf,
  deposit,
  mad,
  newAgencyCash,
  newWallet,
  rolledBack,
  transfer,
  uniqueId,
} from './ledger.fixtures.ts';
import { withTransaction } from './transaction.ts';

const database = connectDatabase({ url: inject('databaseUrl') });
const { db } = database;
// As the API processes connect (ADR 003): the app's role, which may write the journal only through ledger_post().
const app = connectDatabase({ url: inject('databaseUrl'), role: APP_ROLE, poolMax: 2 });
afterAll(() => Promise.all([database.close(), app.close()]));

const ref = () => ({ type: 'test', id: uniqueId() });

describe('accounts', () => {
  it('creates one MAD wallet per user, idempotently, and reads its balance from the ledger', async () => {
    const userId = uniqueId();
    const first = await withTransaction(db, (tx) => createUserWallet(tx, userId));
    const again = await withTransaction(db, (tx) => createUserWallet(tx, userId));
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ kind: 'customer_wallet', currency: 'MAD', ownerUserId: userId, balance: mad(0) });
    await deposit(db, first.id, mad(12_345));
    expect(await userWalletBalance(db, userId)).toEqual(mad(12_345));
    expect((await findUserWallet(db, userId))?.balance).toEqual(mad(12_345));
    expect(await userWalletBalance(db, uniqueId())).toBeUndefined();
  });

  it('has the platform accounts of DESIGN.md section 5 and one cash account per agency', async () => {
    for (const [kind, currency] of [
      ['card_clearing', 'EUR'],
      ['fx', 'EUR'],
      ['fx', 'MAD'],
      ['fees', 'EUR'],
      ['subscription_revenue', 'EUR'],
      ['withdrawals_pending', 'MAD'],
      ['unclaimed_transfers', 'MAD'],
    ] as const) {
      expect(await platformAccount(db, kind, currency)).toMatchObject({ kind, currency });
    }
    const cash = await newAgencyCash(db);
    expect(cash).toMatchObject({ kind: 'agency_cash', currency: 'MAD' });
  });
});

describe('post', () => {
  it('checks an entry without reading the journal (cost does not grow with history)', async () => {
    // Regression: the balance trigger once joined the whole of ledger_postings (a sequential scan per post), so
    // posts slowed down in proportion to every posting ever written. Give the journal some history, then count
    // the scans of ledger_postings that one post() makes, in its own transaction's statistics: none since the
    // only writer checks the entry's own amounts (migration 0480); the trigger read the entry by primary key.
    const wallet = await newWallet(db);
    const fx = await platformAccount(db, 'fx', 'MAD');
    await withTransaction(db, (tx) =>
      post(tx, {
        kind: 'adjustment',
        reference: ref(),
        postings: Array.from({ length: 3_000 }, (_, i) => ({
          accountId: i % 2 === 0 ? wallet.id : fx.id,
          amount: mad(i % 2 === 0 ? 1 : -1),
        })),
      }),
    );
    await sql`ANALYZE ledger_postings`.execute(db);
    const other = await newWallet(db);
    const scans = await withTransaction(db, async (tx) => {
      await post(tx, {
        kind: 'transfer',
        reference: ref(),
        postings: [
          { accountId: wallet.id, amount: mad(-1) },
          { accountId: other.id, amount: mad(1) },
        ],
      });
      return sql<{ seq_scan: string; idx_scan: string }>`
        SELECT seq_scan, idx_scan FROM pg_stat_xact_user_tables WHERE relname = 'ledger_postings'`.execute(tx);
    });
    expect(scans.rows[0]).toMatchObject({ seq_scan: '0' });
    expect(Number(scans.rows[0]?.idx_scan ?? 0)).toBe(0);
  });

  it('writes a balanced multi-currency entry and moves the balances', async () => {
    // A top-up: 100.00 EUR from the card, converted at 10.85 into 1,085.00 MAD for the wallet.
    const wallet = await newWallet(db);
    const card = await platformAccount(db, 'card_clearing', 'EUR');
    const fxEur = await platformAccount(db, 'fx', 'EUR');
    const fxMad = await platformAccount(db, 'fx', 'MAD');
    const entry = await withTransaction(db, (tx) =>
      post(tx, {
        kind: 'deposit',
        reference: { type: 'payment', id: 'pi_123' },
        metadata: { rate: '10.8500' },
        postings: [
          { accountId: card.id, amount: money('EUR', -10_000n) },
          { accountId: fxEur.id, amount: money('EUR', 10_000n) },
          { accountId: fxMad.id, amount: mad(-108_500) },
          { accountId: wallet.id, amount: mad(108_500) },
        ],
      }),
    );
    expect(entry.balances.get(wallet.id)).toEqual(mad(108_500));
    expect(await balanceOf(db, wallet.id)).toBe(108_500n);
    const stored = await db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      kind: 'deposit',
      reference_type: 'payment',
      reference_id: 'pi_123',
      metadata: { rate: '10.8500' },
    });
    const postings = await db
      .selectFrom('ledger_postings')
      .select(['account_id', 'amount'])
      .where('entry_id', '=', entry.id)
      .execute();
    expect(postings).toHaveLength(4);
  });

  it('refuses an unbalanced entry, a zero posting and a lone posting', async () => {
    const [a, b] = [await newWallet(db, 1_000n), await newWallet(db)];
    const attempt = (postings: { accountId: string; amount: ReturnType<typeof mad> }[]) =>
      withTransaction(db, (tx) => post(tx, { kind: 'transfer', reference: ref(), postings }));
    await expect(
      attempt([
        { accountId: a.id, amount: mad(-100) },
        { accountId: b.id, amount: mad(99) },
      ]),
    ).rejects.toThrow(UnbalancedEntryError);
    await expect(
      attempt([
        { accountId: a.id, amount: mad(0) },
        { accountId: b.id, amount: mad(0) },
      ]),
    ).rejects.toThrow(UnbalancedEntryError);
    await expect(attempt([{ accountId: a.id, amount: mad(-1) }])).rejects.toThrow(UnbalancedEntryError);
    expect(await balanceOf(db, a.id)).toBe(1_000n);
  });

  it('refuses an unknown account and a currency mismatch', async () => {
    const a = await newWallet(db, 1_000n);
    const fxEur = await platformAccount(db, 'fx', 'EUR');
    await expect(
      withTransaction(db, (tx) =>
        post(tx, {
          kind: 'transfer',
          reference: ref(),
          postings: [
            { accountId: a.id, amount: mad(-1) },
            { accountId: '999999999999999', amount: mad(1) },
          ],
        }),
      ),
    ).rejects.toThrow(UnknownAccountError);
    await expect(
      withTransaction(db, (tx) =>
        post(tx, {
          kind: 'exchange',
          reference: ref(),
          postings: [
            { accountId: a.id, amount: money('EUR', -1n) },
            { accountId: fxEur.id, amount: money('EUR', 1n) },
          ],
        }),
      ),
    ).rejects.toThrow(CurrencyMismatchError);
  });

  it('refuses an overdraft as 400 {"amount": ["Not enough funds"]}, leaving the balances as they were', async () => {
    const [a, b] = [await newWallet(db, 500n), await newWallet(db)];
    const failure = await transfer(db, a.id, b.id, 501n).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InsufficientFundsError);
    const http = toHttpError(failure);
    expect(http?.status).toBe(400);
    expect(http?.body).toEqual({ amount: ['Not enough funds'] });
    expect([await balanceOf(db, a.id), await balanceOf(db, b.id)]).toEqual([500n, 0n]);
    await transfer(db, a.id, b.id, 500n);
    expect([await balanceOf(db, a.id), await balanceOf(db, b.id)]).toEqual([0n, 500n]);
  });
});

describe('postAlone', () => {
  it('writes an entry in one statement of its own, and an overdraft or a wrong account leaves nothing behind', async () => {
    const [a, b] = [await newWallet(db, 500n), await newWallet(db)];
    const move = (reference: { type: string; id: string }, to: string, minor: number) =>
      postAlone(db, {
        kind: 'transfer',
        reference,
        postings: [
          { accountId: a.id, amount: mad(-minor) },
          { accountId: to, amount: mad(minor) },
        ],
      });
    const entryOf = (reference: { type: string; id: string }) =>
      db
        .selectFrom('ledger_entries')
        .select('id')
        .where('reference_type', '=', reference.type)
        .where('reference_id', '=', reference.id)
        .execute();
    const refused = ref();
    const failure = await move(refused, b.id, 501).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InsufficientFundsError);
    expect(toHttpError(failure)?.body).toEqual({ amount: ['Not enough funds'] });
    expect(await entryOf(refused)).toEqual([]);
    const unknown = ref();
    await expect(move(unknown, '999999999999999', 1)).rejects.toThrow(UnknownAccountError);
    expect(await entryOf(unknown)).toEqual([]);
    expect([await balanceOf(db, a.id), await balanceOf(db, b.id)]).toEqual([500n, 0n]);

    const done = ref();
    const entry = await move(done, b.id, 500);
    expect(await entryOf(done)).toEqual([{ id: entry.id }]);
    expect(entry.balances).toEqual(
      new Map([
        [a.id, mad(0)],
        [b.id, mad(500)],
      ]),
    );
    expect([await balanceOf(db, a.id), await balanceOf(db, b.id)]).toEqual([0n, 500n]);
  });
});

describe('the database itself', () => {
  it('keeps entries and postings append-only', async () => {
    const a = await newWallet(db, 100n);
    const entryId = (
      await db.selectFrom('ledger_postings').select('entry_id').where('account_id', '=', a.id).executeTakeFirstOrThrow()
    ).entry_id;
    // Each attempt in a transaction rolled back whatever happens: were a trigger missing, the change goes too.
    for (const change of [
      sql`UPDATE ledger_postings SET amount = amount * 2 WHERE entry_id = ${entryId}`,
      sql`DELETE FROM ledger_postings WHERE entry_id = ${entryId}`,
      sql`UPDATE ledger_entries SET kind = 'adjustment' WHERE id = ${entryId}`,
      sql`DELETE FROM ledger_entries WHERE id = ${entryId}`,
    ]) {
      await expect(rolledBack(db, (tx) => change.execute(tx))).rejects.toThrow(/append-only/);
    }
    // In a transaction that rolls back whatever happens: were the trigger missing, the other tests' data stays.
    await expect(
      db.transaction().execute(async (tx) => {
        await sql`TRUNCATE ledger_postings CASCADE`.execute(tx);
        throw new Error('TRUNCATE went through');
      }),
    ).rejects.toThrow(/append-only/);
  });

  it('refuses a customer wallet below zero (CHECK), whatever the code does', async () => {
    const a = await newWallet(db, 100n);
    await expect(
      rolledBack(db, (tx) => sql`UPDATE ledger_accounts SET balance = -1 WHERE id = ${a.id}`.execute(tx)),
    ).rejects.toMatchObject({ code: '23514', constraint: 'ledger_accounts_non_negative' });
    expect(await balanceOf(db, a.id)).toBe(100n);
  });

  it('leaves nothing behind of what a test does inside rolledBack(), even when it succeeds', async () => {
    const a = await newWallet(db, 100n);
    const updated = await rolledBack(db, async (tx) => {
      await sql`UPDATE ledger_accounts SET balance = 7 WHERE id = ${a.id}`.execute(tx);
      return balanceOf(tx, a.id);
    });
    expect(updated).toBe(7n);
    expect(await balanceOf(db, a.id)).toBe(100n);
  });

  it("refuses the app's role any write of the journal and balances but through ledger_post(), which refuses an unbalanced entry", async () => {
    const [a, b] = [await newWallet(db, 100n), await newWallet(db)];
    const who = await sql<{ user: string; superuser: boolean; owner: string }>`
      SELECT current_user AS user, r.rolsuper AS superuser, pg_get_userbyid(c.relowner) AS owner
        FROM pg_roles r, pg_class c WHERE r.rolname = current_user AND c.oid = 'ledger_postings'::regclass`.execute(app.db);
    expect(who.rows[0]).toMatchObject({ user: APP_ROLE, superuser: false });
    expect(who.rows[0]?.owner).not.toBe(APP_ROLE);

    // Directly: no entry, no posting (not even to an existing entry), no balance, no account born with money.
    const [existing] = (await sql<{ id: string }>`SELECT max(entry_id) AS id FROM ledger_postings`.execute(db)).rows;
    for (const write of [
      sql`INSERT INTO ledger_entries (kind, reference_type, reference_id) VALUES ('adjustment', 'test', '1')`,
      sql`INSERT INTO ledger_postings (entry_id, line, account_id, currency, amount)
          VALUES (${existing!.id}, 99, ${a.id}, 'MAD', 5)`,
      sql`UPDATE ledger_accounts SET balance = balance + 5 WHERE id = ${a.id}`,
      sql`DELETE FROM ledger_postings WHERE entry_id = ${existing!.id}`,
      sql`INSERT INTO ledger_accounts (kind, currency, owner_user_id, balance) VALUES ('customer_wallet', 'MAD', ${uniqueId()}, 5)`,
    ]) {
      await expect(write.execute(app.db)).rejects.toMatchObject({ code: '42501' });
    }
    // Through the only writer: what the statement trigger refused, it refuses (post() checks first; this is the
    // database's own check, for any caller).
    const call = (accounts: string[], currencies: string[], amounts: string[]) =>
      sql`SELECT * FROM ledger_post('adjustment', 'test', ${uniqueId()}, '{}'::jsonb,
            ${accounts}::bigint[], ${currencies}::text[], ${amounts}::bigint[])`.execute(app.db);
    const refused = { code: '23514', constraint: 'ledger_entry_balanced' };
    await expect(call([a.id, b.id], ['MAD', 'MAD'], ['-5', '4'])).rejects.toMatchObject(refused);
    await expect(call([b.id], ['MAD'], ['5'])).rejects.toMatchObject(refused);
    await expect(call([], [], [])).rejects.toMatchObject(refused);
    await expect(call([a.id, b.id], ['MAD', 'MAD'], ['-5'])).rejects.toMatchObject(refused);
    await expect(call([a.id, b.id, b.id], ['MAD', 'MAD', 'EUR'], ['-5', '5', '3'])).rejects.toMatchObject(refused);
    expect(await balanceOf(db, a.id)).toBe(100n);
    expect(await balanceOf(db, b.id)).toBe(0n);
    // A balanced one goes through, as the app's role.
    await call([a.id, b.id], ['MAD', 'MAD'], ['-5', '5']);
    expect(await balanceOf(db, b.id)).toBe(5n);
  });

  it('refuses a posting in another currency than its account, even from the owner', async () => {
    const a = await newWallet(db);
    await expect(
      withTransaction(db, async (tx) => {
        const entry = await tx
          .insertInto('ledger_entries')
          .values({ kind: 'adjustment', reference_type: 'test', reference_id: '1', metadata: '{}' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('ledger_postings')
          .values([
            { entry_id: entry.id, line: 1, account_id: a.id, currency: 'EUR', amount: 5n },
            { entry_id: entry.id, line: 2, account_id: a.id, currency: 'EUR', amount: -5n },
          ])
          .execute();
      }),
    ).rejects.toMatchObject({ code: '23503' });
  });

  it('rolls the entry back with a business row that fails in the same transaction: no orphan postings', async () => {
    const [a, b] = [await newWallet(db, 1_000n), await newWallet(db)];
    const reference = ref();
    await expect(
      withTransaction(db, async (tx) => {
        await sql`CREATE TEMP TABLE business_rows (amount bigint CHECK (amount > 0)) ON COMMIT DROP`.execute(tx);
        await post(tx, {
          kind: 'transfer',
          reference,
          postings: [
            { accountId: a.id, amount: mad(-400) },
            { accountId: b.id, amount: mad(400) },
          ],
        });
        await sql`INSERT INTO business_rows (amount) VALUES (-400)`.execute(tx);
      }),
    ).rejects.toMatchObject({ code: '23514' });
    const entries = await db
      .selectFrom('ledger_entries')
      .select('id')
      .where('reference_type', '=', reference.type)
      .where('reference_id', '=', reference.id)
      .execute();
    expect(entries).toEqual([]);
    const postings = await db
      .selectFrom('ledger_postings')
      .select('entry_id')
      .where('account_id', 'in', [a.id, b.id])
      .execute();
    expect(postings).toHaveLength(1); // the deposit only
    expect([await balanceOf(db, a.id), await balanceOf(db, b.id)]).toEqual([1_000n, 0n]);
  });
});
