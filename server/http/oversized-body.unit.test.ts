import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { drainRequestBody } from './oversized-body.ts';

const asRequest = (stream: PassThrough) => stream as unknown as IncomingMessage;

describe('drainRequestBody', () => {
  it('resolves when the body ends', async () => {
    const body = new PassThrough();
    const drained = drainRequestBody(asRequest(body), { maxBytes: 1000, timeoutMs: 5000 });
    body.write(Buffer.alloc(100));
    body.end(Buffer.alloc(100));
    await expect(drained).resolves.toBeUndefined();
  });

  it('stops waiting past the byte bound, so a huge upload cannot hold the connection', async () => {
    const body = new PassThrough();
    const drained = drainRequestBody(asRequest(body), { maxBytes: 1000, timeoutMs: 60_000 });
    body.write(Buffer.alloc(600));
    body.write(Buffer.alloc(600));
    await expect(drained).resolves.toBeUndefined();
    expect(body.readableEnded).toBe(false);
  });

  it('stops waiting after the time bound, for a client that stalls', async () => {
    const body = new PassThrough();
    const started = Date.now();
    await drainRequestBody(asRequest(body), { maxBytes: 1000, timeoutMs: 50 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('returns at once for a body already read', async () => {
    const body = new PassThrough();
    body.end();
    body.resume();
    await new Promise((r) => body.once('end', r));
    await expect(drainRequestBody(asRequest(body))).resolves.toBeUndefined();
  });
});
