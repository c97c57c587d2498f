import { readFileSync } from 'node:fs';

/**
 * `node --import tsx bench/profile-top.ts <file.cpuprofile> [n]`: the functions with the most self time in a V8
 * CPU profile (e.g. the server's, from `BENCH_CPU_PROF=1 node --import tsx bench/send-throughput.ts`), and the
 * same grouped by package or project folder. Only the main JavaScript thread is in such a profile: scrypt runs on
 * libuv's pool and shows as idle time here.
 *
 * `--inclusive [text...]`: instead, each function's total time (itself and what it calls) as a share of the busy
 * time (all but idle, program and GC), optionally only the functions whose name or file contains one of the texts:
 * where a request's time goes between the route, authentication, the queries and serialisation.
 *
 * `PROFILE_WINDOW=<from>-<to>` (environment): only the samples taken between those two instants, in microseconds of
 * the machine's monotonic clock (`process.hrtime.bigint() / 1000n` in any process of this machine: V8 stamps its
 * samples with the same clock on Linux). The send bench prints its measured run's window, so the profile says
 * where that run's time went, without the server's start (module compilation, the web build check), the users'
 * set-up or the drains.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const file = process.argv[2];
if (!file) {
  console.error('usage: node --import tsx bench/profile-top.ts <file.cpuprofile> [n | --inclusive [text...]]');
  process.exit(2);
}
const inclusive = process.argv[3] === '--inclusive';
const top = inclusive ? 70 : Number(process.argv[3] ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
const window = /^(\d+)-(\d+)$/.exec(process.env.PROFILE_WINDOW ?? '');
const [from, to] = window ? [Number(window[1]), Number(window[2])] : [-Infinity, Infinity];
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at >= from && at <= to) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const label = (frame: ProfileNode['callFrame']) =>
  `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url.replace(/^.*\/(node_modules|work\/[^/]+)\//, '')}:${frame.lineNumber + 1}` : ''}`;
function where(url: string): string {
  if (!url) return '(native/V8)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1] ?? url;
  if (url.startsWith('node:')) return url;
  const project = /\/work\/[^/]+\/(.+?)\/[^/]+$/.exec(url);
  return project?.[1] ?? url;
}

const functions = new Map<string, number>();
const groups = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url } = node.callFrame;
  const name = label(node.callFrame);
  functions.set(name, (functions.get(name) ?? 0) + us);
  const group = ['(idle)', '(garbage collector)', '(program)'].includes(functionName) ? functionName : where(url);
  groups.set(group, (groups.get(group) ?? 0) + us);
}
if (inclusive) {
  const filters = process.argv.slice(4);
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const totals = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    if (['(idle)', '(program)', '(garbage collector)'].includes(byId.get(id)?.callFrame.functionName ?? '')) continue;
    busy += us;
    // Each function once per stack, however deep its recursion.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (!node) break;
      const name = label(node.callFrame);
      if (!seen.has(name)) totals.set(name, (totals.get(name) ?? 0) + us);
      seen.add(name);
    }
  }
  console.log(`${file}: ${(busy / 1e6).toFixed(1)} s busy; total time per function, share of the busy time:`);
  for (const [name, us] of [...totals]
    .filter(([name]) => filters.length === 0 || filters.some((text) => name.includes(text)))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`  ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${name}`);
  process.exit(0);
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log('\nby package / folder (self time):');
for (const [g, us] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${pct(us)}  ${g}`);
console.log(`\ntop ${top} functions (self time):`);
for (const [f, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us)}  ${f}`);
