import { SUBSCRIPTION_PRICE_CENTS, type SubscriptionState } from '../../../common/api/billing.ts';
import type { Language } from '../../../common/i18n/languages.ts';
import { formatAmount, money } from '../../../common/money/money.ts';
import { badRequest, forbidden } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { refuseIfFrozen } from '../auth/frozen.ts';
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

/** What deciding whether a plan holds needs: the database, the app's clock and the grace window. */
export type SubscriptionDeps = Pick<ServiceDeps, 'db' | 'clock' | 'config'>;

/**
 * Does the plan hold (better rate, no second subscription)? Until the period ends, and then for
 * SUBSCRIPTION_GRACE_SECONDS more while a renewal is expected (the provider's renewal arrives an hour
 * later, days when it retries a card; past due included). A plan cancelled at period end expects no renewal, so
 * it ends with its period; one the provider deleted has ended.
 */
export function subscriptionHolds(row: SubscriptionRow | undefined, now: Date, graceSeconds: number): boolean {
  if (!row || row.status === 'canceled') return false;
  const end = row.current_period_end.getTime() + (row.cancel_at_period_end ? 0 : graceSeconds * 1000);
  return end > now.getTime();
}

const isActive = (row: SubscriptionRow | undefined, deps: SubscriptionDeps): row is SubscriptionRow =>
  subscriptionHolds(row, deps.clock.now(), deps.config.SUBSCRIPTION_GRACE_SECONDS);

/** What gives the better rate: a paid-up plan, including a cancelled one until the end of its period. */
export async function subscriptionActive(deps: SubscriptionDeps, userId: string): Promise<boolean> {
  return isActive(await findUserSubscription(deps.db, userId), deps);
}

export async function subscriptionState(deps: SubscriptionDeps, userId: string): Promise<SubscriptionState> {
  const row = await findUserSubscription(deps.db, userId);
  return {
    active: isActive(row, deps),
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
  if (user.role !== 'customer') throw forbidden();
  refuseIfFrozen(user);
  const now = deps.clock.now();
  if (await subscriptionActive(deps, user.id)) throw badRequest(subscriptionMessages.alreadySubscribed);
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
  // Subscription is a customer's; a banker gets the same 403 as for subscribing.
  if (user.role !== 'customer') throw forbidden();
  const now = deps.clock.now();
  const row = await findUserSubscription(deps.db, user.id);
  if (!isActive(row, deps)) throw badRequest(subscriptionMessages.notSubscribed);
  if (!row.cancel_at_period_end) {
    // The provider first: if it fails, we have not told the customer a renewal is stopped when it is not.
    await deps.payments.cancelAtPeriodEnd(row.provider_subscription_id);
    await updateSubscription(deps.db, row.id, { cancel_at_period_end: true, now });
  }
  return subscriptionState(deps, user.id);
}
