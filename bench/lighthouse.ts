/**
 * Lighthouse (12.8.2, its default mobile settings: a mid-range phone, simulated slow 4G and 4x CPU slowdown)
 * performance and accessibility scores of /auth, /, /exchange and /transactions, on the production build served by
 * the real server (`scripts/start.mjs` on its own embedded database). Chromium is Debian's, started here with the
 * flags of playwright.config.ts and a DevTools port that Lighthouse drives. The signed-in pages get a bearer token
 * where the app keeps it (localStorage `token`, web/shared/api/storage-keys.ts), put there through the same browser
 * profile, and Lighthouse is told not to clear storage.
 *
 *   node --import tsx bench/lighthouse.ts            # all four routes
 *   node --import tsx bench/lighthouse.ts /exchange  # some of them
 *
 * Prints scores and each failed accessibility audit; asserts nothing. On a shared 2-core machine the performance
 * score moves with the load (Lighthouse's simulation starts from what it observes).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { chromiumLaunch } from '../playwright.config.ts';
import { BenchClient, benchServerLimits, signUp } from './api-client.ts';
import { emitMetric, fmt } from './report.ts';
import { benchPort, startBenchServer } from './server-process.ts';

const PORT = benchPort(5);
const DEVTOOLS_PORT = 9305;
const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/auth', '/', '/exchange', '/transactions'];

async function waitForDevtools(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`http://127.0.0.1:${DEVTOOLS_PORT}/json/version`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('Chromium did not open its DevTools port');
}

const server = await startBenchServer(PORT, '.data/bench-lighthouse-pg', { env: benchServerLimits });
const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-chromium-'));
const browserProcess = spawn(
  chromiumLaunch.executablePath,
  [...chromiumLaunch.args, `--remote-debugging-port=${DEVTOOLS_PORT}`, `--user-data-dir=${profile}`, 'about:blank'],
  { stdio: 'ignore' },
);
const results: { route: string; performance: number; accessibility: number; failed: string[] }[] = [];
try {
  await waitForDevtools();
  const client = new BenchClient(server.baseUrl);
  const user = await signUp(client, { tag: 'lighthouse', securityCode: '314159', profile: true });
  client.close();

  for (const route of routes) {
    const signedIn = !route.startsWith('/auth');
    // The token in the profile's localStorage (the default context, the one Lighthouse's tabs open in).
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${DEVTOOLS_PORT}`);
    const page = await (cdp.contexts()[0] ?? (await cdp.newContext())).newPage();
    await page.goto(`${server.baseUrl}/auth?lang=fr`);
    await page.evaluate(
      (token) => (token ? localStorage.setItem('token', token) : localStorage.removeItem('token')),
      signedIn ? user.token : '',
    );
    await page.close();
    await cdp.close();

    const url = `${server.baseUrl}${route}${route.includes('?') ? '&' : '?'}lang=fr`;
    const audit = async () => {
      const result = await lighthouse(url, {
        port: DEVTOOLS_PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      });
      if (!result) throw new Error(`no Lighthouse result for ${route}`);
      return result.lhr;
    };
    let lhr = await audit();
    if (lhr.categories.performance?.score === null || lhr.runtimeError) {
      // Under a heavy load the trace can miss its first paint (NO_FCP); say so and measure once more.
      const why =
        lhr.runtimeError?.message ?? lhr.audits['first-contentful-paint']?.errorMessage ?? 'no performance score';
      console.log(`${route.padEnd(14)} no performance score (${why}); once more`);
      lhr = await audit();
    }
    const failed = (lhr.categories.accessibility?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'notApplicable')
      .map((audit) => `${audit?.id}: ${audit?.title}`);
    const perf = lhr.categories.performance?.score ?? Number.NaN;
    const a11y = lhr.categories.accessibility?.score ?? Number.NaN;
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ]
      .map(
        (id) =>
          `${id.replace(/-/g, ' ').replace('first contentful paint', 'FCP').replace('largest contentful paint', 'LCP').replace('total blocking time', 'TBT').replace('cumulative layout shift', 'CLS')} ${lhr.audits[id]?.displayValue ?? '-'}`,
      )
      .join(', ');
    console.log(
      `${route.padEnd(14)} performance ${fmt(perf, 2)}  accessibility ${fmt(a11y, 2)}  (${metrics}; final URL ${new URL(lhr.finalDisplayedUrl).pathname})`,
    );
    for (const f of failed) console.log(`    accessibility audit failed: ${f}`);
    results.push({ route, performance: perf, accessibility: a11y, failed });
  }
} finally {
  browserProcess.kill('SIGTERM');
  await server.stop();
  rmSync(profile, { recursive: true, force: true });
}
for (const r of results) {
  emitMetric({
    metric: `Lighthouse performance ${r.route}`,
    value: fmt(r.performance, 2),
    goal: '>= 0.95',
    met: r.performance >= 0.95,
  });
  emitMetric({
    metric: `Lighthouse accessibility ${r.route}`,
    value: fmt(r.accessibility, 2),
    goal: '1.00',
    met: r.accessibility >= 1,
  });
}
