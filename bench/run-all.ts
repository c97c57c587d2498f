/**
 * `npm run bench`: every benchmark in turn, each in its own process (so one's server, pool or browser cannot
 * colour the next), their own output passed through, then one table of the headline figures (metric, value,
 * goal, met?). Figures are printed, never asserted. Set BENCH_ONLY=send-throughput,lighthouse to run some.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../server/config.ts';
import { metricPrefix, type Metric } from './report.ts';
import { benchServerUrl } from './scratch-database.ts';

const benches = ['startup', 'bundle-size', 'ledger', 'send-throughput', 'list-endpoints', 'lighthouse', 'anchoring', 'liabilities-snapshot', 'sanctions', 'monitoring-pass'];
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());

function run(name: string): Promise<{ metrics: Metric[]; code: number | null; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', `${name}.ts`)], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: benchServerUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const metrics: Metric[] = [];
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith(metricPrefix)) metrics.push(JSON.parse(line.slice(metricPrefix.length)) as Metric);
        else console.log(`  ${line}`);
      }
    });
    child.on('close', (code) => resolve({ metrics, code, seconds: (Date.now() - started) / 1000 }));
  });
}

const rows: (Metric & { bench: string })[] = [];
const loads: string[] = [];
for (const name of benches) {
  if (only && !only.includes(name)) continue;
  if (!existsSync(path.join(projectRoot, 'bench', `${name}.ts`))) continue;
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  loads.push(`${name}: ${load}`);
  console.log(`\n=== bench/${name}.ts (load average ${load})`);
  const result = await run(name);
  console.log(`=== ${name}: exit ${result.code} after ${result.seconds.toFixed(0)} s`);
  if (result.code !== 0) rows.push({ bench: name, metric: `${name} failed`, value: `exit ${result.code}` });
  for (const metric of result.metrics) rows.push({ bench: name, ...metric });
  if (result.code === 0 && result.metrics.length === 0)
    rows.push({ bench: name, metric: `${name} (figures in its output above)`, value: '-' });
}

const table = [
  ['metric', 'value', 'goal', 'met?'],
  ...rows.map((r) => [r.metric, r.value, r.goal ?? '', r.met === undefined ? '' : r.met ? 'yes' : 'NO']),
];
const widths = table[0]?.map((_, i) => Math.max(...table.map((row) => (row[i] ?? '').length))) ?? [];
const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log('');
console.log(
  `Figures on ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), PostgreSQL at ${new URL(benchServerUrl).host}; load average at each start:`,
);
for (const l of loads) console.log(`  ${l}`);
console.log('');
console.log(line(table[0] ?? []));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table.slice(1)) console.log(line(row));
