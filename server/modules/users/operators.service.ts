import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import { recordRoleGrant } from './role-grant.ts';
import { makeStaff } from './users.repository.ts';
import {
  createUser,
  findSignInUser,
  identifierLock,
  type NewAccounts,
  type SignInIdentifier,
} from './users.service.ts';

export class OperatorError extends Error {}

export interface OperatorInput {
  identifier: SignInIdentifier;
  role: 'OPERATOR' | 'AUDITOR';
  firstName?: string | undefined;
  lastName?: string | undefined;
  /** The operator who asked for it (null or absent: the command line). */
  addedBy?: string | null;
}

/**
 * An operator or auditor: an existing account is given the role, otherwise one is created (with its
 * wallet, like any user). A teller stays a teller: moving someone from a counter to the back-office is two
 * decisions, not one command. They sign in like everyone, by a code sent to this identifier; a promoted account's
 * sessions end here (recordRoleGrant).
 */
export async function addOperator(
  tx: Transaction<Database>,
  accounts: NewAccounts,
  input: OperatorInput,
  now: Date,
): Promise<{ userId: string; created: boolean; before: string | null; sessionsEnded: number }> {
  const grant = { at: now, addedBy: input.addedBy ?? null };
  await lockFor(tx, identifierLock(input.identifier.value));
  const existing = await findSignInUser(tx, input.identifier);
  if (existing) {
    if (existing.role === 'BANKER')
      throw new OperatorError(`${input.identifier.value} is a teller; disable them first`);
    await makeStaff(tx, existing.id, input.role);
    const sessionsEnded = await recordRoleGrant(tx, existing.id, grant);
    return { userId: existing.id, created: false, before: existing.role, sessionsEnded };
  }
  const user = await createUser(
    tx,
    accounts,
    {
      identifier: input.identifier,
      language: 'fr',
      role: input.role,
      firstName: input.firstName,
      lastName: input.lastName,
    },
    now,
  );
  await recordRoleGrant(tx, user.id, grant);
  return { userId: user.id, created: true, before: null, sessionsEnded: 0 };
}
