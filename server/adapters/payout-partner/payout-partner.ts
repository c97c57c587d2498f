import type { Money } from '../../../common/money/money.ts';
import type { CreditTransferFile } from './pain001.ts';
import type { StatusReport } from './pain002.ts';

/**
 * The partner that pays out in Morocco, behind one interface the way card payments have Stripe and a sandbox: the
 * built-in sandbox in development and tests, a real partner later (ADR 023). Two ways money arrives:
 *
 * - bank deposits to a RIB, by ISO 20022 files: we write a pain.001 of the deposits not yet exported, the bank
 *   answers with pain.002 status reports. How a file travels (an operator's upload, SFTP, a bank's API) is the
 *   implementation's business; the formats are the same for all.
 * - mobile wallet payouts to a Moroccan mobile number: one request per payout with our idempotency key, answered
 *   later by a signed callback.
 */

/** Confirmation of payee: what the recipient's bank says of the holder's name we would send. */
export type PayeeCheck =
  | { result: 'match' }
  /** The bank holds a name close to ours: the sender sees it ('close match: the bank has X'). */
  | { result: 'close_match'; bankHolderName: string }
  | { result: 'no_match' }
  /** The bank could not be asked or did not answer: the send may go on, the sender is told it was not checked. */
  | { result: 'unavailable' };

export interface BankDepositPartner {
  confirmPayee(rib: string, holderName: string): Promise<PayeeCheck>;
  /** Hands a written pain.001 to the bank (the sandbox keeps it and answers with a report). */
  submitFile(file: CreditTransferFile, xml: string): Promise<void>;
  /** Status reports the bank has produced since the last call, as pain.002 texts. */
  collectReports(): Promise<string[]>;
  readReport(xml: string): StatusReport;
}

export type WalletFailure = 'wallet_not_found' | 'wallet_ceiling_exceeded' | 'partner_unavailable';

export interface WalletPayoutRequest {
  /** Ours, unique per payout: a repeated request with the same key is the same payout, never a second one. */
  idempotencyKey: string;
  /** E.164, a Moroccan mobile number (+212 6… or +212 7…). */
  phone: string;
  amount: Money<'MAD'>;
  recipientName: string;
}

export type WalletOutcome = { status: 'completed' } | { status: 'failed'; reason: WalletFailure };

/** What a verified callback says: which payout (our key) and how it ended. */
export interface WalletCallback {
  idempotencyKey: string;
  partnerReference: string;
  outcome: WalletOutcome;
}

export interface MobileWalletPartner {
  /** Accepted for processing: the outcome comes later by callback. */
  requestPayout(request: WalletPayoutRequest): Promise<{ partnerReference: string }>;
  /**
   * The callback's raw body and signature header, checked (HMAC-SHA256 of the raw body with a timestamp, compared
   * in constant time, as the card webhooks are) before anything in it is believed. Throws InvalidSignatureError.
   */
  verifyCallback(rawBody: Buffer, signature: string | undefined, now: Date): WalletCallback;
  /**
   * The operator's answer for one payout, asked by our idempotency key when its callback is late: how it ended,
   * in a callback's terms, or null while the operator has no final answer (still processing, or the key unknown
   * to it). Throws when the operator cannot be asked.
   */
  payoutStatus(idempotencyKey: string): Promise<WalletCallback | null>;
}

// The rule lives with the other phone rules, so the send screen offers a wallet payout exactly when the server takes it.
export { isMoroccanMobile } from '../../../common/identity/phone.ts';
