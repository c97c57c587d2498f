import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Everything is same-origin and self-hosted (DESIGN.md section 6): no inline scripts, no third-party origins.
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

export async function registerSecurityHeaders(app: FastifyInstance, production: boolean): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: production ? { ...contentSecurityPolicy, 'upgrade-insecure-requests': [] } : contentSecurityPolicy,
    },
    // HSTS only where TLS is guaranteed to be in front: production.
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // API answers are personal and change with every movement of money: never cached anywhere.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
