import { readFileSync } from 'node:fs';

/**
 * `node --import tsx bench/profile-top.ts <file.cpuprofile> [n]`: the functions with the most self time in a V8
 * CPU profile (e.g. the server's, from `BENCH_CPU_PROF=1 node --import tsx bench/send-throughput.ts`), and the
 * same grouped by package or project folder. Only the main JavaScript thread is in such a profile: scrypt runs on
 * libuv's pool and shows as idle time here.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) {
  console.error('usage: node --import tsx bench/profile-top.ts <file.cpuprofile> [n]');
  process.exit(2);
}
const top = Number(process.argv[3] ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

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
  const { functionName, url, lineNumber } = node.callFrame;
  const name = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|work\/[^/]+)\//, '')}:${lineNumber + 1}` : ''}`;
  functions.set(name, (functions.get(name) ?? 0) + us);
  const group = ['(idle)', '(garbage collector)', '(program)'].includes(functionName) ? functionName : where(url);
  groups.set(group, (groups.get(group) ?? 0) + us);
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log('\nby package / folder (self time):');
for (const [g, us] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${pct(us)}  ${g}`);
console.log(`\ntop ${top} functions (self time):`);
for (const [f, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us)}  ${f}`);
