import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { call, ensureRates, signIn, testEnv, uniqueEmail, uniquePhone } from '../../../tests/support/identity.ts';
import { demoAgencies } from '../seed/demo-data.ts';
import { findAgencyCashAccount, findUserWallet } from '../../ledger/accounts.repository.ts';
import type { AdminCommand } from '../admin-command.ts';
import { agencyAddCommand } from './agency-add.ts';
import { bankerAddCommand } from './banker-add.ts';
import { bankerListCommand } from './banker-list.ts';
import { ratesSetCommand } from './rates-set.ts';
import { seedDemoCommand } from './seed-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

async function run(command: AdminCommand, args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await command.run({ db: t.database.db, args, out: (line) => lines.push(line), config: t.config });
  return { code, output: lines.join('\n') };
}

async function newAgency(name = `Agence ${uniqueEmail()}`): Promise<string> {
  const { code, output } = await run(agencyAddCommand, [
    '--name',
    name,
    '--address',
    '1 Rue de Fès',
    '--zip',
    '30000',
    '--city',
    'Fès',
    '--lat',
    '34.0331',
    '--lon',
    '-5.0003',
  ]);
  expect(code, output).toBe(0);
  const id = /Agency (\d+) created/.exec(output)?.[1];
  if (!id) throw new Error(output);
  return id;
}

describe('agency:add', () => {
  it('creates a public contact with its cash account', async () => {
    const id = await newAgency();
    const row = await t.database.db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      public: true,
      owner_user_id: null,
      city: 'Fès',
      zip_code: '30000',
      latitude: '34.033100',
    });
    expect(await findAgencyCashAccount(t.database.db, id)).toMatchObject({ kind: 'agency_cash', currency: 'MAD' });
  });

  it('refuses bad or missing options with exit code 2 and creates nothing', async () => {
    const name = `Bad ${uniqueEmail()}`;
    const bad = await run(agencyAddCommand, [
      '--name',
      name,
      '--address',
      'a',
      '--zip',
      '1',
      '--city',
      'c',
      '--lat',
      '95',
      '--lon',
      '0',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('--lat');
    expect((await run(agencyAddCommand, ['--name', name])).code).toBe(2);
    expect((await run(agencyAddCommand, ['--nme', name])).output).toContain('Unknown option --nme');
    const rows = await t.database.db.selectFrom('contacts').select('id').where('first_name', '=', name).execute();
    expect(rows).toHaveLength(0);
  });
});

describe('banker:add and banker:list', () => {
  it('refuses an agency that does not exist, and names it', async () => {
    const added = await run(bankerAddCommand, ['--email', uniqueEmail('teller'), '--agency', '999999999']);
    expect(added.code).not.toBe(0);
    expect(added.output).toContain('No agency with id 999999999 (see agency:add)');
  });

  it('creates a teller who signs in by code and is a BANKER with a wallet', async () => {
    const agency = await newAgency();
    const email = uniqueEmail('teller');
    const added = await run(bankerAddCommand, ['--email', email, '--agency', agency, '--first-name', 'Omar']);
    expect(added.code, added.output).toBe(0);
    expect(added.output).toContain('Created banker');
    const s = await signIn(t, { email });
    expect(s.role).toBe('BANKER');
    const me = await call<{ results: { role: string; first_name: string }[] }>(t, 'GET', '/api/users/', {
      token: s.token,
    });
    expect(me.body.results[0]).toMatchObject({ role: 'BANKER', first_name: 'Omar' });
    expect(await findUserWallet(t.database.db, String(s.userId))).toBeDefined();
    const list = await run(bankerListCommand, []);
    expect(list.output).toContain(email);
  });

  it('promotes an existing customer: their customer session ends and the database holds the teller role', async () => {
    const agency = await newAgency();
    const phone = uniquePhone();
    const s = await signIn(t, { phone_number: phone });
    expect(s.role).toBe('customer');
    expect((await run(bankerAddCommand, ['--phone', phone, '--agency', agency])).code).toBe(0);
    // A customer token must not become a staff token: the promotion ended it.
    expect((await call(t, 'GET', '/api/users/', { token: s.token })).status).toBe(401);
    const row = await t.database.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', String(s.userId))
      .executeTakeFirst();
    expect(row?.role).toBe('BANKER');
  });

  it('refuses an unknown agency or an ambiguous identifier', async () => {
    expect((await run(bankerAddCommand, ['--email', uniqueEmail(), '--agency', '999999999'])).code).toBe(2);
    const agency = await newAgency();
    expect(
      (await run(bankerAddCommand, ['--email', uniqueEmail(), '--phone', uniquePhone(), '--agency', agency])).code,
    ).toBe(2);
    expect((await run(bankerAddCommand, ['--email', 'nope', '--agency', agency])).code).toBe(2);
  });
});

describe('rates:set', () => {
  it('records new current rates, exact', async () => {
    const res = await run(ratesSetCommand, [
      '--official',
      '10.8512',
      '--freemium',
      '10.70',
      '--subscription',
      '10.80',
      '--fee',
      '0.016',
    ]);
    expect(res.code, res.output).toBe(0);
    const latest = await t.database.db
      .selectFrom('rates')
      .select(['official', 'freemium', 'subscription', 'card_fee'])
      // Its own row: other test files on this database write rates too (the ops route matrix schedules some).
      .where('official', '=', '10.8512')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(latest).toMatchObject({
      official: '10.8512',
      freemium: '10.7000',
      subscription: '10.8000',
      card_fee: '0.016000',
    });
  });

  it('refuses inconsistent or malformed rates', async () => {
    const set = (official: string, freemium: string, subscription: string, fee: string) =>
      run(ratesSetCommand, [
        '--official',
        official,
        '--freemium',
        freemium,
        '--subscription',
        subscription,
        '--fee',
        fee,
      ]);
    expect((await set('10.85', '10.90', '10.80', '0.016')).code).toBe(2);
    expect((await set('10.85', '10.80', '10.70', '0.016')).code).toBe(2);
    expect((await set('10.85', '10.70', '10.80', '1.5')).code).toBe(2);
    expect((await set('abc', '10.70', '10.80', '0.016')).code).toBe(2);
    expect((await set('10.85', '10.70', '10.80', '0.0161234')).code).toBe(2);
  });
});

describe('seed:demo', () => {
  it('loads five agencies with one teller each, and running it again changes nothing', async () => {
    const first = await run(seedDemoCommand, []);
    expect(first.code).toBe(0);
    const count = async () => ({
      agencies: (await t.database.db.selectFrom('contacts').select('id').where('public', '=', true).execute()).length,
      users: (await t.database.db.selectFrom('users').select('id').execute()).length,
      rates: (await t.database.db.selectFrom('rates').select('id').execute()).length,
    });
    const before = await count();
    const second = await run(seedDemoCommand, []);
    expect(second.output).toContain('0 agencies and 0 tellers created');
    // Other test files create users and agencies meanwhile: compare only what the seed owns.
    for (const demo of demoAgencies) {
      const agencies = await t.database.db
        .selectFrom('contacts')
        .select('id')
        .where('first_name', '=', demo.name)
        .execute();
      expect(agencies).toHaveLength(1);
      const teller = await t.database.db
        .selectFrom('users')
        .select(['role', 'agency_id'])
        .where('email', '=', demo.teller.email)
        .executeTakeFirstOrThrow();
      expect(teller).toEqual({ role: 'BANKER', agency_id: agencies[0]?.id });
    }
    expect((await count()).rates).toBe(before.rates);
    const list = await run(bankerListCommand, []);
    for (const city of ['casablanca', 'rabat', 'marrakech', 'tangier', 'agadir'])
      expect(list.output).toContain(`teller.${city}@example.com`);
  });
});
