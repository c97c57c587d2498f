import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/config.ts';
import { connectDatabase } from '../../server/db/database.ts';
import { fundWallet } from '../support/factories.ts';
import { ensureRates } from '../support/identity.ts';
import { testDatabaseUrl } from '../support/test-database.ts';
import { serverProgram } from '../support/server-program.ts';

// The Prometheus port: `npm start`'s server with METRICS_PORT, one process and a cluster of two.
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

async function startServer(processes: number, metricsPort: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, serverProgram('serve'), {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: testDatabaseUrl(),
      PORT: '0',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: String(processes),
      METRICS_PORT: String(metricsPort),
      CHAIN_WORKER: 'off',
      LIABILITIES_SNAPSHOT_CRON: 'off',
      ...env,
    },
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => (running.delete(child), resolve())));
  const ready =
    processes === 1
      ? /ready in [\d.]+ s on (http:\/\/[\d.]+:\d+)\//
      : /API processes ready in [\d.]+ s on (http:\/\/[\d.]+:\d+)\//;
  for (let i = 0; i < 1200; i++) {
    const found = ready.exec(output);
    if (found && output.includes('/metrics'))
      return { url: found[1] ?? '', stop: () => (child.kill('SIGTERM'), exited) };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not start:\n${output}`);
}

/** The value of one series in Prometheus' text format (`name{labels} value`), undefined when absent. */
function series(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

const CODE = '135790';

/** A customer signed up over HTTP with the sign-in code from the dev outbox, and a security code. */
async function customer(url: string): Promise<{ email: string; token: string; id: number }> {
  const email = `metrics-${randomUUID()}@example.com`;
  const json = { 'content-type': 'application/json' };
  expect(
    (await fetch(`${url}/api/auth/send_code/`, { method: 'POST', headers: json, body: JSON.stringify({ email }) }))
      .status,
  ).toBe(200);
  const outbox = (await (await fetch(`${url}/api/dev/outbox/?to=${encodeURIComponent(email)}`)).json()) as {
    results: { code: string | null }[];
  };
  const code = outbox.results.find((m) => m.code)?.code;
  const verified = await fetch(`${url}/api/auth/verify_code/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, code }),
  });
  expect(verified.status).toBe(200);
  const { access: token, user_id: id } = (await verified.json()) as { access: string; user_id: number };
  const set = await fetch(`${url}/api/users/${id}/security_code/`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({ security_code: CODE }),
  });
  expect(set.status, await set.text()).toBeLessThan(300);
  return { email, token, id };
}

describe('the metrics port', () => {
  for (const processes of [1, 2]) {
    it(`counts every API process's requests and money operations (${processes} process${processes > 1 ? 'es' : ''})`, async () => {
      const metricsPort = await freePort();
      const server = await startServer(processes, metricsPort);
      try {
        const health = 10;
        for (let i = 0; i < health; i++) expect((await fetch(`${server.url}/api/health/`)).status).toBe(200);
        // A send without a session: refused, and counted as a refused send.
        const send = await fetch(`${server.url}/api/transactions/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ amount: '10.00', contact: 1, security_code: '123456' }),
        });
        expect(send.status).toBe(401);

        const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('text/plain');
        const text = await res.text();
        // Summed across the processes: each request counted once, whichever process served it.
        expect(series(text, 'wallet_http_requests_total', 'method="GET",route="/api/health/",status="200"')).toBe(
          health,
        );
        expect(
          series(text, 'wallet_http_request_duration_seconds_count', 'method="GET",route="/api/health/",status="200"'),
        ).toBe(health);
        expect(series(text, 'wallet_money_operations_total', 'kind="send",outcome="refused"')).toBe(1);
        expect(series(text, 'wallet_anchoring_backlog')).toBeGreaterThanOrEqual(0);
        expect(series(text, 'wallet_outbox_dead_letters')).toBeGreaterThanOrEqual(0);
        expect(series(text, 'wallet_ledger_entries')).toBeGreaterThanOrEqual(0);
        expect(series(text, 'wallet_db_pool_connections', 'state="total"')).toBeGreaterThanOrEqual(1);
        expect(text).toContain('nodejs_eventloop_lag_seconds');
        // Never on the public port.
        expect(await (await fetch(`${server.url}/metrics`)).text()).not.toContain('wallet_http_requests_total');
      } finally {
        await server.stop();
      }
    }, 120_000); // processes start on a machine shared with other test runs: not a speed assertion
  }

  it('counts the writes of group commit and the sends they carried', async () => {
    const metricsPort = await freePort();
    const server = await startServer(1, metricsPort, {
      SEND_BATCH: 'on',
      SEND_BATCH_IN_FLIGHT: '1',
      EXPOSE_DEV_ROUTES: 'true',
    });
    const database = connectDatabase({ url: testDatabaseUrl(), poolMax: 1 });
    try {
      await ensureRates({ database });
      const [sender, recipient] = [await customer(server.url), await customer(server.url)];
      await fundWallet(database.db, sender.id, 1_000_00n);
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${sender.token}` };
      const contact = await fetch(`${server.url}/api/contacts/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ first_name: 'Amina', last_name: 'Benali', email: recipient.email }),
      });
      expect(contact.status).toBe(201);
      const { id } = (await contact.json()) as { id: number };
      const send = async () =>
        (
          await fetch(`${server.url}/api/transactions/`, {
            method: 'POST',
            headers: { ...headers, 'idempotency-key': randomUUID() },
            body: JSON.stringify({ amount: '10.00', contact: id, security_code: CODE }),
          })
        ).status;
      const counted = async () => {
        const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
        return {
          writes: series(text, 'wallet_send_writes_total') ?? 0,
          sends: series(text, 'wallet_send_writes_sends_total') ?? 0,
          alone: series(text, 'wallet_send_writes_alone_total'),
        };
      };
      // The sender's first send takes two round trips (this process reads the security code's salt first): apart.
      expect(await send()).toBe(201);
      const before = await counted();
      // Sent at once: those that arrive while a write is under way leave together in the next one.
      const sends = 12;
      expect(await Promise.all(Array.from({ length: sends }, send))).toEqual(Array.from({ length: sends }, () => 201));

      const after = await counted();
      // Each send carried by one write, and a write carries one send or several.
      expect(after.sends - before.sends).toBe(sends);
      expect(after.writes - before.writes).toBeGreaterThanOrEqual(1);
      expect(after.writes - before.writes).toBeLessThanOrEqual(sends);
      expect(after.alone).toBe(0);
    } finally {
      await database.close();
      await server.stop();
    }
  }, 120_000);
});
