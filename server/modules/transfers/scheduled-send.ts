import type { Transaction as Tx } from 'kysely';
import type { Contact } from '../../../common/api/contacts.ts';
import { recoveryMessages } from '../../../common/api/messages.ts';
import type { Money } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { forbidden, HttpError } from '../../http/http-error.ts';
import type { RecipientScreening } from '../sanctions/screening.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { bankDeposit, depositHolderName, type DepositFacts } from './methods/bank-deposit/bank-deposit.ts';
import { textRecipient } from './methods/cash-pickup/pickup-sms.ts';
import { mobileWallet } from './methods/mobile-wallet/wallet-dispatch.ts';
import type { PayoutMethod } from './methods/payout-method.ts';
import { payoutOrHold } from './payout-sends.ts';
import { moveSendMoney } from './send-money.ts';
import { announcePickup, refusePickupRecipient } from './transactions.service.ts';

/**
 * A send made for a standing order (the schedules module): the same money path as a send of that way typed by hand
 * (a wallet credit or a wait for the recipient's registration, a cash pickup with its reference and SMS, a bank
 * deposit, a mobile wallet payout), minus what the customer gave once for the whole order (the security code) and
 * what the caller does itself under the order's lock (the frozen sender, the bounds, the rolling limit and the
 * idempotency key of the date).
 */

/** The ways a scheduled send reaches its recipient. */
export type ScheduledDelivery = 'wallet' | 'cash_pickup' | 'bank_deposit' | 'mobile_wallet';

export interface ScheduledSend {
  senderId: string;
  contact: Contact;
  amount: Money<'MAD'>;
  delivery: ScheduledDelivery;
  /** The sender accepted, when making the order, a bank that does not confirm the holder's name. */
  confirmPayee: boolean;
}

/**
 * What the partner said of a scheduled payout before the order's lock was taken: a bank deposit's answer on the
 * holder's name (its facts, or its refusal), with the account and name it was asked for. A call to the partner
 * never waits under a row lock or inside a database transaction, so the scheduler asks it first (partnerCheck)
 * and the send under the lock uses it only while the recipient's account and name are still those it was asked for.
 */
export interface PartnerCheck {
  asked: string;
  answer: DepositFacts | HttpError;
}

/**
 * Thrown under the order's lock when the recipient's bank details changed after the partner was asked: nothing is
 * recorded for the date, which stays due for the next pass (which asks again).
 */
export class StalePartnerCheck extends Error {
  constructor() {
    super('the recipient changed after the partner was asked');
  }
}

/** What a bank deposit asks the partner about: the send's confirmation, the recipient's account and holder name. */
const askedOf = (send: ScheduledSend) =>
  JSON.stringify([send.confirmPayee, send.contact.public, send.contact.rib ?? null, depositHolderName(send.contact)]);

/**
 * The partner's answer a scheduled send of this way needs, asked now (outside any transaction); null for a way
 * that asks no partner before the send.
 */
export async function partnerCheck(deps: ServiceDeps, send: ScheduledSend): Promise<PartnerCheck | null> {
  if (send.delivery !== 'bank_deposit') return null;
  const asked = askedOf(send);
  try {
    return { asked, answer: await bankDeposit.validate(deps, send.contact, send) };
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return { asked, answer: error };
    throw error;
  }
}

/** What became of the send: the recipient can no longer receive this way, or sent (with what follows the commit). */
export type ScheduledOutcome = { kind: 'cannot_receive' } | { kind: 'sent'; id: string; afterCommit: () => void };

type Announce = (
  tx: Tx<Database>,
  screening: RecipientScreening,
  coolingOff: boolean,
) => Promise<{ id: string; afterCommit: () => void }>;

const nothingAfter = () => undefined;

function payout<Facts>(deps: ServiceDeps, method: PayoutMethod<Facts>, send: ScheduledSend, facts: Facts): Announce {
  return async (tx, screening) => {
    const id = await payoutOrHold(tx, deps, method, { ...send, facts }, screening);
    return { id, afterCommit: () => method.dispatch?.(deps, id) };
  };
}

/**
 * Whether this recipient can receive this way, by the method's own rule (the wallet: a person; cash: a person with
 * a phone; a bank deposit: a RIB, and the bank's answer on the name; a mobile wallet: a Moroccan mobile number),
 * and how the money then leaves. A 4xx when they cannot, on the method's field with its words.
 */
async function prepare(deps: ServiceDeps, send: ScheduledSend, checked?: PartnerCheck | null): Promise<Announce> {
  const { contact } = send;
  switch (send.delivery) {
    case 'wallet':
      return async (tx, screening, coolingOff) => ({
        id: await moveSendMoney(tx, deps, send.senderId, contact, send.amount, screening, coolingOff),
        afterCommit: nothingAfter,
      });
    case 'cash_pickup':
      refusePickupRecipient(contact);
      return async (tx, screening) => {
        const created = await announcePickup(tx, deps, { ...send, agency: null, screening });
        const sms = created.sms;
        return { id: created.id, afterCommit: () => (sms === null ? undefined : void textRecipient(deps, sms, false)) };
      };
    case 'bank_deposit': {
      // Under the order's lock: the answer asked before it, for this very account and name, or none at all.
      if (checked === undefined)
        return payout(deps, bankDeposit, send, await bankDeposit.validate(deps, contact, send));
      if (checked === null || checked.asked !== askedOf(send)) throw new StalePartnerCheck();
      if (checked.answer instanceof HttpError) throw checked.answer;
      return payout(deps, bankDeposit, send, checked.answer);
    }
    case 'mobile_wallet':
      return payout(deps, mobileWallet, send, await mobileWallet.validate(deps, contact, send));
  }
}

/** The method's way out for `send`, or its refusal (a 4xx on its field) when the recipient cannot receive so. */
async function prepared(
  deps: ServiceDeps,
  send: ScheduledSend,
  checked?: PartnerCheck | null,
): Promise<Announce | HttpError> {
  try {
    return await prepare(deps, send, checked);
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return error;
    throw error;
  }
}

/** Why `contact` cannot receive `send` this way (the method's 4xx, on its field), or null when they can. */
export async function receiveRefusal(deps: ServiceDeps, send: ScheduledSend): Promise<HttpError | null> {
  const way = await prepared(deps, send);
  return way instanceof HttpError ? way : null;
}

/**
 * One scheduled send in the caller's transaction (which holds the order's lock, has taken the rolling limit and
 * the date's idempotency key): the recipient checked again by the method's rule (a bank deposit by the partner's
 * answer `partnerCheck` gave before the lock: StalePartnerCheck when it no longer fits), then the hand-made send's
 * money path. Cash, a bank deposit or a mobile wallet payout in the cooling-off after an account recovery is refused (403)
 * as by hand; the other refusals of that path (the balance, a screening hit on a payout) are thrown as there.
 * `afterCommit` is what the hand-made send does after its commit (the pickup's SMS, the request to the wallet
 * operator): the caller runs it once its transaction committed.
 */
export async function sendOnSchedule(
  tx: Tx<Database>,
  deps: ServiceDeps,
  send: ScheduledSend & { screening: RecipientScreening; coolingOff: boolean; checked: PartnerCheck | null },
): Promise<ScheduledOutcome> {
  const announce = await prepared(deps, send, send.checked);
  if (announce instanceof HttpError) return { kind: 'cannot_receive' };
  if (send.delivery !== 'wallet' && send.coolingOff) throw forbidden(recoveryMessages.coolingOff);
  return { kind: 'sent', ...(await announce(tx, send.screening, send.coolingOff)) };
}
