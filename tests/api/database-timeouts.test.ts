import net from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { call, ensureRates, signIn, testEnv } from '../support/identity.ts';
import { startTestApp } from '../support/test-app.ts';
import { testDatabaseUrl } from '../support/test-database.ts';

// Database work is bounded. Each wait below used to last until the process was killed; every
// fetch here has a generous abort of its own, so the "before" fails instead of hanging the run.
const patience = () => AbortSignal.timeout(10_000);
const running: { close(): Promise<void> | void }[] = [];
afterAll(async () => {
  for (const item of running.reverse()) await item.close();
});

describe('a request blocked on a row lock held elsewhere', () => {
  it('gets a 503 with Retry-After once DB_LOCK_TIMEOUT_MS has passed', async () => {
    const t = await startTestApp({ env: { ...testEnv, DB_LOCK_TIMEOUT_MS: '500' }, databaseTimeouts: true });
    running.push(t);
    await ensureRates(t);
    const s = await signIn(t);
    const other = new pg.Client({ connectionString: testDatabaseUrl() });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [s.userId]);
      const res = await fetch(`${t.baseUrl}/api/users/${s.userId}/security_code/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ security_code: '246810' }),
        signal: patience(),
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBeTruthy();
    } finally {
      await other.query('ROLLBACK');
      await other.end();
    }
    // Nothing was half written: once the lock is gone the same request succeeds.
    const again = await call(t, 'POST', `/api/users/${s.userId}/security_code/`, {
      token: s.token,
      body: { security_code: '246810' },
    });
    expect(again.status).toBe(200);
  });
});

/**
 * A TCP proxy to the test database whose connections can be made silent: no data either way and no RST, as when
 * the database host vanishes in a failover. `fail()` silences every open connection for good and every new one
 * until `recover()`, after which new connections reach the database again ("the replica took over").
 */
async function silenceableProxy(target: URL) {
  let down = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('error', () => {});
    client.on('close', () => sockets.delete(client));
    if (down) return; // accepted, never answered
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => sockets.delete(upstream));
    let silent = false;
    silencers.add(() => (silent = true));
    client.on('data', (chunk) => !silent && upstream.write(chunk));
    upstream.on('data', (chunk) => !silent && client.write(chunk));
    client.on('close', () => !silent && upstream.destroy());
  });
  const silencers = new Set<() => void>();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.port = String(address.port);
  url.hostname = '127.0.0.1';
  return {
    url: url.toString(),
    fail() {
      down = true;
      for (const silence of silencers) silence();
    },
    recover() {
      down = false;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe('the database host goes silent (no RST), then a new one answers', () => {
  it('answers 503 in bounded time, and health is back without a restart', async () => {
    const proxy = await silenceableProxy(new URL(testDatabaseUrl()));
    running.push(proxy);
    const t = await startTestApp({
      databaseUrl: proxy.url,
      databaseTimeouts: true,
      env: { DB_QUERY_TIMEOUT_MS: '1000', DB_STATEMENT_TIMEOUT_MS: '800' },
    });
    running.push(t);
    const health = () => fetch(`${t.baseUrl}/api/health/`, { signal: patience() }).then((r) => r.status);
    // A few pooled connections, as a loaded server has.
    expect(await Promise.all([health(), health(), health()])).toEqual([200, 200, 200]);

    proxy.fail();
    expect(await Promise.all([health(), health(), health()])).toEqual([503, 503, 503]);

    proxy.recover();
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = await health();
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
  });
});

describe('a request that takes longer than REQUEST_HANDLER_TIMEOUT_MS', () => {
  it('is answered 503 with Retry-After, not left hanging', async () => {
    const t = await startTestApp({
      env: { REQUEST_HANDLER_TIMEOUT_MS: '300' },
      extend(app) {
        app.get('/api/probe/slow/', async () => {
          await new Promise((r) => setTimeout(r, 3_000));
          return { done: true };
        });
      },
    });
    running.push(t);
    const res = await fetch(`${t.baseUrl}/api/probe/slow/`, { signal: patience() });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(await res.json()).toEqual({ detail: 'Service temporarily unavailable. Try again shortly.' });
  });
});
