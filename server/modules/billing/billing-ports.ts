import type { Kysely, Transaction } from 'kysely';
import type { PaymentEvent } from '../../adapters/payments/provider-events.ts';
import type { Database } from '../../db/schema.ts';
import type { ServiceDeps } from '../service-deps.ts';
import type { PaymentSessionRow } from './payment-sessions.repository.ts';

/**
 * What billing asks of the top-ups whose card payments it takes. Billing is the card rail (checkouts, webhooks,
 * subscriptions); a top-up (EUR -> MAD exchange) is the exchanges module's, which opens its checkout through
 * billing and prices it with billing's subscription, so it sits above billing. Billing declares here what its
 * webhook and return page need of a top-up, and the entry answers (server/module-ports.ts, ServiceDeps.ports).
 */
export interface BillingPorts {
  /**
   * A confirmed card payment for a top-up, in the webhook's transaction (the one that claimed the event id): the
   * whole credit or a refund. Returns the outcome recorded for the event.
   */
  settleTopUp: (
    deps: ServiceDeps,
    tx: Transaction<Database>,
    session: PaymentSessionRow,
    event: Extract<PaymentEvent, { kind: 'checkout_completed' }>,
  ) => Promise<string>;
  /** The user's top-up of that id, for what the return page says was credited (minor units of MAD). */
  topUpOf: (db: Kysely<Database>, userId: string, exchangeId: string) => Promise<{ to_amount: string } | undefined>;
}
