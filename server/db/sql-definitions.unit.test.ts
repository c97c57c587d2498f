import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSqlDefinitions, sqlDefinitionsChecksum } from './sql-definitions.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function folder(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'sql-definitions-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('the order server/db/sql is applied in', () => {
  it('is by name, a file coming after the files its `-- requires:` lines name', () => {
    const files = readSqlDefinitions(
      folder({
        'a_key.sql': '-- requires: z_fold.sql, m_other.sql\nSELECT 1;',
        'm_other.sql': 'SELECT 2;',
        'z_fold.sql': 'SELECT 3;',
        'b_plain.sql': 'SELECT 4;',
        'notes.txt': 'not SQL',
      }),
    );
    expect(files.map((f) => f.name)).toEqual(['z_fold.sql', 'm_other.sql', 'a_key.sql', 'b_plain.sql']);
  });

  it('refuses a file requiring one that is not there, and files requiring each other', () => {
    expect(() => readSqlDefinitions(folder({ 'a.sql': '-- requires: gone.sql\nSELECT 1;' }))).toThrow(
      /a\.sql requires gone\.sql/,
    );
    rmSync(dir ?? '', { recursive: true, force: true });
    expect(() =>
      readSqlDefinitions(folder({ 'a.sql': '-- requires: b.sql\n', 'b.sql': '-- requires: a.sql\n' })),
    ).toThrow(/a cycle/);
  });

  it("has a digest that changes with any file's text or name", () => {
    const one = readSqlDefinitions(folder({ 'a.sql': 'SELECT 1;' }));
    const file = { name: 'a.sql', text: 'SELECT 1;', requires: [] };
    expect(sqlDefinitionsChecksum([file])).toBe(sqlDefinitionsChecksum(one));
    expect(sqlDefinitionsChecksum([{ ...file, text: 'SELECT 2;' }])).not.toBe(sqlDefinitionsChecksum(one));
    expect(sqlDefinitionsChecksum([{ ...file, name: 'b.sql' }])).not.toBe(sqlDefinitionsChecksum(one));
  });
});
