import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { money } from '../../common/money/money.ts';
import { APP_ROLE } from '../db/app-role.ts';
import { connectDatabase, poolQuery } from '../db/database.ts';
import { toHttpError } from '../http/error-handler.ts';
import {
  accountKinds,
  createUserWallet,
  findUserWallet,
  platformAccount,
  userWalletBalance,
  type PlatformAccountKind,
} from './accounts.repository.ts';
import { post, postAlone } from './journal.ts';
import {
  CurrencyMismatchError,
  InsufficientFundsError,
  NegativePlatformBalanceError,
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
import { testDatabaseUrl } from '../../tests/support/test-database.ts';

const database = connectDatabase({ url: testDatabaseUrl() });
const { db } = database;
// As the API processes connect (ADR 003): the app's role, which may write the journal only through ledger_post().
const app = connectDatabase({ url: testDatabaseUrl(), role: APP_ROLE, poolMax: 2 });
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

  it('has the platform accounts and one cash account per agency', async () => {
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

describe('postAlone() on a pool', () => {
  it("runs the call on the pool's own connections, past Kysely's executor, as the pool's role", async () => {
    const [a, b] = [await newWallet(db, 100n), await newWallet(db)];
    // Kysely's executor is where a query built with Kysely goes; postAlone() on a pool goes around it (ADR 010).
    const executor = vi.spyOn(app.db, 'getExecutor');
    try {
      const entry = await postAlone(app.db, {
        kind: 'transfer',
        reference: ref(),
        postings: [
          { accountId: a.id, amount: mad(-40) },
          { accountId: b.id, amount: mad(40) },
        ],
      });
      expect(entry.balances).toEqual(
        new Map([
          [a.id, mad(60)],
          [b.id, mad(40)],
        ]),
      );
      expect(executor).not.toHaveBeenCalled();
    } finally {
      executor.mockRestore();
    }
    // The same connections as the pool's Kysely queries: the app's role, not the login.
    const who = await poolQuery(app.db)!<{ user: string }>('SELECT current_user AS "user" WHERE $1::int = 1', [1]);
    expect(who).toEqual([{ user: APP_ROLE }]);
    // Inside a transaction there is no pool query: the transaction's statements stay on its connection.
    await withTransaction(app.db, async (tx) => {
      expect(poolQuery(tx)).toBeUndefined();
    });
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

  it('refuses an overdraft of every platform account with a floor as LG005, not as the bare CHECK violation', async () => {
    // Regression: ledger_post() had its own list of floors, which lacked pickups_pending and compliance_hold; their
    // overdraft reached the CHECK and came back as a bare 23514 instead of NegativePlatformBalanceError.
    const wallet = await newWallet(db);
    const kinds = ['withdrawals_pending', 'unclaimed_transfers', 'pickups_pending', 'compliance_hold'] as const;
    for (const kind of kinds) {
      const account = await platformAccount(db, kind, 'MAD');
      // More than any balance: refused whatever the other test files have put there meanwhile.
      const postings = [
        { accountId: account.id, amount: mad(-1_000_000_000_000_000n) },
        { accountId: wallet.id, amount: mad(1_000_000_000_000_000n) },
      ];
      for (const order of [postings, [...postings].reverse()]) {
        const refused = withTransaction(app.db, (tx) =>
          post(tx, { kind: 'adjustment', reference: ref(), postings: order }),
        );
        await expect(refused, kind).rejects.toBeInstanceOf(NegativePlatformBalanceError);
        await expect(refused, kind).rejects.toMatchObject({ accountId: account.id });
      }
    }
    expect(await balanceOf(db, wallet.id)).toBe(0n);
  });

  it('has one list of kinds and floors, which ledger_post() and the CHECK both follow', async () => {
    const { rows } = await sql<{ kind: string; has_floor: boolean }>`
      SELECT kind, has_floor FROM ledger_account_kinds ORDER BY kind`.execute(db);
    expect(rows.map((r) => r.kind)).toEqual([...accountKinds].sort());
    for (const { kind, has_floor: hasFloor } of rows) {
      const account =
        kind === 'customer_wallet'
          ? await newWallet(db)
          : kind === 'agency_cash'
            ? await newAgencyCash(db)
            : await platformAccount(db, kind as PlatformAccountKind, 'MAD').catch(() =>
                platformAccount(db, kind as PlatformAccountKind, 'EUR'),
              );
      const currency = account.currency;
      // The credited side: any other account of that currency.
      const other = await db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('currency', '=', currency)
        .where('id', '<>', account.id)
        .where('kind', '<>', 'customer_wallet')
        .executeTakeFirstOrThrow();
      // Through ledger_post(), as the app: refused with our own SQLSTATE exactly when the kind has a floor.
      const overdraft = rolledBack(app.db, (tx) =>
        sql`SELECT ledger_post('adjustment', 'test', ${uniqueId()}, '{}'::jsonb,
                 ${[account.id, other.id]}::bigint[], ${[currency, currency]}::text[],
                 ${['-1000000000000000000', '1000000000000000000']}::bigint[])`.execute(tx),
      );
      if (hasFloor)
        await expect(overdraft, kind).rejects.toMatchObject({ code: kind === 'customer_wallet' ? 'LG004' : 'LG005' });
      else await expect(overdraft, kind).resolves.toBeTruthy();
      // By the owner, past ledger_post(): the CHECK refuses the same kinds.
      const direct = rolledBack(db, (tx) =>
        sql`UPDATE ledger_accounts SET balance = -1000000000000000000 WHERE id = ${account.id}`.execute(tx),
      );
      if (hasFloor)
        await expect(direct, kind).rejects.toMatchObject({ code: '23514', constraint: 'ledger_accounts_non_negative' });
      else await expect(direct, kind).resolves.toBeTruthy();
    }
  });

  it("refuses an account of an unknown kind, and a floor that is not its kind's, even from the owner", async () => {
    const refusedKey = { code: '23503', constraint: 'ledger_accounts_kind_fkey' };
    await expect(
      rolledBack(db, (tx) =>
        sql`INSERT INTO ledger_accounts (kind, currency) VALUES ('piggy_bank', 'MAD')`.execute(tx),
      ),
    ).rejects.toMatchObject(refusedKey);
    const wallet = await newWallet(db, 5n);
    await expect(
      rolledBack(db, (tx) => sql`UPDATE ledger_accounts SET has_floor = false WHERE id = ${wallet.id}`.execute(tx)),
    ).rejects.toMatchObject(refusedKey);
    // A floor named on insert is the kind's all the same: the wallet still cannot go below zero.
    const inserted = rolledBack(db, async (tx) => {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO ledger_accounts (kind, currency, owner_user_id, has_floor)
        VALUES ('customer_wallet', 'MAD', ${uniqueId()}, false) RETURNING id`.execute(tx);
      await sql`UPDATE ledger_accounts SET balance = -1 WHERE id = ${rows[0]!.id}`.execute(tx);
    });
    await expect(inserted).rejects.toMatchObject({ code: '23514', constraint: 'ledger_accounts_non_negative' });
    // The app's role reads the list and cannot change it.
    for (const change of [
      sql`INSERT INTO ledger_account_kinds (kind, has_floor) VALUES ('piggy_bank', false)`,
      sql`UPDATE ledger_account_kinds SET has_floor = false WHERE kind = 'customer_wallet'`,
      sql`DELETE FROM ledger_account_kinds WHERE kind = 'piggy_bank'`,
    ]) {
      await expect(rolledBack(app.db, (tx) => change.execute(tx))).rejects.toMatchObject({ code: '42501' });
    }
  });

  it("refuses an account's currency, owner or agency that do not fit its kind, inserted or updated, even from the owner", async () => {
    // Checked when these columns are written (migration 0496), no longer by CHECKs rebuilt at every balance UPDATE.
    // Accounts of this test only, without postings: another test's postings would make the foreign key of
    // ledger_postings refuse a change of currency first.
    const wallet = await newWallet(db);
    const cash = await newAgencyCash(db);
    const refused = (constraint: string) => ({ code: '23514', constraint });
    for (const [change, constraint] of [
      [sql`INSERT INTO ledger_accounts (kind, currency) VALUES ('fx', 'USD')`, 'ledger_accounts_currency_check'],
      [
        sql`INSERT INTO ledger_accounts (kind, currency) VALUES ('customer_wallet', 'MAD')`,
        'ledger_accounts_owner_kind',
      ],
      [
        sql`INSERT INTO ledger_accounts (kind, currency, owner_user_id) VALUES ('fees', 'MAD', 1)`,
        'ledger_accounts_owner_kind',
      ],
      [sql`INSERT INTO ledger_accounts (kind, currency) VALUES ('agency_cash', 'MAD')`, 'ledger_accounts_agency_kind'],
      [sql`UPDATE ledger_accounts SET currency = 'USD' WHERE id = ${cash.id}`, 'ledger_accounts_currency_check'],
      [sql`UPDATE ledger_accounts SET owner_user_id = NULL WHERE id = ${wallet.id}`, 'ledger_accounts_owner_kind'],
      [
        sql`UPDATE ledger_accounts SET agency_id = ${uniqueId()} WHERE id = ${wallet.id}`,
        'ledger_accounts_agency_kind',
      ],
      [sql`UPDATE ledger_accounts SET agency_id = NULL WHERE id = ${cash.id}`, 'ledger_accounts_agency_kind'],
    ] as const) {
      await expect(
        rolledBack(db, (tx) => change.execute(tx)),
        constraint,
      ).rejects.toMatchObject(refused(constraint));
    }
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
        FROM pg_roles r, pg_class c WHERE r.rolname = current_user AND c.oid = 'ledger_postings'::regclass`.execute(
      app.db,
    );
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

// Migration 0490: two postings, two accounts, one currency, amounts that cancel take a path of their own inside
// ledger_post(). The same answers as the general path, whichever account comes first.
describe('the transfer fast path of ledger_post()', () => {
  type Row = { entry_id: string; account_id: string; balance: string };
  const call = (accounts: string[], amounts: number[], currency = 'MAD', on = app.db) =>
    sql<Row>`SELECT entry_id, account_id, balance FROM ledger_post('transfer', 'test', ${uniqueId()}, '{}'::jsonb,
               ${accounts}::bigint[], ${[currency, currency]}::text[], ${amounts.map(String)}::bigint[])`.execute(on);

  it('moves both balances whichever account comes first, answers in account order, keeps the given lines', async () => {
    const [low, high] = [await newWallet(db, 1_000n), await newWallet(db, 1_000n)];
    expect(BigInt(low.id)).toBeLessThan(BigInt(high.id));
    for (const [accounts, amounts] of [
      [
        [high.id, low.id],
        [-300, 300],
      ],
      [
        [low.id, high.id],
        [-100, 100],
      ],
    ] as const) {
      const { rows } = await call([...accounts], [...amounts]);
      const entry = rows[0]!.entry_id;
      const postings = await db
        .selectFrom('ledger_postings')
        .select(['line', 'account_id', 'amount'])
        .where('entry_id', '=', entry)
        .orderBy('line')
        .execute();
      expect(postings).toEqual([
        { line: 1, account_id: accounts[0], amount: String(amounts[0]) },
        { line: 2, account_id: accounts[1], amount: String(amounts[1]) },
      ]);
      expect(rows.map((r) => [r.entry_id, r.account_id])).toEqual([
        [entry, low.id],
        [entry, high.id],
      ]);
    }
    // high: 1,000 - 300 + 100; low: 1,000 + 300 - 100, as answered by the last call.
    const { rows } = await call([low.id, high.id], [-1, 1]);
    expect(rows.map((r) => r.balance)).toEqual(['1199', '801']);
    expect([await balanceOf(db, low.id), await balanceOf(db, high.id)]).toEqual([1_199n, 801n]);
  });

  it('locks the lower account id first, whichever comes first in the call', async () => {
    const [low, high] = [await newWallet(db, 1_000n), await newWallet(db, 1_000n)];
    // The lower account is held by another transaction: a post that locks in id order waits for it holding nothing.
    const holder = await database.pool.connect();
    let highWasFree: unknown;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [low.id]);
      const { rows } = await holder.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
      const posted = postAlone(app.db, {
        kind: 'transfer',
        reference: ref(),
        postings: [
          { accountId: high.id, amount: mad(-5) },
          { accountId: low.id, amount: mad(5) },
        ],
      });
      // Until the post waits for the holder (before that it has not reached its first lock).
      for (;;) {
        const waiting = await sql<{ pid: number }>`
          SELECT pid FROM pg_locks WHERE locktype = 'transactionid' AND NOT granted
             AND transactionid::text = ${rows[0]!.xid}`.execute(db);
        if (waiting.rows.length > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      // The higher account must be free: the waiting post took no lock out of order.
      highWasFree = await sql`SELECT 1 FROM ledger_accounts WHERE id = ${high.id} FOR UPDATE NOWAIT`.execute(db).then(
        () => true,
        (error: unknown) => error,
      );
      await holder.query('COMMIT');
      await posted;
    } finally {
      holder.release();
    }
    expect(highWasFree).toBe(true);
    expect([await balanceOf(db, low.id), await balanceOf(db, high.id)]).toEqual([1_005n, 995n]);
  });

  it('refuses an overdraft, an unknown account, a currency mismatch and a platform floor in either place', async () => {
    const [low, high] = [await newWallet(db, 100n), await newWallet(db, 100n)];
    const fxEur = await platformAccount(db, 'fx', 'EUR');
    const pending = await platformAccount(db, 'withdrawals_pending', 'MAD');
    const cases: [string[], number[], string, { code: string; detail?: string }][] = [
      [[low.id, high.id], [-101, 101], 'MAD', { code: 'LG004', detail: low.id }],
      [[high.id, low.id], [-101, 101], 'MAD', { code: 'LG004', detail: high.id }],
      [[high.id, low.id], [101, -101], 'MAD', { code: 'LG004', detail: low.id }],
      [[low.id, '999999999999999'], [-1, 1], 'MAD', { code: 'LG002', detail: '999999999999999' }],
      [['999999999999999', low.id], [1, -1], 'MAD', { code: 'LG002', detail: '999999999999999' }],
      [[low.id, fxEur.id], [-1, 1], 'MAD', { code: 'LG003' }],
      [[fxEur.id, low.id], [1, -1], 'MAD', { code: 'LG003' }],
      [[pending.id, low.id], [-1_000_000_000_000, 1_000_000_000_000], 'MAD', { code: 'LG005', detail: pending.id }],
    ];
    for (const [accounts, amounts, currency, refused] of cases) {
      await expect(call(accounts, amounts, currency), JSON.stringify([accounts, amounts])).rejects.toMatchObject(
        refused,
      );
    }
    expect([await balanceOf(db, low.id), await balanceOf(db, high.id)]).toEqual([100n, 100n]);
  });

  it('writes no row at all for a refused transfer (the general path inserts its entry first)', async () => {
    const [a, b] = [await newWallet(db, 100n), await newWallet(db)];
    // The backend's own insert counts (pg_stat_xact_*: this connection only, so other test files do not count;
    // they may still hold its earlier transactions' counts, hence the difference), which include the rows of a
    // statement that failed and was rolled back to its savepoint.
    const insertedEntries = await withTransaction(app.db, async (tx) => {
      const inserted = async () => {
        const { rows } = await sql<{ inserted: string }>`
          SELECT n_tup_ins AS inserted FROM pg_stat_xact_user_tables WHERE relid = 'ledger_entries'::regclass`.execute(
          tx,
        );
        return BigInt(rows[0]?.inserted ?? 0);
      };
      const before = await inserted();
      await sql`SAVEPOINT refused`.execute(tx);
      await expect(call([a.id, b.id], [-101, 101], 'MAD', tx)).rejects.toMatchObject({ code: 'LG004' });
      await sql`ROLLBACK TO SAVEPOINT refused`.execute(tx);
      return (await inserted()) - before;
    });
    expect(insertedEntries).toBe(0n);
  });
});
