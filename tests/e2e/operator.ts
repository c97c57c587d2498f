import { randomUUID } from 'node:crypto';
import { e2eDatabaseEnv } from '../../playwright.config.ts';
import { runAdmin } from '../../server/cli/run-admin.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { expect, type APIRequestContext } from '@playwright/test';
import { fundWallet } from '../support/factories.ts';
import { account, type Account } from './accounts.ts';

/**
 * `npm run admin -- …` against the e2e server's embedded database, beside the running server: the same commands,
 * called in this process (starting the command line through tsx took seconds a call on two cores). Its output;
 * an exit code other than 0 throws, as a failed command line would.
 */
export async function admin(args: string[]): Promise<string> {
  const lines: string[] = [];
  const config = loadConfig({ ...process.env, ...e2eDatabaseEnv });
  const code = await runAdmin(args, { config, out: (line) => lines.push(line), err: (line) => lines.push(line) });
  if (code !== 0) throw new Error(`admin ${args.join(' ')} exited with ${code}:\n${lines.join('\n')}`);
  return lines.map((line) => `${line}\n`).join('');
}

/**
 * A teller of its own for one test, at the Casablanca agency: the seeded tellers are shared by every run on the
 * persistent e2e database, and their sign-in limits (10 codes an hour) would soon refuse a test that reuses them.
 */
export async function newTeller(): Promise<string> {
  const listing = await admin(['banker:list']);
  const agency = /teller\.casablanca@example\.com.*?\s(\d+) Mohammed V/.exec(listing)?.[1];
  if (!agency) throw new Error(`no Casablanca agency in:\n${listing}`);
  const email = `e2e-teller-${randomUUID()}@example.com`;
  await admin(['banker:add', '--email', email, '--agency', agency, '--first-name', 'Test', '--last-name', 'Teller']);
  return email;
}

/** Credits a wallet through the ledger on the e2e server's own embedded database (attached, not started). */
export async function fund(userId: number, madMinor: bigint): Promise<void> {
  const config = loadConfig({ ...process.env, ...e2eDatabaseEnv, NODE_ENV: 'test' });
  const database = await openDatabase(config, { role: 'owner', attachToRunning: true, migrate: false, log: () => undefined });
  try {
    await fundWallet(database.db, userId, madMinor);
  } finally {
    await database.close();
  }
}

/**
 * A back-office operator of its own for one test, made by `operator:add` as the bootstrap does; the
 * caller signs them in (accounts.ts `account(request, email)`).
 */
export async function newOperator(role: 'operator' | 'auditor' = 'operator'): Promise<string> {
  const email = `e2e-${role}-${randomUUID()}@example.com`;
  await admin([
    'operator:add',
    '--email',
    email,
    '--first-name',
    role === 'operator' ? 'Olga' : 'Adam',
    '--last-name',
    randomUUID().slice(0, 6),
    ...(role === 'auditor' ? ['--auditor'] : []),
  ]);
  return email;
}

/**
 * A customer funded with `funded` MAD (minor units) who sent `amount` MAD to an e-mail nobody has registered: an
 * unclaimed transfer, refundable from the back-office. 8,000 and 6,000 by default: above the four eyes.
 */
export async function unclaimedTransfer(
  request: APIRequestContext,
  { funded = 8_000_00n, amount = 6000 }: { funded?: bigint; amount?: number } = {},
): Promise<{ alice: Account; id: number }> {
  const alice = await account(request);
  await fund(alice.userId, funded);
  const headers = { authorization: `Bearer ${alice.token}` };
  const contact = await request.post('/api/contacts/', {
    headers,
    data: { first_name: 'Youssef', last_name: 'Benali', email: `e2e-nobody-${alice.userId}-${Date.now()}@example.com` },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const sent = await request.post('/api/transactions/', {
    headers,
    data: { amount, contact: ((await contact.json()) as { id: number }).id, security_code: '246810' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return { alice, id: ((await sent.json()) as { id: number }).id };
}
