import { migratedScratchDatabase } from './migrated-scratch.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * The app on a migrated database of its own, dropped on close: for a test file that changes what every other file
 * sharing the run's database reads (the rates every price is quoted at, the platform's accounts).
 */
export async function startScratchApp(
  prefix: string,
  overrides: Omit<Parameters<typeof startTestApp>[0], 'databaseUrl'> = {},
): Promise<TestApp> {
  const scratch = await migratedScratchDatabase(prefix);
  const t = await startTestApp({ ...overrides, databaseUrl: scratch.url });
  return {
    ...t,
    close: async () => {
      await t.close();
      await scratch.drop();
    },
  };
}
