import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

/** Debian's Chromium, never a downloaded browser; flags keep it off the network. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** The e2e server's embedded database, per port so two runs side by side (E2E_PORT) never share one. */
export const e2eDatabaseEnv = {
  DATABASE_URL: '',
  EMBEDDED_PG_DIR: `.data/e2e-pg-${port}`,
  EMBEDDED_PG_PORT: String(54_331 + (port % 100)),
};

/**
 * Specs that change what the others read run one at a time, beside the rest: the rates every price is quoted at (a
 * top-up's balance is checked against the rate it read), the four-eyes approvals each picks its row from, the
 * sanctions list every send is screened against, the operators' review queue.
 */
const sharedState = ['**/ops*.spec.ts', '**/kyc.spec.ts', '**/monitoring.spec.ts', '**/sanctions*.spec.ts', '**/add-money.spec.ts'];

/**
 * The longest of the others (each one to four minutes of a worker, the rest under one and a half), queued before the
 * rest: a worker takes the next spec in the order of the projects, then of the files, and a long spec queued last
 * (a walk of screens, one test of four minutes under load) left the other worker idle while it ran alone. Started
 * first, the short ones fill in around them and the two workers end together. The same tests, the same way.
 */
const ownStateLong = [
  '**/accessibility.spec.ts',
  '**/new-screens.spec.ts',
  '**/offline.spec.ts',
  '**/case-actions.spec.ts',
  '**/schedules.spec.ts',
];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  // One spec file per worker, two at once (E2E_WORKERS overrides): a spec spends much of its time waiting for the
  // server or for the page, which the other one's browser fills.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'shared-state', testMatch: sharedState, workers: 1 },
    { name: 'own-state-long', testMatch: ownStateLong },
    { name: 'own-state', testIgnore: [...sharedState, ...ownStateLong] },
  ],
  forbidOnly: true,
  retries: 0,
  // Bounds for a flow, not for speed: on two cores shared with the server, the other worker's browser and (in
  // `npm test`) the chaos run, a flow takes up to five times what it takes alone (a send and a withdrawal: 4-7 s
  // alone, past 30 s in CI). A wrong or missing answer still fails, at the assertion that waited for it.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    ...devices['Pixel 7'],
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunch,
    // A click or a fill waits for its element at most this long, then fails naming it: without a bound it waited for
    // the test's whole time (a test given minutes with test.setTimeout failed after them, on 'waiting for …').
    actionTimeout: 45_000,
    // A failed test keeps its trace: each action with the page's DOM before and after it, which the trace viewer shows
    // as the page, and one screenshot at the end. Without the filmstrip, a screencast of every frame painted in every
    // test, passed or not: it cost about a tenth of the browser's and the runner's time (an accessibility language
    // alone: 44.5-45.4 s of CPU without it, 48.7-49.0 s with it).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // Blocked unless a spec is about it (offline, push, the shell, the install offer and the screens seen offline
    // say `test.use({ serviceWorkers: 'allow' })`): every context of every test installed the app's worker, which
    // downloads and stores the whole precache (all languages' chunks) for a flow that never goes offline. The worker
    // caches static files only (no API response: runtimeCaching is empty), so a flow reads the same data without it.
    // case-actions alone (8 tests): 109.5 s of CPU with it, 80.2 s without.
    serviceWorkers: 'block',
  },
  // The real server on its embedded PostgreSQL (its own data dir and port), as `npm start` runs it.
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/api/health/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      ...e2eDatabaseEnv,
      LOG_LEVEL: 'warn',
      // As `npm start` has them: the specs read sign-in codes from the dev outbox and pay in the sandbox.
      EXPOSE_DEV_ROUTES: 'true',
      // The push service push.spec.ts subscribes to (nothing listens there): the one local address pushes may go to.
      PUSH_SERVICE_ORIGINS: 'http://127.0.0.1:9',
      // Every spec signs its people up from 127.0.0.1: a run asks for about 100 login codes from that one address
      // within minutes, which is what the per-address limits (100 codes, 300 tries an hour) exist to refuse. The
      // limits themselves are tested over HTTP (server/modules/auth/login-limits.test.ts).
      LOGIN_CODE_REQUESTS_PER_IP_PER_HOUR: '1000',
      LOGIN_VERIFICATIONS_PER_IP_PER_HOUR: '3000',
    },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
