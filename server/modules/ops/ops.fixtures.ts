import { walletAddressesFor } from '../../adapters/chain/wallet-addresses.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { serverKeys } from '../../security/keys.ts';
import { usersPorts } from '../../module-ports.ts';
import {
  call,
  ensureRates,
  signIn,
  testEnv,
  uniqueEmail,
  type Answer,
  type SignedIn,
} from '../../../tests/support/identity.ts';
import { startScratchApp } from '../../../tests/support/scratch-app.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import type { AppDeps } from '../../app.ts';
import { CODE, setCode } from '../transfers/transactions.fixtures.ts';
import { addOperator } from '../users/operators.service.ts';

/** The app on this worker's test database, the rates in force and an operator: a back-office test's start. */
export async function startOpsApp(): Promise<{ t: TestApp; op: SignedIn }> {
  return withOperator(await startTestApp({ env: testEnv }));
}

/**
 * The same on a database of its own (dropped on close): for a back-office screen that reads the whole database (a
 * snapshot, a day's reconciliation, the payout files), which other test files would move meanwhile.
 */
export async function startOpsScratchApp(
  prefix: string,
  deps: Partial<AppDeps> = {},
): Promise<{ t: TestApp; op: SignedIn }> {
  return withOperator(await startScratchApp(prefix, { env: testEnv, deps }));
}

/** A started app, with the rates in force (a send is priced) and an operator signed in. */
async function withOperator(t: TestApp): Promise<{ t: TestApp; op: SignedIn }> {
  await ensureRates(t);
  return { t, op: await operator(t) };
}

/** A signed-in operator (or auditor) with the usual test security code. */
export async function operator(
  t: TestApp,
  role: 'OPERATOR' | 'AUDITOR' = 'OPERATOR',
): Promise<SignedIn & { email: string }> {
  const email = uniqueEmail(role.toLowerCase());
  await withTransaction(t.database.db, (tx) =>
    addOperator(
      tx,
      {
        walletAddressOf: walletAddressesFor(t.config, serverKeys(t.config.SECRET_KEY)).user,
        identifierProved: usersPorts.identifierProved,
      },
      { identifier: { kind: 'email', value: email }, role, firstName: 'Olga', lastName: 'Operator' },
      new Date(),
    ),
  );
  const s = await signIn(t, { email });
  await setCode(t, s);
  return { ...s, email };
}

/** POST an ops action with the operator's security code and a reason unless the body says otherwise. */
export function opsAction(t: TestApp, as: SignedIn, path: string, body: Record<string, unknown> = {}): Promise<Answer> {
  return call(t, 'POST', `/api/ops/${path}`, {
    token: as.token,
    body: { reason: 'Customer called', security_code: CODE, ...body },
  });
}

/** The newest audit line of `action` about one target, as an operator or auditor reads it. */
export async function lastAudit(
  t: TestApp,
  as: { token: string },
  action: string,
  target: { type: string; id: number | string },
): Promise<Record<string, unknown> | undefined> {
  const res = await call<{ results: Record<string, unknown>[] }>(
    t,
    'GET',
    `/api/ops/audit/?action=${action}&target_type=${target.type}&target_id=${target.id}`,
    { token: as.token },
  );
  return res.body.results[0];
}
