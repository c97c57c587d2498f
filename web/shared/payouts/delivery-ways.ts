import type { Contact } from '../../../common/api/contacts';
import type { Delivery } from '../../../common/api/transactions';
import { isMoroccanMobile } from '../../../common/identity/phone';
import type { TranslationKey } from '../../i18n/i18n';

/**
 * The ways money can reach a person and who can receive each: the send flow offers them for one send, the schedule
 * form for every date of a standing order. A new way is one more entry here; the send flow adds its arrival, fee
 * and summary (web/features/transactions/delivery-methods.tsx).
 */
export interface DeliveryWay {
  kind: Delivery;
  /** The radio's test id (kept from the first screens: e2e specs use them). */
  testId: string;
  label: TranslationKey;
  /** Whether this recipient can receive this way (an agency receives none: it is a withdrawal). */
  accepts: (contact: Contact) => boolean;
}

export const deliveryWays: readonly DeliveryWay[] = [
  { kind: 'wallet', testId: 'delivery-wallet', label: 'pickups.toWallet', accepts: (c) => !c.public },
  {
    kind: 'cash_pickup',
    testId: 'delivery-pickup',
    label: 'pickups.cashPickup',
    // The reference goes to the recipient by SMS.
    accepts: (c) => !c.public && Boolean(c.phone_number),
  },
  {
    kind: 'bank_deposit',
    testId: 'delivery-bank',
    label: 'payouts.toBank',
    accepts: (c) => !c.public && Boolean(c.rib),
  },
  {
    kind: 'mobile_wallet',
    testId: 'delivery-mobile-wallet',
    label: 'payouts.toMobileWallet',
    // The operator pays a Moroccan mobile number only; the server refuses any other (+212 5 is a landline).
    accepts: (c) => !c.public && c.phone_number !== null && isMoroccanMobile(c.phone_number),
  },
];

/** The way of `kind`. */
export function deliveryWay(kind: Delivery): DeliveryWay {
  const way = deliveryWays.find((w) => w.kind === kind);
  if (!way) throw new Error(`no delivery way ${kind}`);
  return way;
}

/** The ways this recipient can receive, in the order the screens offer them (the wallet first, the default). */
export function waysFor(contact: Contact | undefined): DeliveryWay[] {
  return contact ? deliveryWays.filter((w) => w.accepts(contact)) : [];
}
