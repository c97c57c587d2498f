import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import { makeStaff } from './users.repository.ts';
import { createUser, findSignInUser, identifierLock, type SignInIdentifier } from './users.service.ts';

export class OperatorError extends Error {}

export interface OperatorInput {
  identifier: SignInIdentifier;
  role: 'OPERATOR' | 'AUDITOR';
  firstName?: string | undefined;
  lastName?: string | undefined;
}

/**
 * An operator or auditor (issue 15): an existing account is given the role, otherwise one is created (with its
 * wallet, like any user). A teller stays a teller: moving someone from a counter to the back-office is two
 * decisions, not one command. They sign in like everyone, by a code sent to this identifier.
 */
export async function addOperator(
  tx: Transaction<Database>,
  walletAddressOf: (userId: string) => string,
  input: OperatorInput,
  now: Date,
): Promise<{ userId: string; created: boolean; before: string | null }> {
  await lockFor(tx, identifierLock(input.identifier.value));
  const existing = await findSignInUser(tx, input.identifier);
  if (existing) {
    if (existing.role === 'BANKER')
      throw new OperatorError(`${input.identifier.value} is a teller; disable them first`);
    await makeStaff(tx, existing.id, input.role);
    return { userId: existing.id, created: false, before: existing.role };
  }
  const user = await createUser(
    tx,
    walletAddressOf,
    {
      identifier: input.identifier,
      language: 'fr',
      role: input.role,
      firstName: input.firstName,
      lastName: input.lastName,
    },
    now,
  );
  return { userId: user.id, created: true, before: null };
}
