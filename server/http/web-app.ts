import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { genericMessages } from '../../common/api/errors.ts';

/** Paths that belong to the server: an unknown one is a JSON 404, never the app's index.html. */
const serverPrefixes = ['/api/', '/sandbox/', '/explorer/'];

const isServerPath = (url: string) => url === '/api' || serverPrefixes.some((p) => url.startsWith(p));

/**
 * Serves the built web app (Vite's `dist/web`) with an SPA fallback: any other GET that asks for HTML gets
 * index.html and the client router decides. Hashed assets are cached for a year; the HTML and the service worker
 * never, so a deploy reaches every phone on its next load.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/vite-precompress.ts).
      preCompressed: true,
      setHeaders(reply, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (isServerPath(pathname) || request.method !== 'GET' || !wantsHtml) {
      return reply.code(404).send({ detail: genericMessages.notFound });
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
