import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { linkUnlinkedContacts } from './contacts.repository.ts';
import { provedIdentifiers, type IdentifierProofs } from '../users/proved-identifiers.ts';

/**
 * Called by the users module inside the transaction that creates a user, or proves an identifier of one (an
 * e-mail's link, a profile phone's SMS code): recipients added before this person registered or proved it now
 * point to them (contact_user, account_id). The caller holds the identifier's lock, as contact
 * creation does, so a recipient added at the same moment is either seen here or sees the new user.
 */
export async function linkContactsToNewUser(
  tx: Transaction<Database>,
  user: IdentifierProofs & { id: string; account_id: string },
): Promise<void> {
  await linkUnlinkedContacts(tx, { id: user.id, accountId: user.account_id, ...provedIdentifiers(user) });
}
