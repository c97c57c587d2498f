/// <reference lib="dom" />
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { startBenchServer } from '../bench/server-process.ts';
import { chromiumLaunch } from '../playwright.config.ts';
import { projectRoot } from '../server/config.ts';

// `node --import tsx scripts/screenshots.ts /auth /auth/step1 '/auth?role=banker'`: each path at 390x844 in
// French and Arabic, into .data/screenshots/, from the real server on its own embedded database. Set TOKEN to
// a bearer token to look at screens behind the login. Open the PNGs: a screen nobody looked at is not done.
// SCREENSHOT_PORT (default 3902) lets several checkouts take screenshots side by side; SCREENSHOT_SIZE=360x740
// and SCREENSHOT_LANGS=fr,ar,en change the viewport and the languages. SCREENSHOT_AS=operator signs in a new
// back-office operator (made by `operator:add` on the screenshot server's database) for the /ops screens:
// `SCREENSHOT_AS=operator SCREENSHOT_SIZE=1280x800 node --import tsx scripts/screenshots.ts /ops /ops/transactions`.
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
const dataDir = `.data/screenshots-pg-${port}`;
const server = await startBenchServer(port, dataDir);
const browser = await chromium.launch(chromiumLaunch);

/** A new operator on the screenshot server's own database, signed in through the API with a security code. */
async function operatorToken(baseUrl: string): Promise<string> {
  const email = `screenshots-operator-${Date.now()}@example.com`;
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/cli/admin.ts', 'operator:add', '--email', email, '--first-name', 'Salma', '--last-name', 'Idrissi'],
    // The same embedded database the bench server runs on (server-process.ts picks its port the same way).
    { cwd: projectRoot, env: { ...process.env, DATABASE_URL: '', EMBEDDED_PG_DIR: dataDir, EMBEDDED_PG_PORT: String(54_400 + (port % 100)) } },
  );
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  await post('/api/auth/send_code/', { email, language: 'fr' });
  const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox/?to=${encodeURIComponent(email)}`)).json()) as {
    results: { code: string | null }[];
  };
  const verified = (await (await post('/api/auth/verify_code/', { email, code: outbox.results.find((m) => m.code)?.code })).json()) as {
    access: string;
    user_id: number;
  };
  await post(`/api/users/${verified.user_id}/security_code/`, { security_code: '246810' }, verified.access);
  return verified.access;
}

try {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  const token = process.env.SCREENSHOT_AS === 'operator' ? await operatorToken(server.baseUrl) : process.env.TOKEN;
  if (token) {
    await page.goto(`${server.baseUrl}/auth`);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
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
