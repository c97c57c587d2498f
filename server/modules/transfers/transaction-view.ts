import type { Kysely } from 'kysely';
import type { Contact } from '../../../common/api/contacts.ts';
import { pickupMessages } from '../../../common/api/pickups.ts';
import { transactionMessages, type Transaction } from '../../../common/api/transactions.ts';
import type { Database } from '../../db/schema.ts';
import { fieldError, HttpError } from '../../http/http-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { agencyIsDisabled, getContact } from '../contacts/contacts.service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { tokenKeys } from './methods/agency-withdrawal/withdrawal-token.ts';
import { openReference, pickupKeys } from './methods/cash-pickup/pickup-secrets.ts';
import { findHistoryRow, type HistoryRow, type Viewer } from './transactions-query.repository.ts';
import { presentTransaction } from './transactions.presenter.ts';

/** A transaction as the person asking sees it, and the recipient a send names: shared by every way of sending. */

export const viewerOf = (user: AuthUser): Viewer => ({
  id: user.id,
  agencyId: user.role === 'BANKER' ? user.agencyId : null,
});

/** A row as the viewer sees it; a cash pickup's reference opens for its sender only (the presenter decides). */
export function presentRow(deps: ServiceDeps, row: HistoryRow, viewer: Viewer): Transaction {
  const keys = pickupKeys(deps.config.SECRET_KEY);
  return presentTransaction(row, viewer, deps.clock.now(), tokenKeys(deps.config.SECRET_KEY), (sealed) =>
    openReference(keys, sealed),
  );
}

export async function present(
  tx: Kysely<Database>,
  deps: ServiceDeps,
  viewer: Viewer,
  id: string,
): Promise<Transaction> {
  const row = await findHistoryRow(tx, viewer, id);
  if (!row) throw new Error(`transaction ${id} not visible to its own author`);
  return presentRow(deps, row, viewer);
}

export async function contactFor(deps: ServiceDeps, user: AuthUser, id: string): Promise<Contact> {
  try {
    return await getContact(deps, user, Number(id));
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 404)) throw error;
    if (await agencyIsDisabled(deps, Number(id))) throw fieldError('contact', pickupMessages.agencyDisabled);
    throw fieldError('contact', transactionMessages.contactNotFound);
  }
}

/**
 * The idempotency table keeps no withdrawal token (a dump of it would be every live QR code), nor
 * a pickup reference; a replay reads them again from their sealed copies.
 */
export const withoutToken = (body: Transaction): Transaction => ({
  ...body,
  token: null,
  ...(body.pickup_reference !== undefined && { pickup_reference: null }),
});
