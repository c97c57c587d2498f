import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/config.ts';
import { adminQuery } from '../support/scratch-database.ts';
import { stablePort } from '../support/stable-port.ts';

// `npm start`'s server with WEB_CONCURRENCY=2 (server/cluster.ts): two API processes beside one embedded PostgreSQL,
// as `npm start` runs it: built by scripts/build-server.mjs (here into a folder of its own, from nothing) and run as
// JavaScript, on a fresh data directory (initdb included).
const home = path.join(projectRoot, '.data', `test-cluster-${process.pid}`);
const built = path.join(home, 'dist', 'server');
const pgPort = String(stablePort(2));
const running = new Set<ChildProcess>();

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [path.join('scripts', 'build-server.mjs'), built], { cwd: projectRoot });
}, 120_000);

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await fs.rm(home, { recursive: true, force: true });
});

/** What a process runs: its command line, read from Linux's /proc. */
async function commandLine(pid: number): Promise<string[]> {
  return (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
}

function startCluster() {
  const child = spawn(process.execPath, [path.join(built, 'serve.js')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      EMBEDDED_PG_DIR: path.join(home, 'pg'),
      EMBEDDED_PG_PORT: pgPort,
      PORT: '0',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '2',
      CHAIN_WORKER: 'in-process',
    },
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

async function waitFor(output: () => string, pattern: RegExp, times = 1): Promise<RegExpExecArray[]> {
  for (let i = 0; i < 1200; i++) {
    const found = [...output().matchAll(new RegExp(pattern.source, 'g'))];
    if (found.length >= times) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${String(pattern)} x${times} in:\n${output()}`);
}

describe('npm start on all the cores', () => {
  it('runs two API processes of a clean build on one PostgreSQL, replaces one that dies, drains and stops on SIGTERM', async () => {
    const server = startCluster();
    const [ready] = await waitFor(server.output, /2 API processes ready in [\d.]+ s on (http:\/\/[\d.]+:\d+)\//);
    const url = ready?.[1] ?? '';
    const pids = (await waitFor(server.output, /API process \d+ \(pid (\d+)\) listening/, 2)).map((m) => Number(m[1]));
    expect(new Set(pids).size).toBe(2);
    expect((await fetch(`${url}/api/health/`)).status).toBe(200);
    // One receipt mails process for the whole cluster, beside the API processes.
    const [receipts] = await waitFor(server.output, /receipt mails process \(pid (\d+)\) started/);
    const receiptsPid = Number(receipts?.[1]);
    // Each of them runs the build, and none compiles TypeScript at run time (what made a start take 10 s).
    for (const pid of [...pids, receiptsPid]) {
      const line = await commandLine(pid);
      expect(line.join(' ')).not.toMatch(/tsx|\.ts\b/);
      expect(line.some((arg) => arg.startsWith(built) && arg.endsWith('.js'))).toBe(true);
    }

    // A second start on the same data still refuses, clearly, and the first keeps serving.
    const second = startCluster();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another server/);

    // One of them runs the periodic background work (the workers' polls, the expiry sweep), not both (ADR 010).
    const background = await waitFor(server.output, /API process pid (\d+) runs the background work/);
    expect(background).toHaveLength(1);
    const backgroundPid = Number(background[0]?.[1]);
    expect(pids).toContain(backgroundPid);

    // Killed, its replacement takes the background work over.
    process.kill(backgroundPid, 'SIGKILL');
    await waitFor(server.output, /died \(SIGKILL\): restarting it/);
    await waitFor(server.output, /API process \d+ \(pid (\d+)\) listening/, 3);
    const taken = await waitFor(server.output, /API process pid (\d+) runs the background work/, 2);
    expect(taken).toHaveLength(2);
    expect(Number(taken[1]?.[1])).not.toBe(backgroundPid);
    for (let i = 0; i < 4; i++) expect((await fetch(`${url}/api/health/`)).status).toBe(200);

    // The embedded default is whole: the built operator command backs up the running server's embedded database
    // with this machine's client tools (ADR 019), and restores the archive into an empty database beside it.
    const admin = (...args: string[]) =>
      promisify(execFile)(process.execPath, [path.join(built, 'admin.js'), ...args], {
        cwd: projectRoot,
        env: { ...process.env, DATABASE_URL: '', EMBEDDED_PG_DIR: path.join(home, 'pg'), EMBEDDED_PG_PORT: pgPort },
      });
    const backup = await admin('backup', path.join(home, 'wallet.dump'));
    expect(backup.stdout).toMatch(/^ledger: /m);
    const { password } = JSON.parse(await fs.readFile(path.join(home, 'pg.json'), 'utf8')) as { password: string };
    const embedded = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}`;
    await adminQuery(`${embedded}/postgres`, 'CREATE DATABASE restored');
    const restore = await admin('restore', path.join(home, 'wallet.dump'), '--database', `${embedded}/restored`);
    expect(restore.stdout).toContain('Ledger OK');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/stopped/);
    expect(server.output().match(/receipt mails process \(pid \d+\) started/g)).toHaveLength(1);
    expect(() => process.kill(receiptsPid, 0)).toThrow();
    await expect(fs.stat(path.join(home, 'pg', 'postmaster.pid'))).rejects.toThrow();
  }, 180_000); // three processes start (on a machine shared with other test runs): not a speed assertion
});
