import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config.ts';
import { startBenchServer } from './server-process.ts';

// `node --import tsx bench/bundle-size.ts [path]`: the JavaScript a phone downloads on its first visit to a route
// (default /auth?lang=fr), measured in a real browser: raw bytes, gzip -9 size, and the bytes actually sent
// (the server serves the build's precompressed brotli files).
const route = process.argv[2] ?? '/auth?lang=fr';
const server = await startBenchServer(3901);
const browser = await chromium.launch(chromiumLaunch);
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const scripts: { url: string; raw: number; gzip: number; sent: number; encoding: string }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || url.pathname === '/service-worker.js' || url.pathname.startsWith('/workbox-')) return;
    void (async () => {
      const body = await response.body();
      const sizes = await response.request().sizes();
      scripts.push({
        url: url.pathname,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        sent: sizes.responseBodySize,
        encoding: (await response.allHeaders())['content-encoding'] ?? 'identity',
      });
    })();
  });
  await page.goto(`${server.baseUrl}${route}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  const sum = (key: 'raw' | 'gzip' | 'sent') => scripts.reduce((t, s) => t + s[key], 0);
  for (const s of scripts.sort((a, b) => b.raw - a.raw)) {
    console.log(`  ${s.url.padEnd(48)} raw ${kb(s.raw).padStart(9)}  gzip ${kb(s.gzip).padStart(8)}  sent ${kb(s.sent).padStart(8)} (${s.encoding})`);
  }
  console.log(`first load of ${route}: ${scripts.length} scripts, raw ${kb(sum('raw'))}, gzip ${kb(sum('gzip'))}, sent ${kb(sum('sent'))}`);
} finally {
  await browser.close();
  await server.stop();
}
