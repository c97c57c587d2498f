import fs from 'node:fs';
import path from 'node:path';

/**
 * Where the server's files are, whether it runs built (JavaScript in dist/server, made by scripts/build-server.mjs:
 * what `npm start`, the operator commands and the systemd unit run) or from the TypeScript sources through tsx
 * (`npm run dev`, the tests). The build bundles this module into a file at the top of its output folder (the build
 * checks it), so `here` is server/ from the sources and the output folder once built.
 */
const here = import.meta.dirname;

/** True in the built server: its files end in .js, the sources in .ts. */
export const runsBuilt = import.meta.url.endsWith('.js');

/**
 * The checkout: the nearest folder above this file holding a package.json (server/.. from the sources,
 * dist/server/../.. once built), so that assets read at run time (the built web app, the fonts in node_modules,
 * contracts/, .data/) are found wherever the build was written.
 */
export const projectRoot = findProjectRoot(here);

function findProjectRoot(start: string): string {
  for (let dir = path.dirname(start); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (dir === path.dirname(dir)) return path.resolve(start, '..');
  }
}

/** The schema migrations: one module each, loaded by name at run time (Kysely's FileMigrationProvider). */
export const migrationsDir = runsBuilt ? path.join(here, 'migrations') : path.join(here, 'db', 'migrations');

/** Programs this server starts as processes of their own. */
export type EntryPoint = 'cluster-worker' | 'worker';

/** The file of an entry point in the form this process runs (built, or the sources). */
export function entryPointFile(name: EntryPoint): string {
  return path.join(here, runsBuilt ? `${name}.js` : `${name}.ts`);
}

/**
 * Node's flags for a child running an entry point: this process's own, and tsx's loader only when running the
 * sources (a built child starts without compiling anything, which is what makes its start fast).
 */
export function childExecArgv(): string[] {
  const own: string[] = [];
  for (let i = 0; i < process.execArgv.length; i++) {
    const arg = process.execArgv[i];
    if (arg === '--import' && process.execArgv[i + 1] === 'tsx') i++;
    else if (arg !== '--import=tsx' && arg !== undefined) own.push(arg);
  }
  return runsBuilt ? own : [...own, '--import', 'tsx'];
}
