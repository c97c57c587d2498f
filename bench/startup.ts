import { emitMetric } from './report.ts';
import { startBenchServer } from './server-process.ts';

// `node --import tsx bench/startup.ts [runs]`: time from `npm start`'s script to the first 200 on /api/health/,
// on an installed and built checkout. The first run may include initdb (cold); the others are warm.
const runs = Number(process.argv[2] ?? 5);
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const server = await startBenchServer(3900);
  times.push(server.msToHealthy);
  await server.stop();
}
const warm = times.slice(1).sort((a, b) => a - b);
const fmt = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(2)} s`);
console.log(`start to first healthy response over ${runs} runs`);
console.log(`  first run: ${fmt(times[0])}`);
console.log(`  warm: median ${fmt(warm[Math.floor(warm.length / 2)])}, min ${fmt(warm[0])}, max ${fmt(warm.at(-1))}`);
emitMetric({
  metric: 'npm start to first 200 (warm, median)',
  value: fmt(warm[Math.floor(warm.length / 2)]),
  goal: '< 3 s',
  met: (warm[Math.floor(warm.length / 2)] ?? Infinity) < 3000,
});
emitMetric({ metric: 'npm start to first 200 (first run)', value: fmt(times[0]) });
