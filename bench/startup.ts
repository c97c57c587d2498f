import fs from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../server/config.ts';
import { emitMetric } from './report.ts';
import { benchPort, startBenchServer } from './server-process.ts';

// `node --import tsx bench/startup.ts [runs]`: `npm start`'s script (the built server, as a user runs it) on an
// installed and built checkout, `runs` times warm (a data dir kept between runs) and `runs` times cold (a fresh
// data dir: initdb, the migrations and the demo data included). Each start is timed from the spawn to the first
// 200 on /api/health/ and to the line saying every API process listens (a cluster's first process may answer
// while the others still load). Medians; the machine's load average is printed before and after.
const runs = Number(process.argv[2] ?? 5);
const warmDir = '.data/bench-pg';
const coldDir = '.data/bench-pg-cold';

interface Start {
  healthyMs: number;
  allReadyMs: number;
}

async function start(dataDir: string): Promise<Start> {
  const started = performance.now();
  let output = '';
  let allReadyMs = Number.NaN;
  const server = await startBenchServer(benchPort(0), dataDir, {
    onOutput: (text) => {
      output += text;
      if (Number.isNaN(allReadyMs) && /\d+ API processes ready in/.test(output)) {
        allReadyMs = performance.now() - started;
      }
    },
  });
  // A lone server (WEB_CONCURRENCY=1) is all ready when it answers; a cluster when its primary says so.
  const cluster = () => /API process \d+ \(pid/.test(output);
  while (cluster() && Number.isNaN(allReadyMs) && performance.now() - started < 60_000) {
    await new Promise((r) => setTimeout(r, 10));
  }
  await server.stop();
  return { healthyMs: server.msToHealthy, allReadyMs: cluster() ? allReadyMs : server.msToHealthy };
}

/** The embedded manager's files beside a data dir (its password, lock, log and marker) go with it. */
function removeDataDir(dataDir: string): void {
  const full = path.join(projectRoot, dataDir);
  for (const entry of fs.readdirSync(path.dirname(full))) {
    if (entry === path.basename(full) || entry.startsWith(`${path.basename(full)}.`)) {
      fs.rmSync(path.join(path.dirname(full), entry), { recursive: true, force: true });
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '-');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

console.log(`load average before: ${load()}`);
fs.mkdirSync(path.join(projectRoot, '.data'), { recursive: true });
// Unmeasured: builds what changed since the last build (the figures are of a built checkout) and makes the warm
// data dir when there is none.
await start(warmDir);
const warm: Start[] = [];
for (let i = 0; i < runs; i++) {
  const run = await start(warmDir);
  warm.push(run);
  console.log(`  warm ${i + 1}: first 200 ${s(run.healthyMs)}, every API process ready ${s(run.allReadyMs)}`);
}
const cold: Start[] = [];
for (let i = 0; i < runs; i++) {
  removeDataDir(coldDir);
  const run = await start(coldDir);
  cold.push(run);
  console.log(`  cold ${i + 1}: first 200 ${s(run.healthyMs)}, every API process ready ${s(run.allReadyMs)}`);
}
removeDataDir(coldDir);
console.log(`load average after: ${load()}`);

const warmHealthy = median(warm.map((r) => r.healthyMs));
const warmAllReady = median(warm.map((r) => r.allReadyMs));
const coldHealthy = median(cold.map((r) => r.healthyMs));
console.log(`start over ${runs} runs each: warm first 200 median ${s(warmHealthy)}, every API process ready median ${s(warmAllReady)}; cold first 200 median ${s(coldHealthy)}`);
emitMetric({ metric: 'npm start to first 200 (warm, median)', value: s(warmHealthy), goal: '<= 3 s', met: warmHealthy <= 3000 });
emitMetric({
  metric: 'npm start to every API process ready (warm, median)',
  value: s(warmAllReady),
  goal: '<= 5 s',
  met: warmAllReady <= 5000,
});
emitMetric({
  metric: 'npm start to first 200 (cold: initdb, median)',
  value: s(coldHealthy),
  goal: '<= 15 s',
  met: coldHealthy <= 15_000,
});
