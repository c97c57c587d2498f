import type { Kysely, Transaction } from 'kysely';
import type { Language } from '../../../common/i18n/languages.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import type { Database } from '../../db/schema.ts';
import { getAgency } from '../contacts/agencies.service.ts';
import { listBankers, makeBanker, type BankerRow } from './users.repository.ts';
import { createUser, findSignInUser, identifierLock, type SignInIdentifier } from './users.service.ts';

export class BankerError extends Error {}

export interface BankerInput {
  identifier: SignInIdentifier;
  agencyId: string;
  firstName?: string;
  lastName?: string;
  language?: Language;
}

/**
 * A teller of one agency: an existing account is promoted, otherwise one is created (with its wallet, like any
 * user). The teller signs in like everyone else, by a code sent to this identifier.
 */
export async function addBanker(
  tx: Transaction<Database>,
  walletAddressOf: (userId: string) => string,
  input: BankerInput,
  now: Date,
): Promise<{ userId: string; created: boolean }> {
  await lockFor(tx, identifierLock(input.identifier.value));
  if (!(await getAgency(tx, input.agencyId)))
    throw new BankerError(`No agency with id ${input.agencyId} (see agency:add)`);
  const existing = await findSignInUser(tx, input.identifier);
  if (existing) {
    await makeBanker(tx, existing.id, input.agencyId);
    return { userId: existing.id, created: false };
  }
  const user = await createUser(
    tx,
    walletAddressOf,
    {
      identifier: input.identifier,
      language: input.language ?? 'fr',
      role: 'BANKER',
      agencyId: input.agencyId,
      firstName: input.firstName,
      lastName: input.lastName,
      country: 'MA',
    },
    now,
  );
  return { userId: user.id, created: true };
}

export async function bankers(db: Kysely<Database>): Promise<BankerRow[]> {
  return listBankers(db);
}
