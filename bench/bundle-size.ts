import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config.ts';
import { BenchClient, benchServerLimits, signUp } from './api-client.ts';
import { emitMetric } from './report.ts';
import { benchPort, startBenchServer } from './server-process.ts';

// `node --import tsx bench/bundle-size.ts [path…]`: the JavaScript a phone downloads on its first visit to a route
// (default /auth?lang=fr and /?lang=fr), measured in a real browser: raw bytes, gzip -9 size, and the bytes
// actually sent (the server serves the build's precompressed brotli files). Routes outside /auth are opened
// signed in (a customer signed up through the API, the token where the app keeps it), each in a fresh context.
const routes = process.argv.length > 2 ? process.argv.slice(2) : ['/auth?lang=fr', '/?lang=fr'];
const GOAL_KB = 120;
const server = await startBenchServer(benchPort(1), '.data/bench-pg', { env: benchServerLimits });
const browser = await chromium.launch(chromiumLaunch);
try {
  const client = new BenchClient(server.baseUrl);
  const needsUser = routes.some((r) => !r.startsWith('/auth'));
  const user = needsUser ? await signUp(client, { tag: 'bundle', securityCode: '271828', profile: true }) : undefined;
  client.close();
  for (const route of routes) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    if (user && !route.startsWith('/auth'))
      await page.addInitScript((token) => localStorage.setItem('token', token), user.token);
    const scripts: { url: string; raw: number; gzip: number; sent: number; encoding: string }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (
        !url.pathname.endsWith('.js') ||
        url.pathname === '/service-worker.js' ||
        url.pathname.startsWith('/workbox-')
      )
        return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          scripts.push({
            url: url.pathname,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            sent: sizes.responseBodySize,
            encoding: (await response.allHeaders())['content-encoding'] ?? 'identity',
          });
        })(),
      );
    });
    await page.goto(`${server.baseUrl}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await Promise.all(pending);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    const sum = (key: 'raw' | 'gzip' | 'sent') => scripts.reduce((t, s) => t + s[key], 0);
    for (const s of scripts.sort((a, b) => b.raw - a.raw)) {
      console.log(
        `  ${s.url.padEnd(48)} raw ${kb(s.raw).padStart(9)}  gzip ${kb(s.gzip).padStart(8)}  sent ${kb(s.sent).padStart(8)} (${s.encoding})`,
      );
    }
    console.log(
      `first load of ${route} (final ${new URL(page.url()).pathname}): ${scripts.length} scripts, raw ${kb(sum('raw'))}, gzip ${kb(sum('gzip'))}, sent ${kb(sum('sent'))}`,
    );
    emitMetric({
      metric: `first-load JS ${route.split('?')[0]} (gzip)`,
      value: kb(sum('gzip')),
      goal: `< ${GOAL_KB} kB`,
      met: sum('gzip') < GOAL_KB * 1024,
    });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
