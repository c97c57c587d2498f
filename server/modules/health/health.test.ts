import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health/', () => {
  it('answers 200 with the database up and the version', async () => {
    const res = await fetch(`${t.baseUrl}/api/health/`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'up', version: expect.any(String) });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a well-formed incoming request id and replaces a malformed one', async () => {
    const kept = await fetch(`${t.baseUrl}/api/health/`, { headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    const replaced = await fetch(`${t.baseUrl}/api/health/`, { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(replaced.headers.get('x-request-id')).not.toContain(' ');
  });
});

describe('when the database is unreachable', () => {
  let down: TestApp;
  beforeAll(async () => {
    // A port where nothing listens stands for a database that went away.
    down = await startTestApp({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
  });
  afterAll(async () => {
    await down.close();
  });

  it('health answers 503 with database down, not a 500', async () => {
    const res = await fetch(`${down.baseUrl}/api/health/`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'unavailable', database: 'down' });
  });
});
