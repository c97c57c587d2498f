import type { Transaction } from 'kysely';
import type { Role } from '../../../common/api/auth.ts';
import type { Language } from '../../../common/i18n/languages.ts';
import type { Database } from '../../db/schema.ts';
import type { ServiceDeps } from '../service-deps.ts';
import type { SignInIdentifier } from './sign-in-identifier.ts';

/**
 * The account a verified sign-in code opens a session for. Accounts are the users module's, which sits above auth
 * (it uses auth's codes and sessions), so auth declares what it asks here and the entry hands over users' answer
 * (server/module-ports.ts, in ServiceDeps.ports.signIn): auth imports no module above it.
 */
export interface SignInAccounts {
  /**
   * The account of this identifier, which now signs in in `language` (their messages follow it); created with its
   * wallet on the first sign-in. In the sign-in's transaction, under the identifier's lock.
   */
  accountSigningIn: (
    tx: Transaction<Database>,
    deps: ServiceDeps,
    identifier: SignInIdentifier,
    language: Language,
    now: Date,
  ) => Promise<{ id: string; role: Role; created: boolean }>;
}
