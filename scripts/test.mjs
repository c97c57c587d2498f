// `npm test`: every tier in order, stopping at the first failure, with one closing line that counts the tests.
// typecheck -> lint -> unit (Vitest: common, server pure logic, web in jsdom) -> API and security (Vitest over HTTP
// against a real PostgreSQL: DATABASE_URL if set, else embedded) -> chaos (bank workload with kill -9) -> build ->
// end-to-end and accessibility (Playwright in Chromium).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results');
fs.mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const tiers = [
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
  {
    name: 'unit',
    cmd: [bin('vitest'), 'run', '--project', 'unit', '--project', 'web', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/unit.json`],
    report: 'unit.json',
  },
  {
    name: 'api',
    cmd: [bin('vitest'), 'run', '--project', 'api', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/api.json`],
    report: 'api.json',
  },
  // Issue 9: the bank workload against two API processes on one PostgreSQL, one killed -9 at random (short form).
  { name: 'chaos', cmd: ['node', '--import', 'tsx', 'tests/chaos/run.ts', '--seconds', '30', '--report', `${reports}/chaos.json`], report: 'chaos.json' },
  { name: 'build', cmd: [bin('vite'), 'build', '--logLevel', 'warn'] },
  { name: 'e2e', cmd: [bin('playwright'), 'test'], report: 'e2e.json', needsBrowser: true },
];

function counts(file) {
  const full = path.join(reports, file);
  if (!fs.existsSync(full)) return { passed: 0, failed: 0 };
  const json = JSON.parse(fs.readFileSync(full, 'utf8'));
  if ('numPassedTests' in json) return { passed: json.numPassedTests, failed: json.numFailedTests };
  // Playwright's JSON reporter.
  const s = json.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: (s.unexpected ?? 0) };
}

const total = { passed: 0, failed: 0 };
const timings = [];
const started = Date.now();
let failedTier;
for (const tier of tiers) {
  if (tier.needsBrowser && !fs.existsSync(chromium)) {
    console.error(`\n✗ ${tier.name}: no Chromium at ${chromium}. Install it with \`apt-get install -y chromium\` (Debian),\n  or set CHROMIUM_PATH. Never \`npx playwright install\`: nothing is downloaded at test time.`);
    failedTier = tier.name;
    break;
  }
  if (tier.report) fs.rmSync(path.join(reports, tier.report), { force: true });
  console.log(`\n▶ ${tier.name}`);
  const t0 = Date.now();
  const result = spawnSync(tier.cmd[0], tier.cmd.slice(1), { cwd: root, stdio: 'inherit', env: process.env });
  timings.push(`${tier.name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (tier.report) {
    const c = counts(tier.report);
    total.passed += c.passed;
    total.failed += c.failed;
  }
  if (result.status !== 0) {
    failedTier = tier.name;
    if (total.failed === 0) total.failed = 1; // a tier that failed without failing a test (crash, type error)
    break;
  }
}

console.log(`\n${timings.join(' · ')} · total ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failedTier) console.log(`✗ stopped at ${failedTier}`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(failedTier ? 1 : 0);
