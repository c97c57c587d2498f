import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/config.ts';
import { fullForm, jpegBytes } from '../../server/modules/kyc/kyc.fixtures.ts';
import { KYC_BODY_LIMIT } from '../../server/modules/kyc/kyc.routes.ts';
import { signIn, testEnv } from '../support/identity.ts';
import { startTestApp } from '../support/test-app.ts';
import { testDatabaseUrl } from '../support/test-database.ts';
import { serverProgram } from '../support/server-program.ts';

// Debian's nginx with deploy/nginx.conf (only its addresses and paths changed) in front of two API
// processes, over HTTPS with a throwaway certificate.
const exec = promisify(execFile);
const nginxBinary = '/usr/sbin/nginx';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reverse-proxy-'));
const running = new Set<ChildProcess>();

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

function track(child: ChildProcess, name: string) {
  running.add(child);
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => (running.delete(child), resolve())));
  return { child, exited, output: () => output, name };
}

const webRoot = path.join(dir, 'web');
const apiPorts: number[] = [];

async function startApi(port: number) {
  const api = track(
    spawn(process.execPath, serverProgram('main'), {
      cwd: projectRoot,
      env: {
        ...process.env,
        DATABASE_URL: testDatabaseUrl(),
        PORT: String(port),
        LOG_LEVEL: 'warn',
        // nginx connects from 127.0.0.1: only it may say who the client is.
        TRUST_PROXY: '127.0.0.1',
        LOGIN_CODE_REQUESTS_PER_IP_PER_HOUR: '3',
        WEB_DIST_DIR: webRoot,
        CHAIN_WORKER: 'off',
        LIABILITIES_SNAPSHOT_CRON: 'off',
      },
    }),
    `api:${port}`,
  );
  for (let i = 0; i < 600 && !/ready in/.test(api.output()); i++) await new Promise((r) => setTimeout(r, 100));
  if (!/ready in/.test(api.output())) throw new Error(`API on ${port} did not start:\n${api.output()}`);
  return api;
}

let apis: Awaited<ReturnType<typeof startApi>>[] = [];
let httpsPort = 0;
let httpPort = 0;
let ca: Buffer;
let nginxProcess: ReturnType<typeof track> | undefined;

beforeAll(async () => {
  if (!fs.existsSync(nginxBinary)) {
    throw new Error('nginx is not installed: `apt-get install -y nginx-light` (Debian; .ci/run does it).');
  }
  // The built app's stand-in: what nginx serves from disk and the app's shell.
  fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Wallet shell</title>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-3f2a9c1d.js'), 'console.log("app");');
  await exec('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout',
    path.join(dir, 'key.pem'),
    '-out',
    path.join(dir, 'cert.pem'),
  ]);
  ca = fs.readFileSync(path.join(dir, 'cert.pem'));

  apiPorts.push(await freePort(), await freePort());
  apis = await Promise.all(apiPorts.map(startApi));
  [httpsPort, httpPort] = [await freePort(), await freePort()];

  const config = fs
    .readFileSync(path.join(projectRoot, 'deploy', 'nginx.conf'), 'utf8')
    .replace(/^user .*;$/m, 'user root;')
    .replace(/^pid .*;$/m, `pid ${dir}/nginx.pid;`)
    .replace(/^error_log .*;$/m, `error_log ${dir}/error.log warn;`)
    .replace(/access_log .*;/, `access_log ${dir}/access.log;`)
    .replace(/server 127\.0\.0\.1:3000/, `server 127.0.0.1:${apiPorts[0]}`)
    .replace(/server 127\.0\.0\.1:3001/, `server 127.0.0.1:${apiPorts[1]}`)
    .replace(/^\s*listen \[::\].*$/gm, '')
    .replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replace(/ssl_certificate .*;/, `ssl_certificate ${dir}/cert.pem;`)
    .replace(/ssl_certificate_key .*;/, `ssl_certificate_key ${dir}/key.pem;`)
    .replace(/root \/srv\/wallet\/dist\/web;/, `root ${webRoot};`);
  fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
  await exec(nginxBinary, ['-t', '-c', path.join(dir, 'nginx.conf'), '-p', dir]);
  const nginx = (nginxProcess = track(
    spawn(nginxBinary, ['-c', path.join(dir, 'nginx.conf'), '-p', dir, '-g', 'daemon off;']),
    'nginx',
  ));
  for (let i = 0; i < 100; i++) {
    if (
      await get('/api/health/').then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer:\n${nginx.output()}`);
}, 120_000);

afterAll(async () => {
  // nginx's master stops its workers on SIGTERM; a SIGKILL would leave them holding the ports.
  if (nginxProcess) {
    nginxProcess.child.kill('SIGTERM');
    await Promise.race([nginxProcess.exited, new Promise((r) => setTimeout(r, 5000))]);
  }
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const agents = new Map<string, https.Agent>();
/** An HTTPS request to nginx from a given loopback address (127.0.0.2 and so on are distinct clients). */
function request(
  method: string,
  url: string,
  options: { body?: string | Buffer; from?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const from = options.from ?? '127.0.0.1';
  let agent = agents.get(from);
  if (!agent) agents.set(from, (agent = new https.Agent({ ca, keepAlive: true, localAddress: from })));
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: httpsPort,
        method,
        path: url,
        agent,
        servername: 'localhost',
        headers: options.headers ?? (options.body ? { 'content-type': 'application/json' } : {}),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
const get = (url: string, from?: string) => request('GET', url, { from });

describe('behind nginx', () => {
  it('serves the app and the API over HTTPS and HTTP/2, with the cache rules of each', async () => {
    const shell = await get('/transactions');
    expect(shell.status).toBe(200);
    expect(shell.body).toContain('Wallet shell');
    expect(shell.headers['cache-control']).toBe('no-cache');

    const asset = await get('/assets/app-3f2a9c1d.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/missing-00000000.js')).status).toBe(404);

    const health = await get('/api/health/');
    expect(health.status).toBe(200);
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.headers.server).toBe('nginx');

    // HTTP/2 by ALPN.
    const session = http2.connect(`https://127.0.0.1:${httpsPort}`, { ca, servername: 'localhost' });
    const status = await new Promise<number>((resolve, reject) => {
      const stream = session.request({ ':path': '/api/health/' });
      stream.on('response', (headers) => resolve(Number(headers[':status'])));
      stream.on('error', reject);
      stream.end();
    });
    session.close();
    expect(status).toBe(200);

    // Plain HTTP is sent to HTTPS.
    const plain = await fetch(`http://127.0.0.1:${httpPort}/`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toMatch(/^https:\/\//);

    // The app's body limit at the proxy, answered as the API answers it.
    const large = await request('POST', '/api/auth/send_code/', { body: JSON.stringify({ pad: 'x'.repeat(200_000) }) });
    expect(large.status).toBe(413);
    expect(JSON.parse(large.body)).toEqual({ detail: 'Request body is too large.' });
  });

  it('takes an identity document of a phone photo’s size on the upload route, that route only', async () => {
    // The upload route's limit at the proxy is the app's own (KYC_BODY_LIMIT), written in kilobytes.
    const limit = /location = \/api\/kyc\/submissions\/ \{\s*client_max_body_size (\d+)k;/.exec(
      fs.readFileSync(path.join(projectRoot, 'deploy', 'nginx.conf'), 'utf8'),
    );
    expect(Number(limit?.[1]) * 1024).toBe(KYC_BODY_LIMIT);

    const t = await startTestApp({ env: testEnv });
    try {
      const alice = await signIn(t);
      // What FormData sends for a 300 KB photo of the front of a card.
      const form = {
        ...fullForm(),
        front: { bytes: Buffer.concat([jpegBytes(), randomBytes(300_000)]), type: 'image/jpeg' },
      };
      const data = new FormData();
      for (const [name, value] of Object.entries(form)) {
        if (typeof value === 'string') data.append(name, value);
        else data.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), `${name}.jpg`);
      }
      const encoded = new Request('https://wallet.example/', { method: 'POST', body: data });
      const body = Buffer.from(await encoded.arrayBuffer());
      expect(body.length).toBeGreaterThan(300_000);
      const res = await request('POST', '/api/kyc/submissions/', {
        body,
        headers: { 'content-type': encoded.headers.get('content-type') ?? '', authorization: `Bearer ${alice.token}` },
      });
      expect(res.status, res.body).toBe(201);
      // Any other route still stops at 100k: the same body is refused before the app.
      const elsewhere = await request('POST', '/api/kyc/submissions/other/', { body });
      expect(elsewhere.status).toBe(413);
    } finally {
      await t.close();
    }
  });

  it('limits sign-in per client address, not per proxy', async () => {
    const ask = (from: string) =>
      request('POST', '/api/auth/send_code/', {
        from,
        body: JSON.stringify({ email: `proxy-${Math.random().toString(36).slice(2)}@example.com`, language: 'en' }),
      });
    for (let i = 0; i < 3; i++) expect((await ask('127.0.0.2')).status).toBe(200);
    expect((await ask('127.0.0.2')).status).toBe(429);
    // Another customer behind the same proxy is not locked out.
    expect((await ask('127.0.0.3')).status).toBe(200);
  });

  it('drops no request while the two API processes restart one after the other', async () => {
    let stop = false;
    const tally = { sent: 0, errors: 0, byStatus: new Map<number, number>() };
    const client = async (n: number) => {
      const from = `127.0.1.${n}`;
      const calls = [
        () => get('/api/health/', from),
        () => get('/settings', from),
        () =>
          request('POST', '/api/transactions/', {
            from,
            body: '{"amount":"1.00","contact":1,"security_code":"123456"}',
          }),
      ];
      for (let i = 0; !stop; i++) {
        tally.sent++;
        try {
          const call = calls[i % calls.length];
          if (!call) break;
          const res = await call();
          tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);
          if (res.status >= 500) tally.errors++;
        } catch {
          tally.errors++;
        }
      }
    };
    const load = Promise.all([1, 2, 3, 4].map(client));
    const started = Date.now();
    for (let i = 0; i < apis.length; i++) {
      const old = apis[i];
      if (!old) continue;
      old.child.kill('SIGTERM');
      await old.exited;
      apis[i] = await startApi(apiPorts[i] ?? 0);
      await new Promise((r) => setTimeout(r, 500));
    }
    stop = true;
    await load;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `rolling restart behind nginx: ${tally.sent} requests in ${seconds} s, ${tally.errors} errors; by status ` +
        JSON.stringify(Object.fromEntries(tally.byStatus)),
    );
    expect(tally.sent).toBeGreaterThan(100);
    expect(tally.errors).toBe(0);
  }, 180_000);
});
