import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../server/config.ts';

export interface BenchServer {
  child: ChildProcess;
  baseUrl: string;
  /** Milliseconds from spawning `npm start`'s script to the first 200 on /api/health/. */
  msToHealthy: number;
  stop(): Promise<void>;
}

/** Runs `node scripts/start.mjs` (what `npm start` runs) on its own embedded data dir and waits for health. */
export async function startBenchServer(port: number, dataDir = '.data/bench-pg'): Promise<BenchServer> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(projectRoot, 'scripts', 'start.mjs')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: '',
      EMBEDDED_PG_DIR: dataDir,
      EMBEDDED_PG_PORT: String(54_400 + (port % 100)),
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health/`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (performance.now() - started > 60_000) throw new Error('server not healthy after 60 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  const msToHealthy = performance.now() - started;
  return {
    child,
    baseUrl,
    msToHealthy,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
