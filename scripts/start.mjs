// `npm start`: build the web app and the server if their sources changed since the last build, then run the built
// server (on the embedded PostgreSQL unless DATABASE_URL is set): WEB_CONCURRENCY API processes (default: one per
// core) under this one, which owns the embedded PostgreSQL (server/cluster.ts); with WEB_CONCURRENCY=1 the server
// runs in this very process, so signals reach it directly.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, newestMtime, projectRoot, serverDist } from './build-server.mjs';

const stamp = path.join(projectRoot, 'dist', 'web', 'index.html');
const sources = ['web', 'common', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log('[wallet] building the web app…');
  const vite = path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!fs.existsSync(vite)) {
    console.error('[wallet] the web app is not built and Vite is not installed: run `npm ci` (with dev dependencies).');
    process.exit(1);
  }
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
try {
  await ensureServerBuilt((message) => console.log(message));
} catch (error) {
  console.error(`[wallet] the server's build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// `npm start` passes --dev-routes: on a development machine the sign-in codes and the sandbox checkout are at hand.
// Anything else that runs this file (a container) mounts them only if EXPOSE_DEV_ROUTES says so, and production
// refuses them whatever is set.
if (process.argv.includes('--dev-routes') && (process.env.NODE_ENV ?? 'development') === 'development') {
  process.env.EXPOSE_DEV_ROUTES ??= 'true';
}

await import(pathToFileURL(path.join(serverDist, 'serve.js')).href);
