/**
 * The server's import rules, checked by `npm run lint` (docs/architecture.md, "Layers"). The violations that were
 * there when a rule came in are listed in .dependency-cruiser-known-violations.json and tolerated; any other one
 * fails lint. When a violation is fixed, regenerate that list (`npm run lint:deps:baseline`) so it only shrinks.
 *
 * Layers, lowest first: config (config.ts, config/, dev-secrets.ts, runtime-layout.ts, security/) < db (and clock.ts) < ledger < adapters (adapters/,
 * jobs/, metrics/) < http < modules < the entry points (app.ts, main.ts, the processes, cli/). Tests and fixtures
 * are left out: they may reach anywhere to set a scene.
 */
const entry = '^server/(?!(config|clock|dev-secrets|runtime-layout)\\.ts$)[^/]+\\.ts$|^server/cli/';
const above = {
  config: `^server/(db|ledger|adapters|jobs|metrics|http|modules)/|^server/clock\\.ts$|${entry}`,
  db: `^server/(ledger|adapters|jobs|metrics|http|modules)/|${entry}`,
  ledger: `^server/(adapters|jobs|metrics|http|modules)/|${entry}`,
  adapters: `^server/(http|modules)/|${entry}`,
  http: `^server/modules/|${entry}`,
  modules: entry,
};
const layers = {
  config: '^server/((config|dev-secrets|runtime-layout)\\.ts$|config/|security/)',
  db: '^server/(db/|clock\\.ts$)',
  ledger: '^server/ledger/',
  adapters: '^server/(adapters|jobs|metrics)/',
  http: '^server/http/',
  modules: '^server/modules/',
};

/**
 * The server modules, lowest first: a module imports only modules below it, so the modules can form no import cycle
 * (a module that reacts to another goes through its caller or an event row instead of importing back). The order is
 * the one the code is heading for: what everything uses at the bottom, then identity, then the policies that answer
 * the transfer lifecycle's questions, the lifecycle, what builds on it, and the back-office on top. (A rule on
 * cycles between folders would say the same, but dependency-cruiser cannot yet tolerate known folder violations.)
 */
const moduleOrder = [
  'audit',
  'rates',
  'anchoring',
  'auth',
  'users',
  'notifications',
  'reviews',
  'sanctions',
  'contacts',
  'kyc',
  'recovery',
  'compliance',
  'transfers',
  'invitations',
  'receipts',
  'billing',
  'exchanges',
  'rate-alerts',
  'schedules',
  'cases',
  'liabilities',
  'explorer',
  'health',
  'dev',
  'ops',
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...moduleOrder.slice(0, -1).map((module, i) => ({
      name: 'no-module-cycle',
      comment: `${module} imports only the modules below it (${moduleOrder.slice(0, i).join(', ') || 'none'}).`,
      severity: 'error',
      from: { path: `^server/modules/${module}/` },
      to: { path: `^server/modules/(${moduleOrder.slice(i + 1).join('|')})/` },
    })),
    {
      name: 'no-module-cycle',
      comment: 'A new module takes its place in moduleOrder (.dependency-cruiser.mjs) before it imports another.',
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/', pathNot: `^server/modules/(${moduleOrder.join('|')})/` },
      to: { path: '^server/modules/[^/]+/', pathNot: '^server/modules/$1/' },
    },
    {
      name: 'no-foreign-repository',
      comment: "A module's repository is its own: another module goes through its service.",
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/[^/]+/[^/]+\\.repository\\.ts$', pathNot: '^server/modules/$1/' },
    },
    ...Object.entries(layers).map(([layer, path]) => ({
      name: `no-upward-import-from-${layer}`,
      comment: `The ${layer} layer imports its own layer or a lower one, never a higher one.`,
      severity: 'error',
      from: { path },
      to: { path: above[/** @type {keyof typeof above} */ (layer)] },
    })),
  ],
  options: {
    exclude: { path: '\\.(test|unit\\.test)\\.tsx?$|\\.fixtures\\.ts$|^tests/|node_modules' },
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(server|common)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.server.json' },
  },
};
