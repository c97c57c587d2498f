import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app.ts';

// Two HTTP defects once found, as a monitor, a link preview or a plain HTTP client meets them.
let t: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Wallet shell</title>');
  t = await startTestApp({ env: { WEB_DIST_DIR: distDir, BODY_LIMIT_BYTES: '102400' } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the app shell', () => {
  it('answers / and app routes with the shell whatever the Accept header', async () => {
    for (const [route, accept] of [
      ['/', undefined],
      ['/', '*/*'],
      ['/transactions/12', 'application/json'],
      ['/settings', 'text/html'],
    ] as const) {
      const res = await fetch(`${t.baseUrl}${route}`, { headers: accept ? { accept } : {} });
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('Wallet shell');
    }
  });

  it('answers HEAD like GET, for uptime monitors', async () => {
    const res = await fetch(`${t.baseUrl}/`, { method: 'HEAD' });
    expect(res.status).toBe(200);
  });

  it('keeps a JSON 404 for server paths, other methods and missing files', async () => {
    for (const [method, route] of [
      ['GET', '/api/nothing/'],
      ['GET', '/explorer/nothing/'],
      ['POST', '/somewhere'],
      ['GET', '/assets/missing-1234.js'],
    ] as const) {
      const res = await fetch(`${t.baseUrl}${route}`, { method });
      expect(res.status, `${method} ${route}`).toBe(404);
      expect(await res.text()).not.toContain('Wallet shell');
    }
  });
});

/**
 * Posts `size` bytes in 64 KiB pieces a few milliseconds apart, as a phone on a slow uplink does: the server has
 * refused the body long before the last piece, so a server that closes at once makes the next write fail.
 */
interface LargePost {
  status?: number;
  body?: string;
  error?: string;
  sentBeforeAnswer?: number;
}

function postLarge(baseUrl: string, size: number, chunked: boolean): Promise<LargePost> {
  const url = new URL('/api/auth/login/', baseUrl);
  return new Promise((resolve) => {
    const seen: LargePost = {};
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: url.pathname,
        headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(size) }) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => Object.assign(seen, { status: res.statusCode, body, sentBeforeAnswer: sent }));
      },
    );
    // A reset after the answer is still a defect: most clients fail on the write error before reading the answer.
    req.on('error', (e: NodeJS.ErrnoException) => (seen.error ??= e.code ?? e.message));
    req.on('close', () => setTimeout(() => resolve(seen), 20));
    const chunk = Buffer.alloc(64 * 1024, 97);
    let sent = 0;
    const write = () => {
      if (req.destroyed) return;
      if (sent >= size) return void req.end();
      sent += chunk.length;
      req.write(chunk, () => setTimeout(write, 3));
    };
    write();
  });
}

describe('a body over the limit', () => {
  it('gets its 413 once it has sent the body, never a connection reset, with or without a length', async () => {
    const size = 2 * 1024 * 1024;
    for (const chunked of [false, true]) {
      const answer = await postLarge(t.baseUrl, size, chunked);
      // Answered only after the whole body was read: a client still writing would otherwise meet a closed socket.
      expect(answer, chunked ? 'chunked' : 'content-length').toEqual({
        status: 413,
        body: JSON.stringify({ detail: 'Request body is too large.' }),
        sentBeforeAnswer: size,
      });
    }
  });
});
