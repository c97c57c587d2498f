import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { fundWallet } from '../../../tests/support/factories.ts';
import { call, signIn, uniqueEmail, type Answer, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { walletAddressesFor } from '../../adapters/chain/wallet-addresses.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { newAgency, uniqueTag } from '../contacts/contacts.fixtures.ts';
import { addBanker } from '../users/bankers.service.ts';
import { serverKeys } from '../../security/keys.ts';
import { usersPorts } from '../../module-ports.ts';

/** Test data for the transactions and withdrawals API tests; every name is unique (files share one database). */
export type Body = Record<string, unknown>;
export const CODE = '135790';

export interface Customer extends SignedIn {
  email: string;
}

export async function setCode(t: TestApp, s: SignedIn, code = CODE): Promise<void> {
  const res = await call(t, 'POST', `/api/users/${s.userId}/security_code/`, {
    token: s.token,
    body: { security_code: code },
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
}

/** A signed-in customer with a security code and, if asked, a balance in MAD minor units. */
export async function customer(t: TestApp, balanceMinor = 0n): Promise<Customer> {
  const email = uniqueEmail('tx');
  const s = await signIn(t, { email });
  await setCode(t, s);
  if (balanceMinor > 0n) await fundWallet(t.database.db, s.userId, balanceMinor);
  return { ...s, email };
}

export async function agency(t: TestApp): Promise<string> {
  return newAgency(t, { name: `Agency ${uniqueTag()}`, city: 'Casablanca', lat: '33.5731', lon: '-7.5898' });
}

/** A teller of `agencyId`, signed in, with a security code. */
export async function teller(t: TestApp, agencyId: string): Promise<SignedIn> {
  const email = uniqueEmail('teller');
  await withTransaction(t.database.db, (tx) =>
    addBanker(
      tx,
      {
        walletAddressOf: walletAddressesFor(t.config, serverKeys(t.config.SECRET_KEY)).user,
        identifierProved: usersPorts.identifierProved,
      },
      { identifier: { kind: 'email', value: email }, agencyId, firstName: 'Tess', lastName: 'Teller' },
      new Date(),
    ),
  );
  const s = await signIn(t, { email });
  await setCode(t, s);
  return s;
}

export async function recipientOf(t: TestApp, s: SignedIn, body: Body): Promise<number> {
  const res = await call(t, 'POST', '/api/contacts/', {
    token: s.token,
    body: { first_name: 'Rec', last_name: 'Ipient', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

export function create(t: TestApp, s: SignedIn, body: Body, key?: string): Promise<Answer> {
  return call(t, 'POST', '/api/transactions/', {
    token: s.token,
    body: { security_code: CODE, ...body },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
}

export const newKey = () => randomUUID();

export async function balanceOf(t: TestApp, s: SignedIn): Promise<string> {
  const res = await call<{ results: { balance: string }[] }>(t, 'GET', '/api/users/', { token: s.token });
  return res.body.results[0]?.balance ?? 'none';
}

/** An operator freezes (or lifts the freeze of) a customer's account, as the back-office does. */
export async function setFrozen(t: TestApp, op: SignedIn, c: SignedIn, frozen: boolean): Promise<void> {
  const res = await call(t, 'POST', `/api/ops/customers/${c.userId}/${frozen ? 'freeze' : 'unfreeze'}/`, {
    token: op.token,
    body: { reason: frozen ? 'Suspicious activity' : 'Identity checked', security_code: CODE },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
