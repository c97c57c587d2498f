import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { genericMessages } from '../../common/api/errors.ts';

/** Paths that belong to the server: an unknown one is a JSON 404, never the app's index.html. */
const serverPrefixes = ['/api/', '/sandbox/', '/explorer/'];

const isServerPath = (url: string) => url === '/api' || serverPrefixes.some((p) => url.startsWith(p));

/** `/assets/app-1234.js`, `/favicon.ico`: a missing file is a 404, not the app shell in place of a script. */
const looksLikeFile = (url: string) => /\.[A-Za-z0-9]{1,8}$/.test(url.slice(url.lastIndexOf('/') + 1));

/**
 * Which unknown requests get the app shell: every GET or HEAD of an app route, whatever its Accept header (uptime
 * monitors, link previews and `curl` send none), and a file-like path only when a browser asks for HTML.
 */
export function servesAppShell(method: string, pathname: string, accept: string | undefined): boolean {
  if ((method !== 'GET' && method !== 'HEAD') || isServerPath(pathname)) return false;
  return !looksLikeFile(pathname) || (accept ?? '').includes('text/html');
}

/**
 * Serves the built web app (Vite's `dist/web`) with an SPA fallback: any other GET of an app route gets
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
    if (!servesAppShell(request.method, pathname, request.headers.accept)) {
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
