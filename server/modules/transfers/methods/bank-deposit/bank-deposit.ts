import { sql, type Transaction } from 'kysely';
import type { Contact } from '../../../../../common/api/contacts.ts';
import {
  payeeCheckNeedsConfirmation,
  payoutMessages,
  type PayeeCheckResponse,
} from '../../../../../common/api/payouts.ts';
import { moroccanBankName } from '../../../../../common/banking/moroccan-banks.ts';
import type { Database, PayeeCheckResult } from '../../../../db/schema.ts';
import { fieldError } from '../../../../http/http-error.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import type { PayoutMethod } from '../payout-method.ts';
import { arrivalOf, bankPartner } from './bank-partner.ts';

/** What a deposit to this recipient would carry, and what their bank says of the name. */
export interface DepositFacts {
  rib: string;
  holderName: string;
  payeeCheck: PayeeCheckResult;
  bankHolderName: string | null;
}

/**
 * The account holder's name a deposit to this recipient carries in the payment file (the contacts module's answer:
 * the name in Latin letters the sender gave, or the recipient's name when written in Latin letters); null when the
 * name is in another script and the sender has not given it.
 */
export function depositHolderName(contact: Contact): string | null {
  return contact.rib_holder ?? null;
}

/** The recipient's account and what the bank says of its holder: a 400 on `contact` when there is no account. */
async function depositFacts(deps: ServiceDeps, contact: Contact): Promise<DepositFacts> {
  if (contact.public) throw fieldError('contact', payoutMessages.notAPerson);
  if (!contact.rib) throw fieldError('contact', payoutMessages.noRib);
  const holderName = depositHolderName(contact);
  if (holderName === null) throw fieldError('contact', payoutMessages.noHolderName);
  const check = await bankPartner(deps).confirmPayee(contact.rib, holderName);
  return {
    rib: contact.rib,
    holderName,
    payeeCheck: check.result,
    bankHolderName: check.result === 'close_match' ? check.bankHolderName : null,
  };
}

/** Confirmation of payee as the send summary shows it, before the security code. */
export async function payeeCheckFor(deps: ServiceDeps, contact: Contact): Promise<PayeeCheckResponse> {
  const facts = await depositFacts(deps, contact);
  return {
    result: facts.payeeCheck,
    holder_name: facts.holderName,
    bank_holder_name: facts.bankHolderName,
    rib: facts.rib,
    bank: moroccanBankName(facts.rib.slice(0, 3)) ?? null,
    expected_arrival: arrivalOf(deps, deps.clock.now()).arrivalDate,
    needs_confirmation: payeeCheckNeedsConfirmation(facts.payeeCheck),
  };
}

/**
 * A deposit to the recipient's Moroccan bank account: the money waits in bank-payouts-pending from the send until
 * the bank's status report, then goes on to the partner's settlement account (completed) or back to the sender
 * (refunded, with the bank's reason code). It is handed over to the bank by the next payment file
 * (payment-files.ts), which takes every deposit `processing` and in no file yet.
 */
export const bankDeposit: PayoutMethod<DepositFacts> = {
  delivery: 'bank_deposit',
  pending: 'bank_payouts_pending',

  async validate(deps, contact, send) {
    const facts = await depositFacts(deps, contact);
    if (payeeCheckNeedsConfirmation(facts.payeeCheck) && !send.confirmPayee)
      throw fieldError('confirm_payee', payoutMessages.confirmPayee);
    return facts;
  },

  async record(tx, deps, id, { facts }) {
    const arrival = arrivalOf(deps, deps.clock.now());
    await tx
      .insertInto('payouts')
      .values({
        transaction_id: id,
        method: 'bank_deposit',
        rib: facts.rib,
        holder_name: facts.holderName,
        expected_arrival: arrival.arrivalDate,
        execution_date: arrival.executionDate,
        payee_check: facts.payeeCheck,
        bank_holder_name: facts.bankHolderName,
      })
      .execute();
  },
};

/** The deposit part of a transaction for its sender, or undefined when it is not a payout. */
export async function payoutDetailsOf(db: Transaction<Database> | ServiceDeps['db'], id: string) {
  const row = await db
    .selectFrom('payouts')
    .select(['method', 'rib', 'holder_name', 'payee_check', 'bank_holder_name', 'reason'])
    .select(sql<string | null>`to_char(expected_arrival, 'YYYY-MM-DD')`.as('expected_arrival'))
    .where('transaction_id', '=', id)
    .executeTakeFirst();
  if (!row || row.method !== 'bank_deposit' || row.rib === null || row.payee_check === null) return undefined;
  return {
    method: row.method,
    rib: row.rib,
    bank: moroccanBankName(row.rib.slice(0, 3)) ?? null,
    holder_name: row.holder_name,
    expected_arrival: row.expected_arrival,
    payee_check: row.payee_check,
    bank_holder_name: row.bank_holder_name,
    return_reason: row.reason,
  };
}
