import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Everything is same-origin and self-hosted: no inline scripts, no third-party origins.
 * `worker-src blob:` is for the QR scanner's bundled worker; `img-src data: blob:` for generated QR codes.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * helmet's headers for these options, worked out once: which it sets (in its order) and which it removes. Every
 * option here is a constant (no per-request CSP nonce), so helmet's answer is the same for every request; the
 * Fastify plugin (@fastify/helmet) rebuilt helmet from the options on each request, CSP directives parsed again,
 * about 2 % of an API process's busy time under the list bench (ADR 010).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): { set: [string, string][]; remove: string[] } {
  const set: [string, string][] = [];
  const remove: string[] = [];
  const response = {
    setHeader: (name: string, value: string) => set.push([name, value]),
    removeHeader: (name: string) => remove.push(name),
  };
  // helmet throws on options it refuses (since 8.1 it no longer passes errors to next).
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return { set, remove };
}

export async function registerSecurityHeaders(app: FastifyInstance, production: boolean): Promise<void> {
  const { set, remove } = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: production ? { ...contentSecurityPolicy, 'upgrade-insecure-requests': [] } : contentSecurityPolicy,
    },
    // HSTS only where TLS is guaranteed to be in front: production.
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // On every answer, before any route runs (as the plugin did, on the raw response, so a route may still override).
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    for (const name of remove) reply.raw.removeHeader(name);
    done();
  });
  // API answers are personal and change with every movement of money: never cached anywhere.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
