import type { Kysely, Transaction } from 'kysely';
import type { Language } from '../../../common/i18n/languages.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import type { Database } from '../../db/schema.ts';
import { recordRoleGrant } from './role-grant.ts';
import { listBankers, makeBanker, type BankerRow } from './users.repository.ts';
import {
  createUser,
  findSignInUser,
  identifierLock,
  type NewAccounts,
  type SignInIdentifier,
} from './users.service.ts';

export class BankerError extends Error {}

export interface BankerInput {
  identifier: SignInIdentifier;
  agencyId: string;
  firstName?: string;
  lastName?: string;
  language?: Language;
  /** The operator who added them (null or absent: the command line, the demo seed). */
  addedBy?: string | null;
}

/**
 * A teller of one agency: an existing account is promoted, otherwise one is created (with its wallet, like any
 * user). The teller signs in like everyone else, by a code sent to this identifier; a promoted account's sessions
 * end here (recordRoleGrant). The agency must exist: the caller checks it (agencies belong to contacts, above
 * this module).
 */
export async function addBanker(
  tx: Transaction<Database>,
  accounts: NewAccounts,
  input: BankerInput,
  now: Date,
): Promise<{ userId: string; created: boolean; sessionsEnded: number }> {
  const grant = { at: now, addedBy: input.addedBy ?? null };
  await lockFor(tx, identifierLock(input.identifier.value));
  const existing = await findSignInUser(tx, input.identifier);
  if (existing) {
    await makeBanker(tx, existing.id, input.agencyId);
    const sessionsEnded = await recordRoleGrant(tx, existing.id, grant);
    return { userId: existing.id, created: false, sessionsEnded };
  }
  const user = await createUser(
    tx,
    accounts,
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
  await recordRoleGrant(tx, user.id, grant);
  return { userId: user.id, created: true, sessionsEnded: 0 };
}

export async function bankers(db: Kysely<Database>): Promise<BankerRow[]> {
  return listBankers(db);
}
