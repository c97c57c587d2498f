import { walletAddressesFor } from '../../adapters/chain/wallet-addresses.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { serverKeys } from '../../security/keys.ts';
import { usersPorts } from '../../module-ports.ts';
import { call, signIn, uniqueEmail, type Answer, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { CODE, setCode } from '../transfers/transactions.fixtures.ts';
import { addOperator } from '../users/operators.service.ts';

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
