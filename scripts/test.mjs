// `npm test`: every tier, stopping after the first step that fails, with closing lines that time and count each tier.
// Steps in order, the tiers of a step side by side (on two cores, a single-threaded tier or one that mostly waits
// leaves room for another): typecheck, lint (ESLint, and the module boundaries beside it), the web and server builds
// and, once typecheck, the builds and the boundaries are done, unit (Vitest: common, server pure logic, web in
// jsdom), then API and security (Vitest over HTTP against a real PostgreSQL: DATABASE_URL if set, else embedded; two
// files at a time, each worker on its own database), both beside the rest of ESLint -> end-to-end and accessibility
// (Playwright in Chromium, on the builds) beside chaos (bank workload with kill -9).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results');
fs.mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const typecheck = { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] };
// `npm run lint` is ESLint then the module boundaries (dependency-cruiser); here they run side by side, since ESLint
// (type-aware rules over the whole program) is the longest tier of the first step.
const lint = { name: 'lint', cmd: [bin('eslint'), '.', '--max-warnings', '0'] };
const lintDeps = { name: 'lint:deps', cmd: ['npm', 'run', '--silent', 'lint:deps'] };
const build = { name: 'build', cmd: [bin('vite'), 'build', '--logLevel', 'warn'] };
// The server's bundle, which the e2e tier's server starts from: built here, on the core ESLint leaves, rather than at
// the start of the e2e tier, where Playwright waits for it before its first test.
const buildServer = { name: 'build:server', cmd: ['node', 'scripts/build-server.mjs'] };
// ESLint alone outlasts typecheck, the builds and the boundaries side by side on the other core: unit (two workers)
// starts when they end instead of waiting for ESLint, and takes both cores once ESLint ends.
const unit = {
  name: 'unit',
  after: [typecheck, build, buildServer, lintDeps],
  cmd: [bin('vitest'), 'run', '--project', 'unit', '--project', 'web', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/unit.json`],
  report: 'unit.json',
};
// ESLint still runs when unit ends (unit takes a fraction of ESLint's time since its files share their workers'
// processes): API starts then, on the core ESLint leaves, rather than after it. A lint failure still stops the run
// once API is done, before end-to-end.
const api = {
  name: 'api',
  after: [unit],
  cmd: [bin('vitest'), 'run', '--project', 'api', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/api.json`],
  report: 'api.json',
  // The longest tier of its step: its progress shows as it runs.
  stream: true,
};
// The bank workload against two API processes on one PostgreSQL, one killed -9 at random (short form); its floors
// are set for a loaded two-core machine.
const chaos = {
  name: 'chaos',
  cmd: ['node', '--import', 'tsx', 'tests/chaos/run.ts', '--seconds', '30', '--report', `${reports}/chaos.json`],
  report: 'chaos.json',
};
const e2e = { name: 'e2e', cmd: [bin('playwright'), 'test'], report: 'e2e.json', needsBrowser: true };

/** Steps in order; the tiers of one step run at once, save those that start `after` others of the step (and do not
 * start if one of those failed): the output of the step's tier marked `stream` (else its first) streams, the others'
 * is printed whole when each ends (so that lines of two tiers never interleave). */
const steps = [[lint, typecheck, build, buildServer, lintDeps, unit, api], [e2e, chaos]];

function counts(file) {
  const full = path.join(reports, file);
  if (!fs.existsSync(full)) return { passed: 0, failed: 0 };
  const json = JSON.parse(fs.readFileSync(full, 'utf8'));
  if ('numPassedTests' in json) return { passed: json.numPassedTests, failed: json.numFailedTests };
  // Playwright's JSON reporter.
  const s = json.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0 };
}

/** Runs one tier, its output streamed or kept and printed in one piece when it ends. */
function run(tier, stream) {
  if (tier.report) fs.rmSync(path.join(reports, tier.report), { force: true });
  const t0 = Date.now();
  if (stream) console.log(`\n▶ ${tier.name}`);
  const child = spawn(tier.cmd[0], tier.cmd.slice(1), {
    cwd: root,
    stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: process.env,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = (Date.now() - t0) / 1000;
      if (!stream) process.stdout.write(`\n▶ ${tier.name} (${seconds.toFixed(1)} s)\n${output}`);
      resolve({ tier, seconds, ok: code === 0 });
    });
  });
}

const total = { passed: 0, failed: 0 };
const lines = [];
const started = Date.now();
let failedTier;
for (const step of steps) {
  const missing = step.find((tier) => tier.needsBrowser && !fs.existsSync(chromium));
  if (missing) {
    console.error(`\n✗ ${missing.name}: no Chromium at ${chromium}. Install it with \`apt-get install -y chromium\` (Debian),\n  or set CHROMIUM_PATH. Never \`npx playwright install\`: nothing is downloaded at test time.`);
    failedTier = missing.name;
    break;
  }
  const streamed = step.find((tier) => tier.stream) ?? step[0];
  const running = new Map();
  const start = (tier) => {
    if (!running.has(tier)) {
      const before = (tier.after ?? []).map(start);
      running.set(
        tier,
        Promise.all(before).then((ended) =>
          ended.every((r) => r.ok) ? run(tier, tier === streamed) : { tier, seconds: 0, ok: false, skipped: true },
        ),
      );
    }
    return running.get(tier);
  };
  const results = await Promise.all(step.map(start));
  for (const { tier, seconds, ok, skipped } of results) {
    if (skipped) continue;
    const c = tier.report ? counts(tier.report) : undefined;
    if (c) {
      total.passed += c.passed;
      total.failed += c.failed;
    }
    lines.push(`${tier.name} ${seconds.toFixed(1)} s${c ? ` (${c.passed} passed, ${c.failed} failed)` : ''}${ok ? '' : ' ✗'}`);
    if (!ok) failedTier ??= tier.name;
  }
  if (failedTier) {
    if (total.failed === 0) total.failed = 1; // a tier that failed without failing a test (crash, type error)
    break;
  }
}

console.log(`\n${lines.join(' · ')} · total ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failedTier) console.log(`✗ stopped at ${failedTier}`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(failedTier ? 1 : 0);
