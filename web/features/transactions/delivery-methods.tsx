import type { ReactNode } from 'react';
import type { Contact } from '../../../common/api/contacts';
import { formatPhone } from '../../../common/identity/phone';
import { money, type Money } from '../../../common/money/money';
import type { TFunction } from '../../i18n/i18n';
import { tIsolated } from '../../ui/bidi';
import { translateServerMessage } from '../../ui/server-messages';
import { ApiError } from '../../shared/api/api-error';
import { deliveryWay, type DeliveryWay } from '../../shared/payouts/delivery-ways';
import { formatCalendarDay } from './payout-format';
import type { usePayeeCheck } from './use-payee-check';

/** What the send screen knows when it describes a way of receiving. */
export interface MethodContext {
  contact: Contact;
  t: TFunction;
  locale: string;
  /** Confirmation of payee, asked once the bank account is chosen (it carries the arrival date). */
  payee: ReturnType<typeof usePayeeCheck>;
}

/**
 * One way a send can reach its person, as the send screen describes it: who can receive it is the shared rule
 * (web/shared/payouts/delivery-ways.ts); this adds when it arrives and what it costs.
 */
export interface DeliveryMethod extends DeliveryWay {
  /** When the money arrives, as the server knows it; never a guess of the page. */
  delay: (context: MethodContext) => ReactNode;
  /** What the sender pays on top of the amount. Sends in dirhams carry no fee today, whatever the way. */
  fee: Money<'MAD'>;
  /** How the summary names it, when more than the method's name is needed (which number it is paid to). */
  summary?: (contact: Contact, t: TFunction) => ReactNode;
}

const noFee = money('MAD', 0n);

/** The bank's arrival date, from the server's calendar (cut-off, holidays, settlement days). */
function bankDelay({ payee, t, locale }: MethodContext): ReactNode {
  if (payee.data) return tIsolated(t, 'payouts.choice.bankArrival', { date: formatCalendarDay(payee.data.expected_arrival, locale) });
  if (payee.isError) {
    const field = payee.error instanceof ApiError ? payee.error.firstError('contact') : undefined;
    return field !== undefined ? translateServerMessage(field, t) : t('payouts.choice.bankArrivalFailed');
  }
  // Not asked yet: the bank is asked only once the sender chooses this way.
  if (payee.fetchStatus === 'idle') return t('payouts.choice.bankArrivalOnChoice');
  return t('payouts.choice.bankArrivalLoading');
}

export const deliveryMethods: readonly DeliveryMethod[] = [
  {
    ...deliveryWay('wallet'),
    // The recipient's account is shown once money has moved between the two: before, whether they have one is
    // not said, so neither is the moment.
    delay: ({ contact, t }) => t(contact.contact_user !== null ? 'payouts.choice.walletNow' : 'payouts.choice.walletUnknown'),
    fee: noFee,
  },
  { ...deliveryWay('cash_pickup'), delay: ({ t }) => t('payouts.choice.cashNow'), fee: noFee },
  { ...deliveryWay('bank_deposit'), delay: bankDelay, fee: noFee },
  {
    ...deliveryWay('mobile_wallet'),
    delay: ({ t }) => t('payouts.choice.mobileWalletMinutes'),
    fee: noFee,
    // The number the operator pays, read left to right in Arabic too ('+212 6 12 34 56 78' has no letter).
    summary: (c, t) => tIsolated(t, 'payouts.summary.toMobileWallet', { phone: formatPhone(c.phone_number ?? '') }, ['phone']),
  },
];

/** The summary's words for the chosen way. */
export function methodSummary(method: DeliveryMethod, contact: Contact, t: TFunction): ReactNode {
  return method.summary ? method.summary(contact, t) : t(method.label);
}

/** The ways this recipient can receive, in the order the screen offers them (the wallet first, the default). */
export function methodsFor(contact: Contact | undefined): DeliveryMethod[] {
  return contact ? deliveryMethods.filter((m) => m.accepts(contact)) : [];
}
