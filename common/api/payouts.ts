import { z } from 'zod';

/** Confirmation of payee: what the recipient's bank says of the holder's name a deposit would carry. */
export const payeeCheckResults = ['match', 'close_match', 'no_match', 'unavailable'] as const;
export type PayeeCheckResult = (typeof payeeCheckResults)[number];

/** The answers that need the sender's explicit `confirm_payee` before the money goes. */
export const payeeCheckNeedsConfirmation = (result: PayeeCheckResult): boolean =>
  result === 'no_match' || result === 'close_match';

/** The messages of a payout send, one per rule; the screens translate them. */
export const payoutMessages = {
  noRib: 'This recipient has no bank account (RIB): add one to send a bank deposit.',
  notAPerson: 'A bank deposit is sent to a person, not to an agency.',
  confirmPayee: "The recipient's bank does not confirm this name: confirm to send all the same.",
  noHolderName:
    "Add the account holder's name in Latin letters, as the bank account shows it, to this recipient's bank details.",
  noMobileWallet: 'A mobile wallet payout goes to a Moroccan mobile number (+212 6… or +212 7…): this recipient has none.',
  walletNotAPerson: 'A mobile wallet payout is sent to a person, not to an agency.',
} as const;

/** Why a wallet operator could not pay a mobile wallet payout (the money goes back to the sender). */
export const walletFailures = ['wallet_not_found', 'wallet_ceiling_exceeded', 'partner_unavailable'] as const;
export type WalletFailureReason = (typeof walletFailures)[number];

/** The bank deposit part of a transaction, for its sender. */
export const payoutDetailsSchema = z.object({
  method: z.literal('bank_deposit'),
  /** The 24 digits of the recipient's RIB, and its bank's name. */
  rib: z.string(),
  bank: z.string().nullable(),
  /** The holder's name as the payment file carries it. */
  holder_name: z.string(),
  /** YYYY-MM-DD: when the money should be on the recipient's account. */
  expected_arrival: z.string().nullable(),
  payee_check: z.enum(payeeCheckResults),
  /** On a close match, the name the bank holds. */
  bank_holder_name: z.string().nullable(),
  /** Why the bank returned it (its reason code: AC01, AC04…), once returned. */
  return_reason: z.string().nullable(),
});
export type PayoutDetails = z.infer<typeof payoutDetailsSchema>;

/** The mobile wallet part of a transaction, for its sender. */
export const walletPayoutDetailsSchema = z.object({
  method: z.literal('mobile_wallet'),
  /** The recipient's Moroccan mobile number (E.164) the operator pays. */
  phone: z.string(),
  recipient_name: z.string(),
  /**
   * Where it stands, in the customer's words: `processing` (not yet with the operator), `sent_to_wallet` (the
   * operator has it), `credited`, or `returned` (the money is back on the sender's balance, `return_reason` says why).
   */
  stage: z.enum(['processing', 'sent_to_wallet', 'credited', 'returned']),
  /** The operator's reference once it accepted the payout. */
  partner_reference: z.string().nullable(),
  /** Why the operator could not pay (walletFailures), once returned. */
  return_reason: z.enum(walletFailures).nullable(),
});
export type WalletPayoutDetails = z.infer<typeof walletPayoutDetailsSchema>;

/** `POST /api/transactions/payee-check/`: what a bank deposit to this recipient would carry, before the code. */
export const payeeCheckRequestSchema = z.object({
  contact: z
    .union([z.number(), z.string()])
    .transform(String)
    .pipe(z.string().regex(/^[1-9]\d{0,14}$/)),
});

export const payeeCheckResponseSchema = z.object({
  result: z.enum(payeeCheckResults),
  holder_name: z.string(),
  bank_holder_name: z.string().nullable(),
  rib: z.string(),
  bank: z.string().nullable(),
  expected_arrival: z.string(),
  /** Whether the send needs `confirm_payee: true`. */
  needs_confirmation: z.boolean(),
});
export type PayeeCheckResponse = z.infer<typeof payeeCheckResponseSchema>;
