import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testEnv } from '../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../tests/support/test-app.ts';

/**
 * The request log at the server's own configuration (info): one line per request, written with its answer, that
 * carries what Fastify's two lines carried (the request id, the request with its URL redacted, the status and the
 * duration) and the route template (ADR 010).
 */
let t: TestApp;
const log: Record<string, unknown>[] = [];
beforeAll(async () => {
  t = await startTestApp({
    env: { ...testEnv, LOG_LEVEL: 'info' },
    deps: { logger: undefined, logStream: { write: (line) => log.push(JSON.parse(line) as Record<string, unknown>) } },
  });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  log.length = 0;
});

const linesOf = (reqId: string) => log.filter((line) => line.reqId === reqId);

describe('request log', () => {
  it('writes one line per request, with the request, its route, status and duration', async () => {
    const res = await fetch(`${t.baseUrl}/api/health/`, { headers: { 'x-request-id': 'log-one-line' } });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(linesOf('log-one-line')).toHaveLength(1));
    expect(linesOf('log-one-line')[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health/', host: expect.any(String), remoteAddress: expect.any(String) },
      res: { statusCode: 200 },
      route: '/api/health/',
      responseTime: expect.any(Number),
    });
    expect(log.some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it('redacts capabilities in the URL of that line and names the route template', async () => {
    const res = await fetch(`${t.baseUrl}/api/withdrawals/s3cretQrToken/?code=123456`, {
      headers: { 'x-request-id': 'log-redacted' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    await vi.waitFor(() => expect(linesOf('log-redacted')).toHaveLength(1));
    const [line] = linesOf('log-redacted');
    expect(line).toMatchObject({
      req: { url: '/api/withdrawals/[redacted]/?code=[redacted]' },
      res: { statusCode: res.status },
      route: '/api/withdrawals/:token/',
    });
    expect(JSON.stringify(log)).not.toContain('s3cretQrToken');
    expect(JSON.stringify(log)).not.toContain('123456');
  });

  it('leaves a line for a request whose client left before the answer', async () => {
    // A body announced longer than what is sent: the server waits for the rest when the client goes away.
    // The server's 'request' listeners run after Fastify's own, which has routed the request by then.
    const received = new Promise((resolve) => t.app.server.once('request', resolve));
    const socket = connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/auth/send_code/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\nX-Request-Id: log-aborted\r\n\r\n{"email"',
    );
    await received;
    socket.destroy();
    // (The body parser's own 'aborted' error is logged too, as before.)
    const aborted = () => linesOf('log-aborted').filter((line) => line.msg === 'request aborted');
    await vi.waitFor(() => expect(aborted()).toHaveLength(1));
    expect(aborted()[0]).toMatchObject({
      level: 30,
      req: { method: 'POST', url: '/api/auth/send_code/' },
      route: '/api/auth/send_code/',
    });
  });
});
