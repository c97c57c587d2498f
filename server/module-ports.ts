import type { ServiceDeps } from './modules/service-deps.ts';
import { subscriptionActive, subscriptionState } from './modules/billing/subscriptions.service.ts';
import { limitsOf } from './modules/compliance/limits.ts';
import { findUserExchange, settleTopUp } from './modules/exchanges/index.ts';
import { linkContactsToNewUser } from './modules/contacts/contacts-link.service.ts';
import { identityUnderReview } from './modules/kyc/kyc.service.ts';
import { presentAlert } from './modules/rate-alerts/rate-alerts.service.ts';
import { screenProfileChange } from './modules/sanctions/profile-screening.ts';
import { recordCustomerScreening } from './modules/sanctions/screening.ts';
import { claimTransfersForNewUser } from './modules/transfers/waiting.service.ts';
import { accountSigningIn } from './modules/users/users.service.ts';
import type { UsersPorts } from './modules/users/users-ports.ts';

/**
 * The answers to what modules low in the order ask of those above them (each port is declared by the module that
 * asks): composed here, above every module, and handed to the services in ServiceDeps.ports.
 */

/** users: a proved identifier, the profile's summary, its screening, the data export and closure. */
export const usersPorts: UsersPorts = {
  async identifierProved(tx, user) {
    // Recipients naming the identifier point to the user first, then the money waiting for it is theirs.
    await linkContactsToNewUser(tx, user);
    await claimTransfersForNewUser(tx, user);
  },
  subscriptionActive,
  subscriptionState,
  limitsOf,
  async screenProfileChange(deps, userId, profile) {
    const screening = await screenProfileChange(deps, userId, profile);
    return screening === null ? null : (tx) => recordCustomerScreening(tx, deps, userId, screening);
  },
  identityUnderReview,
  presentRateAlert: presentAlert,
};

export const modulePorts: ServiceDeps['ports'] = {
  signIn: { accountSigningIn },
  // billing: a top-up's card payment confirmed, and what its return page says was credited.
  billing: { settleTopUp, topUpOf: findUserExchange },
  users: usersPorts,
};
