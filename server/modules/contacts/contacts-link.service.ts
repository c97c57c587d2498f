import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { linkUnlinkedContacts } from './contacts.repository.ts';

/**
 * Called by the users module inside the transaction that creates a user: recipients added before this person
 * registered now point to them (contact_user, account_id). The caller holds the identifier's lock, as contact
 * creation does, so a recipient added at the same moment is either seen here or sees the new user.
 */
export async function linkContactsToNewUser(
  tx: Transaction<Database>,
  user: {
    id: string;
    account_id: string;
    phone_number: string | null;
    phone_auth: boolean;
    email: string | null;
    email_verified_at: Date | null;
  },
): Promise<void> {
  // Only identifiers the person proved: an unverified profile entry must not attract someone else's transfers.
  await linkUnlinkedContacts(tx, {
    id: user.id,
    accountId: user.account_id,
    phone: user.phone_auth ? user.phone_number : null,
    email: user.email_verified_at === null ? null : user.email,
  });
}
