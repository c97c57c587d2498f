import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/config.ts';
import {
  CODE,
  create,
  customer,
  newKey,
  recipientOf,
} from '../../server/modules/transfers/transactions.fixtures.ts';
import { ensureRates } from '../support/identity.ts';
import { migratedScratchDatabase } from '../support/migrated-scratch.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabaseUrl } from '../support/test-database.ts';
import { serverProgram } from '../support/server-program.ts';

// The restore drill: a backup taken while transfers run, restored into a fresh database, holds a
// balanced ledger whose figures are exactly those of the moment of the snapshot, and every transfer acknowledged
// before the backup began.
const exec = promisify(execFile);
const admin = (databaseUrl: string, ...args: string[]) =>
  exec(process.execPath, serverProgram('admin', ...args), {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
  });

let source: ScratchDatabase;
let target: ScratchDatabase;
let t: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-drill-'));
beforeAll(async () => {
  const server = new URL(testDatabaseUrl());
  server.pathname = '/postgres';
  source = await migratedScratchDatabase('drill_source');
  target = await createScratchDatabase(server.toString(), 'drill_target');
  t = await startTestApp({ databaseUrl: source.url });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
  await source.drop();
  await target.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The lines both commands print: entry and posting counts, then the totals per account kind. */
const ledgerFigures = (output: string) =>
  output.split('\n').filter((l) => l.startsWith('ledger:') || l.startsWith('  '));

describe('backup and restore', () => {
  it('restores a snapshot taken under load: balanced, its figures, every acknowledged transfer', async () => {
    const sender = await customer(t, 10_000_000n);
    const contact = await recipientOf(t, sender, { email: (await customer(t)).email });
    const acknowledged: { id: number; at: number }[] = [];
    let running = true;
    const sending = (async () => {
      while (running) {
        const res = await create(t, sender, { contact, amount: '1.00', security_code: CODE }, newKey());
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        acknowledged.push({ id: res.body.id as number, at: Date.now() });
      }
    })();
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 20));

    const file = path.join(dir, 'wallet.dump');
    const backupStarted = Date.now();
    const backup = await admin(source.url, 'backup', file);
    const backupEnded = Date.now();
    while (acknowledged.filter((a) => a.at > backupEnded).length < 5) await new Promise((r) => setTimeout(r, 20));
    running = false;
    await sending;

    const restore = await admin(source.url, 'restore', file, '--database', target.url);
    expect(restore.stdout).toContain('Ledger OK');
    // The restored ledger is the one the backup read in its snapshot, to the cent.
    expect(ledgerFigures(restore.stdout)).toEqual(ledgerFigures(backup.stdout));
    expect(ledgerFigures(backup.stdout).length).toBeGreaterThan(3);

    const restored = new pg.Client({ connectionString: target.url });
    await restored.connect();
    try {
      const { rows } = await restored.query<{ id: string }>('SELECT id FROM transactions');
      const ids = new Set(rows.map((r) => Number(r.id)));
      const before = acknowledged.filter((a) => a.at < backupStarted);
      const after = acknowledged.filter((a) => a.at > backupEnded);
      expect(before.filter((a) => !ids.has(a.id))).toEqual([]);
      expect(after.filter((a) => ids.has(a.id))).toEqual([]);
      console.log(
        `backup drill: ${acknowledged.length} sends acknowledged while it ran, ${before.length} before the backup ` +
          `(all restored), ${ids.size} transactions restored; ${backup.stdout.split('\n')[0]}; ${restore.stdout.split('\n')[0]}`,
      );
    } finally {
      await restored.end();
    }

    // A second restore into the same database is refused, and changes nothing.
    await expect(admin(source.url, 'restore', file, '--database', target.url)).rejects.toMatchObject({
      stdout: expect.stringContaining('not empty'),
    });
  }, 120_000);

  it('refuses to overwrite a file, and says what is missing', async () => {
    const file = path.join(dir, 'exists.dump');
    fs.writeFileSync(file, 'keep me');
    await expect(admin(source.url, 'backup', file)).rejects.toMatchObject({
      stdout: expect.stringContaining('exists already'),
    });
    expect(fs.readFileSync(file, 'utf8')).toBe('keep me');
    await expect(
      admin(source.url, 'restore', path.join(dir, 'none.dump'), '--database', target.url),
    ).rejects.toMatchObject({
      stdout: expect.stringContaining('No backup at'),
    });
    await expect(admin(source.url, 'backup')).rejects.toMatchObject({ code: 2 });
    // Three command-line processes, each compiling the sources through tsx: past 60 s beside the other API worker.
  }, 180_000);
});
