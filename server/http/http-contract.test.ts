import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionEnv } from '../../tests/support/production-env.ts';
import { startTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { fieldError, notFound } from './http-error.ts';

// A probe route registered only in this test, to exercise the contract every real route shares.
const probeBody = z.object({
  amount: z.number().positive(),
  contact: z.number().int(),
  address: z.object({ city: z.string().min(1) }).optional(),
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { BODY_LIMIT_BYTES: '2048' },
    extend(app) {
      const typed = app.withTypeProvider<ZodTypeProvider>();
      typed.post('/api/probe/', { schema: { body: probeBody } }, async (req) => ({
        ok: true,
        amount: req.body.amount,
      }));
      typed.get('/api/probe/fail/', async () => {
        throw new Error('secret internal detail at /srv/app.ts:42');
      });
      typed.get('/api/probe/field/', async () => {
        throw fieldError('amount', 'Not enough funds');
      });
      typed.get('/api/probe/missing/', async () => {
        throw notFound();
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, body: string, contentType = 'application/json') =>
  fetch(`${t.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });

describe('the API error contract', () => {
  it('accepts a valid body', async () => {
    const res = await post('/api/probe/', JSON.stringify({ amount: 10, contact: 3 }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, amount: 10 });
  });

  it('turns validation errors into field messages, nested fields dotted', async () => {
    const res = await post('/api/probe/', JSON.stringify({ amount: -1, address: { city: '' } }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, string[]>;
    expect(Object.keys(body).sort()).toEqual(['address.city', 'amount', 'contact']);
    expect(body.contact).toEqual(['This field is required.']);
    expect(body.amount?.[0]).toMatch(/./);
  });

  it('answers a body that is not an object with a detail message', async () => {
    const res = await post('/api/probe/', '[1,2]');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: expect.any(String) });
  });

  it('rejects malformed JSON with 400 and a JSON message', async () => {
    const res = await post('/api/probe/', '{"amount": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: 'Malformed JSON body.' });
  });

  it('rejects a wrong content type with 415', async () => {
    const res = await post('/api/probe/', 'amount=1', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ detail: 'Unsupported media type: send application/json.' });
  });

  it('rejects a body over the size limit with 413', async () => {
    const res = await post('/api/probe/', JSON.stringify({ amount: 1, contact: 1, pad: 'x'.repeat(5000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: 'Request body is too large.' });
  });

  it('sends service errors as they are', async () => {
    const field = await fetch(`${t.baseUrl}/api/probe/field/`);
    expect(field.status).toBe(400);
    expect(await field.json()).toEqual({ amount: ['Not enough funds'] });
    const missing = await fetch(`${t.baseUrl}/api/probe/missing/`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: 'Not found.' });
  });

  it('never leaks an internal error', async () => {
    const res = await fetch(`${t.baseUrl}/api/probe/fail/`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ detail: 'An unexpected error occurred.' });
    expect(text).not.toContain('secret');
    expect(text).not.toContain('.ts');
  });

  it('answers unknown API paths with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await fetch(`${t.baseUrl}/api/does-not-exist/`, {
        method,
        headers: { accept: 'text/html' },
      });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('publishes OpenAPI and a self-hosted docs page', async () => {
    const spec = await fetch(`${t.baseUrl}/api/openapi.json`);
    expect(spec.status).toBe(200);
    const doc = (await spec.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/health/');
    const page = await fetch(`${t.baseUrl}/api/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toContain('swagger-ui-bundle.js');
  });

  it('serves no API reference in production: neither the page nor the OpenAPI document', async () => {
    const prod = await startTestApp({ env: productionEnv });
    try {
      for (const url of [
        '/api/docs',
        '/api/docs/',
        '/api/docs/json',
        '/api/docs/static/index.html',
        '/api/openapi.json',
      ]) {
        const res = await fetch(`${prod.baseUrl}${url}`);
        expect(res.status, url).toBe(404);
        expect(await res.text(), url).not.toMatch(/swagger|openapi/i);
      }
    } finally {
      await prod.close();
    }
  });

  it('sends the security headers: CSP without inline scripts, worker-src blob:', async () => {
    const res = await fetch(`${t.baseUrl}/api/health/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("worker-src 'self' blob:");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
