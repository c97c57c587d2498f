import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const exec = promisify(execFile);

/** Debian's PostgreSQL binaries (the machine's server, 15 on Debian 12), for clusters a test makes and breaks. */
function binaries(): string {
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root)
    ? fs.readdirSync(root).filter((d) => fs.existsSync(path.join(root, d, 'bin', 'pg_ctl')))
    : [];
  const newest = majors.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('No PostgreSQL server binaries in /usr/lib/postgresql: apt-get install postgresql.');
  return path.join(root, newest, 'bin');
}

/** PostgreSQL refuses to run as root: as root, its tools run as the `postgres` user. */
async function run(tool: string, args: string[]): Promise<string> {
  const binary = path.join(binaries(), tool);
  const asRoot = process.getuid?.() === 0;
  const { stdout } = asRoot
    ? await exec('runuser', ['-u', 'postgres', '--', binary, ...args])
    : await exec(binary, args);
  return stdout;
}

export interface ThrowawayPostgres {
  port: number;
  dataDir: string;
  /** `postgres://postgres@127.0.0.1:PORT/DB` */
  url(database?: string): string;
  start(): Promise<void>;
  /** `pg_ctl restart -m fast`: every session is ended, the server comes back on the same port. */
  restartFast(): Promise<void>;
  /** SIGKILL to the postmaster, as a host that dies. */
  kill(): Promise<void>;
  promote(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it if it runs and deletes its files. */
  destroy(): Promise<void>;
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

function cluster(dataDir: string, port: number, home: string): ThrowawayPostgres {
  const log = path.join(home, `postgres-${port}.log`);
  const options = `-p ${port} -k ${home} -c listen_addresses=127.0.0.1`;
  const self: ThrowawayPostgres = {
    port,
    dataDir,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: async () => void (await run('pg_ctl', ['-D', dataDir, '-l', log, '-o', options, '-w', 'start'])),
    restartFast: async () =>
      void (await run('pg_ctl', ['-D', dataDir, '-l', log, '-o', options, '-m', 'fast', '-w', 'restart'])),
    async kill() {
      const pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 100; i++) {
        try {
          process.kill(pid, 0);
        } catch {
          return;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    promote: async () => void (await run('pg_ctl', ['-D', dataDir, '-w', 'promote'])),
    stop: async () => void (await run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => '')),
    async destroy() {
      await self.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      // The folder holding the clusters goes with the last of them.
      if (
        fs
          .readdirSync(home)
          .every((f) => f.endsWith('.log') || f.endsWith('.ini') || f.endsWith('.txt') || f.endsWith('.pid'))
      ) {
        fs.rmSync(home, { recursive: true, force: true });
      }
    },
  };
  return self;
}

/** A folder the `postgres` user owns (as root) under the system's temp dir. */
function ownedDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (process.getuid?.() === 0) {
    const { uid, gid } = userIds('postgres');
    fs.chownSync(dir, uid, gid);
  }
  return dir;
}

function userIds(name: string): { uid: number; gid: number } {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error(`no user ${name}`);
  return { uid: Number(uid), gid: Number(gid) };
}

/** A new cluster (trust auth on 127.0.0.1), started, with database `wallet`; replication allowed for replicas. */
export async function startThrowawayPostgres(settings: string[] = []): Promise<ThrowawayPostgres> {
  const home = ownedDir('throwaway-pg-');
  const dataDir = path.join(home, 'primary');
  await run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  fs.appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    ['fsync = off', 'wal_level = replica', 'max_wal_senders = 5', 'max_connections = 100', ...settings, ''].join('\n'),
  );
  fs.appendFileSync(path.join(dataDir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
  const primary = cluster(dataDir, await freePort(), home);
  await primary.start();
  const client = new pg.Client({ connectionString: primary.url() });
  await client.connect();
  await client.query('CREATE DATABASE wallet');
  await client.end();
  return primary;
}

/** A streaming replica of `primary` made with pg_basebackup, started; `synchronous` makes the primary wait for it. */
export async function startReplica(primary: ThrowawayPostgres): Promise<ThrowawayPostgres> {
  const home = path.dirname(primary.dataDir);
  const dataDir = path.join(home, 'replica');
  await run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dataDir,
    '-R',
    '--checkpoint=fast',
    '-X',
    'stream',
    '--no-sync',
  ]);
  // The replica's name, for synchronous_standby_names on the primary.
  fs.appendFileSync(
    path.join(dataDir, 'postgresql.auto.conf'),
    `primary_conninfo = 'host=127.0.0.1 port=${primary.port} user=postgres application_name=replica'\n`,
  );
  const replica = cluster(dataDir, await freePort(), home);
  await replica.start();
  return replica;
}
