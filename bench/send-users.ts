import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema.ts';
import { fundWallet } from '../tests/support/factories.ts';
import { mapConcurrent, signUp, type BenchClient, type BenchUser } from './api-client.ts';

/**
 * The send benches' population: `count` users signed up over HTTP with `securityCode`, each funded with 1,000,000 MAD
 * (one ledger entry each), and `contactsPerUser` recipients each, all of them registered users (linked contacts).
 * Returns the users and each user's contact ids.
 */
export async function fundedUsersWithContacts(
  client: BenchClient,
  db: Kysely<Database>,
  options: { count: number; contactsPerUser: number; tag: string; securityCode: string },
): Promise<{ users: BenchUser[]; contacts: Map<number, number[]> }> {
  const users = await mapConcurrent(Array.from({ length: options.count }), 8, () =>
    signUp(client, { tag: options.tag, securityCode: options.securityCode }),
  );
  for (const user of users) await fundWallet(db, user.userId, 1_000_000_00n);
  const contacts = new Map<number, number[]>();
  await mapConcurrent(users, 8, async (user, i) => {
    const ids: number[] = [];
    for (let k = 1; k <= options.contactsPerUser; k++) {
      const other = users[(i + k * 17) % users.length] as BenchUser;
      const created = await client.request<{ id: number }>('POST', '/api/contacts/', {
        token: user.token,
        body: { first_name: 'Bench', last_name: `Contact${k}`, email: other.email },
      });
      // Linked in the database (the one-trip send follows the link); the answer shows it only after a first
      // transfer (ADR 013), so it is not checked here.
      if (created.status !== 201) throw new Error(`contact: ${created.status} ${JSON.stringify(created.body)}`);
      ids.push(created.body.id);
    }
    contacts.set(user.userId, ids);
  });
  return { users, contacts };
}
