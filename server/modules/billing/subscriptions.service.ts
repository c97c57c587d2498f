import type { Kysely } from 'kysely';
import { SUBSCRIPTION_PRICE_CENTS, type SubscriptionState } from '../../../common/api/billing.ts';
import type { Language } from '../../../common/i18n/languages.ts';
import { formatAmount, money } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, forbidden } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { ensureCheckoutUrl, newSessionId } from './checkout.service.ts';
import { insertSession } from './payment-sessions.repository.ts';
import { findUserSubscription, updateSubscription, type SubscriptionRow } from './subscriptions.repository.ts';

export const subscriptionMessages = {
  alreadySubscribed: 'You already have a subscription.',
  notSubscribed: 'You have no active subscription.',
} as const;

/** A checkout for the plan stays usable for a day, like Stripe's default. */
const checkoutLifetimeMs = 24 * 3600 * 1000;

const isActive = (row: SubscriptionRow | undefined, now: Date): row is SubscriptionRow =>
  row !== undefined && row.status === 'active' && row.current_period_end > now;

/** What gives the better rate: a paid-up plan, including a cancelled one until the end of its period. */
export async function subscriptionActive(db: Kysely<Database>, userId: string, now: Date): Promise<boolean> {
  return isActive(await findUserSubscription(db, userId), now);
}

export async function subscriptionState(db: Kysely<Database>, userId: string, now: Date): Promise<SubscriptionState> {
  const row = await findUserSubscription(db, userId);
  return {
    active: isActive(row, now),
    status: row?.status ?? 'none',
    cancel_at_period_end: row?.cancel_at_period_end ?? false,
    current_period_end: row ? row.current_period_end.toISOString() : null,
    price: formatAmount(money('EUR', SUBSCRIPTION_PRICE_CENTS)),
  };
}

/** `GET /api/billing/create_subscription/`: the checkout page of the monthly plan; the provider's event activates it. */
export async function startSubscription(
  deps: ServiceDeps,
  user: AuthUser,
  language: Language | undefined,
): Promise<string> {
  if (user.role === 'BANKER') throw forbidden();
  const now = deps.clock.now();
  if (await subscriptionActive(deps.db, user.id, now)) throw badRequest(subscriptionMessages.alreadySubscribed);
  const session = await withTransaction(deps.db, (tx) =>
    insertSession(tx, {
      id: newSessionId(),
      provider: deps.payments.name,
      purpose: 'subscription',
      user_id: user.id,
      exchange_id: null,
      amount: SUBSCRIPTION_PRICE_CENTS.toString(),
      expires_at: new Date(now.getTime() + checkoutLifetimeMs),
      language: language ?? null,
    }),
  );
  return ensureCheckoutUrl(deps, session, 'Wallet subscription, better exchange rate (monthly)');
}

/** `GET /api/billing/cancel_subscription/`: no more renewals; the better rate stays until the period's end. */
export async function cancelSubscription(deps: ServiceDeps, user: AuthUser): Promise<SubscriptionState> {
  // SPEC.md section 6: subscription is a customer's; a banker gets the same 403 as for subscribing.
  if (user.role === 'BANKER') throw forbidden();
  const now = deps.clock.now();
  const row = await findUserSubscription(deps.db, user.id);
  if (!isActive(row, now)) throw badRequest(subscriptionMessages.notSubscribed);
  if (!row.cancel_at_period_end) {
    // The provider first: if it fails, we have not told the customer a renewal is stopped when it is not.
    await deps.payments.cancelAtPeriodEnd(row.provider_subscription_id);
    await updateSubscription(deps.db, row.id, { cancel_at_period_end: true, now });
  }
  return subscriptionState(deps.db, user.id, now);
}
