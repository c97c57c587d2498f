import type { IncomingMessage } from 'node:http';

/** How much of a refused body is read and thrown away so the client sees the 413 instead of a reset. */
export const drainLimits = { maxBytes: 16 * 1024 * 1024, timeoutMs: 10_000 };

/**
 * Reads and discards what is left of a request body, up to a bound, before a refusal is sent.
 *
 * Why: after a 413 the server closes the connection; if the client is still writing its body, the close turns
 * into EPIPE / ECONNRESET on its side and many clients (Node's http, some mobile stacks) never read the answer.
 * Draining lets the client finish writing and read the 413. The bound keeps a hostile upload from holding the
 * connection: past `maxBytes` or `timeoutMs` the answer goes out anyway and the connection is closed.
 */
export function drainRequestBody(raw: IncomingMessage, limits = drainLimits): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('close', finish);
      raw.off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limits.maxBytes) finish();
    };
    const timer = setTimeout(finish, limits.timeoutMs);
    raw.on('data', onData);
    raw.once('end', finish);
    raw.once('close', finish);
    raw.once('error', finish);
    raw.resume();
  });
}
