import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testEnv } from '../../../tests/support/identity.ts';
import { importList, sanctionsFixtures } from './sanctions.fixtures.ts';

/**
 * `npm run admin -- sanctions:import` with the synthetic files of tests/fixtures/sanctions/ (each in its list's real
 * format). Other test files import the same fixtures, so the lists' content is the same whichever runs last.
 */
const fixtures = sanctionsFixtures;
let t: TestApp;
let scratch: string;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  scratch = await mkdtemp(join(tmpdir(), 'sanctions-'));
});
afterAll(async () => {
  await t.close();
});

const run = (args: string[]) => importList(t, args);

const entry = (source: 'eu' | 'un' | 'ofac', externalId: string) =>
  t.database.db
    .selectFrom('sanctions_entries')
    .selectAll()
    .where('source', '=', source)
    .where('external_id', '=', externalId)
    .executeTakeFirst();

const list = (source: 'eu' | 'un' | 'ofac') =>
  t.database.db.selectFrom('sanctions_lists').selectAll().where('source', '=', source).executeTakeFirstOrThrow();

describe('sanctions:import', () => {
  it('loads the EU consolidated CSV: one entry per logical id, names, aliases, birth dates and citizenships', async () => {
    const { code, output } = await run(['--format', 'eu', join(fixtures, 'eu-consolidated.csv')]);
    expect(code, output).toBe(0);
    expect(output).toMatch(/Imported EU list of 2026-11-14: 3 entries \(2 persons\)/);
    expect(await entry('eu', '900101')).toMatchObject({
      subject_type: 'person',
      names: ['Mohammed Al-Hassan Zaytouni', 'Muhammad Hassan Zaytouni', 'محمد الحسن الزيتوني'],
      birth_dates: ['1971-04-12'],
      nationalities: ['LY'],
    });
    // A quoted field holding the separator and doubled quotes.
    expect((await entry('eu', '900103'))?.names).toEqual(['Sahel Oasis Trading Company; "SOTC"']);
    expect(await list('eu')).toMatchObject({ entry_count: 3 });
    expect((await list('eu')).list_date.toISOString().slice(0, 10)).toBe('2026-11-14');
  });

  it('loads the UN consolidated XML: the name parts, the original script, aliases, every birth year, nationalities', async () => {
    const { code, output } = await run(['--format', 'un', join(fixtures, 'un-consolidated.xml')]);
    expect(code, output).toBe(0);
    expect(output).toMatch(/Imported UN list of 2026-11-10: 3 entries \(2 persons\)/);
    expect(await entry('un', '7000001')).toMatchObject({
      names: ['ABDELHAFID SALIM QASRAWI', 'عبد الحفيظ سليم القصراوي', 'Abd al-Hafiz Qasrawi', 'Abou Salim'],
      birth_dates: ['1974-09-30'],
      nationalities: ['JO'],
    });
    expect(await entry('un', '7000002')).toMatchObject({
      birth_dates: ['1980', '1979', '1981'],
      nationalities: ['ML', 'NE'],
    });
    expect(await entry('un', '7000003')).toMatchObject({
      subject_type: 'entity',
      names: ['CRESCENT RELIEF FRONT', 'Relief Crescent Front'],
    });
  });

  it("loads OFAC's SDN.CSV with its ALT.CSV: given names first, remarks' DOB and nationality, aliases; the date given", async () => {
    const { code, output } = await run([
      '--format',
      'ofac',
      join(fixtures, 'SDN.CSV'),
      '--aliases',
      join(fixtures, 'ALT.CSV'),
      '--date',
      '2026-11-20',
    ]);
    expect(code, output).toBe(0);
    expect(output).toMatch(/Imported OFAC list of 2026-11-20: 4 entries \(2 persons\)/);
    expect(await entry('ofac', '90001')).toMatchObject({
      subject_type: 'person',
      names: ['Brahim Noureddine OUARZAZI TEMLALI', 'Brahim TEMLALI', 'Ibrahim Nour Eddine OUARZAZI'],
      birth_dates: ['1968-02-03'],
      nationalities: ['LY'],
      programme: 'SDGT',
    });
    expect(await entry('ofac', '90002')).toMatchObject({ birth_dates: ['1959', '1961'], nationalities: ['RU'] });
    expect(await entry('ofac', '90004')).toMatchObject({ subject_type: 'entity', names: ['SEA LANTERN'] });
  });

  it('replaces the previous version of that list whole, with a new version number', async () => {
    const original = await readFile(join(fixtures, 'eu-consolidated.csv'), 'utf8');
    expect((await run(['--format', 'eu', join(fixtures, 'eu-consolidated.csv')])).code).toBe(0);
    const before = await list('eu');
    // A newer list: one more person, generated a day later.
    const header = original.split('\r\n')[0] ?? '';
    const columns = header.replace(/^\ufeff/, '').split(';');
    const extra = columns.map((c) =>
      c === 'fileGenerationDate'
        ? '15/11/2026'
        : c === 'Entity_LogicalId'
          ? '900199'
          : c === 'Entity_SubjectType_ClassificationCode'
            ? 'P'
            : c === 'NameAlias_WholeName'
              ? 'Quentin Invented-Testperson'
              : '',
    );
    const newer = join(scratch, 'eu-newer.csv');
    await writeFile(newer, original.replaceAll('14/11/2026', '15/11/2026') + extra.join(';') + '\r\n');
    expect((await run(['--format', 'eu', newer])).code).toBe(0);
    const after = await list('eu');
    expect(BigInt(after.version)).toBeGreaterThan(BigInt(before.version));
    expect(after.entry_count).toBe(4);
    expect(after.list_date.toISOString().slice(0, 10)).toBe('2026-11-15');
    expect(await entry('eu', '900199')).toBeDefined();
    // Back to the fixture: the extra entry is gone with the version that had it.
    expect((await run(['--format', 'eu', join(fixtures, 'eu-consolidated.csv')])).code).toBe(0);
    expect(await entry('eu', '900199')).toBeUndefined();
    expect(await list('eu')).toMatchObject({ entry_count: 3 });
  });

  it('refuses a file in another format and keeps the list in force', async () => {
    expect((await run(['--format', 'un', join(fixtures, 'un-consolidated.xml')])).code).toBe(0);
    const wrong = await run(['--format', 'un', join(fixtures, 'eu-consolidated.csv')]);
    expect(wrong.code).toBe(1);
    expect(wrong.output).toMatch(/Nothing imported/);
    const csvAsEu = await run(['--format', 'eu', join(fixtures, 'SDN.CSV')]);
    expect(csvAsEu.code).toBe(1);
    expect(csvAsEu.output).toMatch(/not the EU consolidated list CSV/);
    expect(await entry('un', '7000001')).toBeDefined();
  });

  it('answers usage errors with exit code 2', async () => {
    expect((await run(['--format', 'xx', 'file'])).code).toBe(2);
    expect((await run(['--format', 'eu'])).code).toBe(2);
    expect((await run(['--format', 'eu', join(fixtures, 'eu-consolidated.csv'), '--aliases', 'x'])).code).toBe(2);
    const missing = await run(['--format', 'eu', join(scratch, 'absent.csv')]);
    expect(missing.code).toBe(2);
    expect(missing.output).toMatch(/Cannot read/);
  });
});
