/**
 * `npm run shape`: the figures of how the code is shaped, measured on the working tree (tracked files and untracked
 * ones git does not ignore). Each line is a figure, its value and, below it, what it counts; `--list` adds the
 * offending places under each figure. Prints, asserts nothing; `npm run lint` is what enforces the import rules.
 *
 *   npm run shape                     the figures of this tree
 *   npm run shape -- --list           the figures and their places
 *   npm run shape -- --json           one JSON object (for comparing two trees)
 *   npm run shape -- --root ../main   the figures of another checkout (e.g. before a change)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const rootAt = process.argv.indexOf('--root');
const root = path.resolve(rootAt >= 0 ? (process.argv[rootAt + 1] ?? '.') : path.join(import.meta.dirname, '..'));
const listing = process.argv.includes('--list');
const asJson = process.argv.includes('--json');

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && existsSync(path.join(root, f)));
const text = (file: string): string => readFileSync(path.join(root, file), 'utf8');

const isCode = (f: string) => /\.(ts|tsx|js|mjs|cjs)$/.test(f);
const isTest = (f: string) => /\.(test|spec)\.tsx?$|\.fixtures\.ts$/.test(f) || f.startsWith('tests/');

// ---- The server's import graph (application code: no tests, no fixtures) ----

const serverFiles = files.filter((f) => f.startsWith('server/') && isCode(f) && !isTest(f));
const importPattern = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The files a file imports, resolved from relative specifiers (packages and node: are left out). */
function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const m of text(file).matchAll(importPattern)) {
    const spec = m[1] ?? m[2];
    if (!spec?.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`];
    const hit = candidates.find((c) => existsSync(path.join(root, c)));
    if (hit) found.push(hit);
  }
  return found;
}

const moduleOf = (f: string) => /^server\/modules\/([^/]+)\//.exec(f)?.[1];

/**
 * The server's layers, lowest first: a file may import its own layer or a lower one. Configuration at the bottom
 * (config.ts and the areas' variables in config/),
 * then the database (and the clock, which reads the database's), the ledger, the adapters and queues, the HTTP
 * plumbing, the modules, and the entry points (app, processes, command line) on top.
 */
const layers: [string, RegExp][] = [
  ['config', /^server\/(config|dev-secrets|runtime-layout)\.ts$|^server\/(config|security)\//],
  ['db', /^server\/db\/|^server\/clock\.ts$/],
  ['ledger', /^server\/ledger\//],
  ['adapters', /^server\/(adapters|jobs|metrics)\//],
  ['http', /^server\/http\//],
  ['modules', /^server\/modules\//],
  ['entry', /^server\//],
];
const layerOf = (f: string) => layers.findIndex(([, re]) => re.test(f));

const moduleEdges = new Map<string, Set<string>>();
const repositoryImports: string[] = [];
const upwardImports: string[] = [];
for (const file of serverFiles) {
  const from = moduleOf(file);
  for (const target of importsOf(file)) {
    const to = moduleOf(target);
    if (from && to && from !== to) {
      if (!moduleEdges.has(from)) moduleEdges.set(from, new Set());
      moduleEdges.get(from)?.add(to);
      if (/\.repository\.ts$/.test(target)) repositoryImports.push(`${file} -> ${target}`);
    }
    const [a, b] = [layerOf(file), layerOf(target)];
    if (a >= 0 && b > a) upwardImports.push(`${file} (${layers[a]?.[0]}) -> ${target} (${layers[b]?.[0]})`);
  }
}

/** Strongly connected components of more than one module (Tarjan): the modules that sit in an import cycle. */
function cycles(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string): void => {
    indexOf.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indexOf.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, indexOf.get(w) ?? 0));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!indexOf.has(v)) connect(v);
  return found;
}

const modules = [...new Set(serverFiles.map(moduleOf).filter((m): m is string => m !== undefined))].sort();
const components = cycles(moduleEdges);
const mutualPairs = modules.flatMap((a) =>
  [...(moduleEdges.get(a) ?? [])].filter((b) => a < b && moduleEdges.get(b)?.has(a)).map((b) => `${a} <-> ${b}`),
);

// ---- SQL: where the functions' text lives ----

const migrations = files.filter((f) => /^server\/db\/migrations\/.*\.ts$/.test(f));
/** A migration rewrites a function when it replaces one (CREATE OR REPLACE) or patches its catalog text. */
const rewriting = migrations.filter((f) => /CREATE OR REPLACE FUNCTION|pg_get_functiondef/i.test(text(f)));
/** Outside the migrations and bench/ (which keeps earlier texts of ledger_post() to price them against today's). */
const definitionFiles = (name: string) =>
  files.filter(
    (f) =>
      !f.startsWith('server/db/migrations/') &&
      !f.startsWith('bench/') &&
      /\.(sql|ts|tsx|js|mjs)$/.test(f) &&
      new RegExp(`CREATE\\s+(OR\\s+REPLACE\\s+)?FUNCTION\\s+${name}\\s*\\(`, 'i').test(text(f)),
  );

// ---- Size and comments ----

const applicationCode = files.filter(
  (f) => /^(server|web|common)\//.test(f) && /\.(ts|tsx)$/.test(f) && !isTest(f) && f !== 'server/db/schema.ts',
);
const longFiles = applicationCode
  .map((f) => ({ f, lines: text(f).split('\n').length - 1 }))
  .filter((x) => x.lines > 400)
  .map((x) => `${x.f} (${x.lines} lines)`);

// This script is left out: it names the patterns it counts.
const sourceFiles = files.filter((f) => /\.(ts|tsx|js|mjs|cjs|css|sql)$/.test(f) && f !== 'scripts/shape.ts');
function occurrences(pattern: RegExp): string[] {
  return sourceFiles.flatMap((f) =>
    text(f)
      .split('\n')
      .flatMap((line, i) => [...line.matchAll(pattern)].map((m) => `${f}:${i + 1}: ${m[0]}`)),
  );
}
const issueCitations = occurrences(/\bissues? #?\d+/gi);
const documentCitations = occurrences(/\b(?:SPEC|DESIGN)(?:\.md)?\b/g);

// ---- Duplicates among the back-office screens (the `duplicates` command, when installed) ----

function opsDuplicates(): { value: number | string; rows: string[] } {
  const run = spawnSync('duplicates', ['--repo', 'web/features/ops', '--most', '200', '--seconds', '120'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.error) return { value: 'n/a (the duplicates command is not installed)', rows: [] };
  const lines = run.stdout.split('\n').filter(Boolean);
  const first = lines[0] ?? '';
  if (/^no duplicates/.test(first)) return { value: 0, rows: [] };
  const counted = /(\d+)\s+pairs?/.exec(first);
  const rows = lines.filter((l) => /^D\d+ /.test(l));
  return { value: counted ? Number(counted[1]) : rows.length, rows };
}
const duplicates = opsDuplicates();

// ---- Report ----

const figures: { name: string; value: number | string; counts: string; places: string[] }[] = [
  {
    name: 'server modules in an import cycle',
    value: components.reduce((n, c) => n + c.length, 0),
    counts: `modules of server/modules (${modules.length}) that sit in a cycle of module imports (application code)`,
    places: components.map((c) => c.join(' ')),
  },
  {
    name: 'pairs of modules importing each other',
    value: mutualPairs.length,
    counts: 'module A imports B and B imports A',
    places: mutualPairs,
  },
  {
    name: "imports of another module's repository",
    value: repositoryImports.length,
    counts: 'a file of one module importing a *.repository.ts of another',
    places: repositoryImports,
  },
  {
    name: 'upward-layer imports',
    value: upwardImports.length,
    counts: `layers, lowest first: ${layers.map(([n]) => n).join(' < ')}`,
    places: upwardImports,
  },
  {
    name: 'migrations that rewrite function text',
    value: rewriting.length,
    counts: 'server/db/migrations files with CREATE OR REPLACE FUNCTION or pg_get_functiondef',
    places: rewriting,
  },
  {
    name: 'files outside the migrations defining wallet_send',
    value: definitionFiles('wallet_send').length,
    counts: 'CREATE [OR REPLACE] FUNCTION wallet_send( outside server/db/migrations and bench/',
    places: definitionFiles('wallet_send'),
  },
  {
    name: 'files outside the migrations defining ledger_post',
    value: definitionFiles('ledger_post').length,
    counts: 'CREATE [OR REPLACE] FUNCTION ledger_post( outside server/db/migrations and bench/',
    places: definitionFiles('ledger_post'),
  },
  {
    name: 'source files over 400 lines',
    value: longFiles.length,
    counts: 'server, web, common .ts/.tsx; not tests, fixtures or the schema types (server/db/schema.ts)',
    places: longFiles,
  },
  {
    name: 'issue-number citations in source',
    value: issueCitations.length,
    counts: '"issue N" / "issues N" in .ts .tsx .js .mjs .cjs .css .sql files',
    places: issueCitations,
  },
  {
    name: 'SPEC/DESIGN citations in source',
    value: documentCitations.length,
    counts: 'SPEC, DESIGN, SPEC.md, DESIGN.md in the same files',
    places: documentCitations,
  },
  {
    name: 'duplicate pairs inside web/features/ops',
    value: duplicates.value,
    counts: 'pairs of places sharing six or more lines (`duplicates --repo web/features/ops`)',
    places: duplicates.rows,
  },
];

if (asJson) {
  console.log(JSON.stringify(Object.fromEntries(figures.map((f) => [f.name, f.value])), null, 2));
} else {
  const width = Math.max(...figures.map((f) => f.name.length));
  for (const f of figures) {
    console.log(`${f.name.padEnd(width)}  ${f.value}`);
    console.log(`${' '.repeat(width)}  (${f.counts})`);
    if (listing) for (const place of f.places) console.log(`    ${place}`);
  }
}
