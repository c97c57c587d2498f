import type { Transaction } from 'kysely';
import { negate, type Money } from '../../../common/money/money.ts';
import type { Contact } from '../../../common/api/contacts.ts';
import { transactionMessages } from '../../../common/api/transactions.ts';
import { fieldError } from '../../http/http-error.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import type { Database } from '../../db/schema.ts';
import { findUserWallet, platformAccount } from '../../ledger/accounts.repository.ts';
import { post } from '../../ledger/journal.ts';
import { enqueueAnchor } from '../anchoring/enqueue-anchor.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { findSignInUser, identifierLock, type UserRow } from '../users/users.service.ts';
import { insertTransaction, nextTransactionId } from './transactions.repository.ts';

export async function walletOf(tx: Transaction<Database>, userId: string): Promise<string> {
  const wallet = await findUserWallet(tx, userId);
  // Every user gets a wallet in the transaction that creates them: absence is a broken install, not bad input.
  if (!wallet) throw new Error(`User ${userId} has no wallet`);
  return wallet.id;
}

/**
 * The recipient's account, as of now. A recipient added before they registered is not linked yet, so the
 * identifiers are checked under the same advisory lock that user creation takes: either the new user exists and
 * is found here, or the registration's claim (claimTransfersForNewUser) runs after this commit and sees the row.
 */
export async function currentRecipient(
  tx: Transaction<Database>,
  contact: Pick<Contact, 'contact_user' | 'phone_number' | 'email'>,
): Promise<UserRow | undefined> {
  if (contact.contact_user !== null) return undefined;
  const identifiers = [
    ...(contact.phone_number ? [{ kind: 'phone' as const, value: contact.phone_number }] : []),
    ...(contact.email ? [{ kind: 'email' as const, value: contact.email }] : []),
  ].sort((a, b) => (a.value < b.value ? -1 : 1));
  for (const identifier of identifiers) await lockFor(tx, identifierLock(identifier.value));
  for (const identifier of identifiers) {
    const user = await findSignInUser(tx, identifier);
    if (user) return user;
  }
  return undefined;
}

/** A retryable failure (serialization_failure) when `userId` closed their account (read by a new statement). */
async function refuseClosedRecipient(tx: Transaction<Database>, userId: string): Promise<void> {
  const row = await tx.selectFrom('users').select('closed_at').where('id', '=', userId).executeTakeFirst();
  if ((row?.closed_at ?? null) !== null)
    throw Object.assign(new Error(`recipient ${userId} closed their account`), { code: '40001' });
}

export interface SendOutcome {
  id: string;
  /** Set when the money reached a registered user (to notify after commit). */
  recipientUserId: string | null;
}

/**
 * A send to a person: one entry wallet -> recipient wallet, or wallet -> unclaimed transfers when the recipient
 * has no account yet (credited when they register, refunded on cancel or after UNCLAIMED_TRANSFER_TTL_SECONDS).
 * Runs in the caller's transaction; post() decides "Not enough funds" on the locked balance.
 */
export async function sendToPerson(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  senderId: string,
  contact: Contact,
  amount: Money<'MAD'>,
): Promise<SendOutcome> {
  // The link as this transaction reads it: a recipient who closed their account was unlinked by the closure, and a
  // retry (see below) must see that, not the contact read before.
  const link = await tx
    .selectFrom('contacts')
    .select('contact_user')
    .where('id', '=', String(contact.id))
    .executeTakeFirst();
  const linkedUser = link?.contact_user ?? null;
  const linked = { ...contact, contact_user: linkedUser === null ? null : Number(linkedUser) };
  const found = await currentRecipient(tx, linked);
  const recipientUserId = linked.contact_user !== null ? String(linked.contact_user) : (found?.id ?? null);
  if (recipientUserId === senderId) throw fieldError('contact', transactionMessages.yourself);
  const id = await nextTransactionId(tx);
  const from = await walletOf(tx, senderId);
  const to =
    recipientUserId !== null
      ? await walletOf(tx, recipientUserId)
      : (await platformAccount(tx, 'unclaimed_transfers', 'MAD')).id;
  const entry = await post(tx, {
    kind: 'transfer',
    reference: { type: 'transaction', id },
    metadata: { unclaimed: recipientUserId === null },
    postings: [
      { accountId: from, amount: negate(amount) },
      { accountId: to, amount },
    ],
  });
  // ADR 015: the recipient's closure committed while this send waited for their wallet's lock: nothing
  // is credited; the retry finds them unlinked and the money waits unclaimed (wallet_send() does the same).
  if (recipientUserId !== null) await refuseClosedRecipient(tx, recipientUserId);
  const now = deps.clock.now();
  await insertTransaction(tx, {
    id,
    kind: 'transfer',
    status: recipientUserId !== null ? 'completed' : 'unclaimed',
    senderUserId: senderId,
    recipientUserId,
    contactId: String(contact.id),
    agencyId: null,
    amount,
    recipientPhoneNumber: contact.phone_number,
    recipientEmail: contact.email,
    ledgerEntryId: entry.id,
    expiresAt:
      recipientUserId !== null ? null : new Date(now.getTime() + deps.config.UNCLAIMED_TRANSFER_TTL_SECONDS * 1000),
  });
  // An unclaimed transfer is anchored when it is claimed (it may still come back to the sender).
  if (recipientUserId !== null) await enqueueAnchor(tx, { transactionId: id });
  return { id, recipientUserId };
}
