import type { Kysely } from 'kysely';
import type { ChainAdapter } from '../adapters/chain/chain-adapter.ts';
import type { MailAdapter } from '../adapters/mail/mail-adapter.ts';
import type { PushAdapter } from '../adapters/push/push-adapter.ts';
import type { PaymentProvider } from '../adapters/payments/payment-provider.ts';
import type { SmsAdapter } from '../adapters/sms/sms-adapter.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { ServerKeys } from '../security/keys.ts';
import type { SignInAccounts } from './auth/sign-in-accounts.ts';
import type { BillingPorts } from './billing/billing-ports.ts';
import type { UsersPorts } from './users/users-ports.ts';

/** What services receive, passed explicitly so tests can swap the clock or an adapter. */
export interface ServiceDeps {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  keys: ServerKeys;
  mail: MailAdapter;
  sms: SmsAdapter;
  /** Web Push (VAPID, RFC 8291 encryption); its publicKey is null when the server has none (production unset). */
  push: PushAdapter;
  /** Card payments: Stripe when configured, else the built-in sandbox. */
  payments: PaymentProvider;
  /** The public ledger: the built-in local ledger (the EVM network adapter is a later session). */
  chain: ChainAdapter;
  /**
   * What a module low in the order asks of modules above it, which it may not import: each port is declared by the
   * module that asks, answered by the entry (server/module-ports.ts).
   */
  ports: {
    signIn: SignInAccounts;
    billing: BillingPorts;
    users: UsersPorts;
  };
}
