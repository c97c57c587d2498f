/// <reference lib="dom" />
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startBenchServer } from '../bench/server-process.ts';
import { chromiumLaunch } from '../playwright.config.ts';
import { projectRoot } from '../server/config.ts';

// `node --import tsx scripts/screenshots.ts /auth /auth/step1 '/auth?role=banker'`: each path at 390x844 in
// French and Arabic, into .data/screenshots/, from the real server on its own embedded database. Set TOKEN to
// a bearer token to look at screens behind the login. Open the PNGs: a screen nobody looked at is not done.
// SCREENSHOT_PORT (default 3902) lets several checkouts take screenshots side by side; SCREENSHOT_SIZE=360x740
// and SCREENSHOT_LANGS=fr,ar,en change the viewport and the languages.
const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error('usage: node --import tsx scripts/screenshots.ts <path> [<path>…]');
  process.exit(2);
}
const out = path.join(projectRoot, '.data', 'screenshots');
await fs.mkdir(out, { recursive: true });
const port = Number(process.env.SCREENSHOT_PORT ?? 3902);
const [width = 390, height = 844] = (process.env.SCREENSHOT_SIZE ?? '390x844').split('x').map(Number);
const langs = (process.env.SCREENSHOT_LANGS ?? 'fr,ar').split(',');
const server = await startBenchServer(port, `.data/screenshots-pg-${port}`);
const browser = await chromium.launch(chromiumLaunch);
try {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  if (process.env.TOKEN) {
    await page.goto(`${server.baseUrl}/auth`);
    await page.evaluate((token) => localStorage.setItem('token', token), process.env.TOKEN);
  }
  for (const target of paths) {
    for (const lang of langs) {
      const url = new URL(target, server.baseUrl);
      url.searchParams.set('lang', lang);
      await page.goto(url.toString(), { waitUntil: 'networkidle' });
      const name = `${target.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${lang}-${width}.png`;
      await page.screenshot({ path: path.join(out, name), fullPage: true });
      console.log(path.join(out, name));
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
