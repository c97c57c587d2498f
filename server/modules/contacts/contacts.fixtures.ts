import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { call, type Answer, type SignedIn } from '../../../tests/support/identity.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { createAgency, validateAgency } from './agencies.service.ts';

/** Test data for the contacts API tests: files share one database, so every name carries a unique tag. */
export type Body = Record<string, unknown>;

export const uniqueTag = () => `t${randomUUID().replace(/-/g, '').slice(0, 12)}`;

export function addContact(t: TestApp, s: SignedIn, body: Body): Promise<Answer> {
  return call(t, 'POST', '/api/contacts/', { token: s.token, body });
}

export async function list(
  t: TestApp,
  s: SignedIn,
  query: string,
): Promise<Answer<{ count: number; next: string | null; previous: string | null; results: Body[] }>> {
  return call(t, 'GET', `/api/contacts/${query}`, { token: s.token });
}

/** An agency through the same service the admin command uses (with its cash account). */
export async function newAgency(
  t: TestApp,
  fields: { name: string; city: string; lat: string; lon: string },
): Promise<string> {
  const checked = validateAgency({ ...fields, address: '1 Avenue Hassan II', zip: '20000' });
  if (!checked.ok) throw new Error(checked.problems.join(', '));
  const row = await withTransaction(t.database.db, (tx) => createAgency(tx, checked.agency));
  return row.id;
}
