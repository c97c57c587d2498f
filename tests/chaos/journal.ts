import { formatAmount, money, parseAmount } from '../../common/money/money.ts';
/**
 * What the clients saw, operation by operation: the evidence the invariants are checked against. "ok" is an
 * acknowledged operation (2xx), "refused" a definite 4xx, "unresolved" no definite answer before giving up.
 * `unknown` counts the attempts whose outcome the client never saw (timeout, reset): after one of them a
 * refusal may hide an earlier success for operations without an Idempotency-Key (cancel, card payment).
 */
export type OpResult = 'ok' | 'refused' | 'unresolved';

export interface MoneyOp {
  kind: 'send' | 'send-unregistered' | 'withdraw';
  userId: string;
  key: string;
  amountMinor: bigint;
  contact: number;
  result: OpResult;
  status: number;
  unknown: number;
  txId?: number;
  /** The status in the acknowledgment (completed, unclaimed, pending). */
  txStatus?: string;
  message?: string;
  lastSentAt?: number;
}

export interface PayoutOp {
  tellerId: string;
  key: string;
  txId: number;
  result: OpResult;
  status: number;
  unknown: number;
  /** A second validation of the same withdrawal (another teller, or a double tap without key reuse). */
  repeat: boolean;
  lastSentAt: number;
}

export interface CancelOp {
  userId: string;
  txId: number;
  result: OpResult;
  status: number;
  unknown: number;
  answerStatus?: string;
  message?: string;
}

export interface TopupOp {
  userId: string;
  validateKey: string;
  card: 'good' | 'declined';
  result: OpResult;
  /** Where it stopped: draft, validate, pay, confirm (polling the session). */
  stage: string;
  status: number;
  exchangeId?: number;
  session?: string;
  toAmountMinor?: bigint;
  /** Pay attempts whose answer we never saw: a declined card after one of them is not evidence. */
  unknown: number;
  /** Times the card page said "paid" but the session stayed open (the sandbox could not deliver its event). */
  undelivered: number;
}

export interface SignupOp {
  email: string;
  userId?: string;
  result: OpResult;
}

export interface Journal {
  money: MoneyOp[];
  payouts: PayoutOp[];
  cancels: CancelOp[];
  topups: TopupOp[];
  signups: SignupOp[];
  /** Deliberate repeats of an acknowledged request with the same key and body; each must replay the answer. */
  replays: number;
  /** Same key, other body: each must be a 409. */
  conflictProbes: number;
  /** Balances read by customers during the run (each must be >= 0). */
  balanceReads: number;
  /** Every user the run created (customers, tellers, late sign-ups): the per-wallet checks cover them all. */
  userIds: Set<string>;
}

export const newJournal = (): Journal => ({
  money: [],
  payouts: [],
  cancels: [],
  topups: [],
  signups: [],
  replays: 0,
  conflictProbes: 0,
  balanceReads: 0,
  userIds: new Set(),
});

/** An API amount or balance ("12.34", "0.00", "-1.00") in exact minor units, through the app's own parser. */
export function toMinor(amount: unknown): bigint {
  const text = String(amount);
  if (/^-?0+\.00$/.test(text)) return 0n;
  const negative = text.startsWith('-');
  const parsed = parseAmount(negative ? text.slice(1) : text, 'MAD');
  if (!parsed.ok) throw new Error(`not an amount: ${text}`);
  return negative ? -parsed.value.minor : parsed.value.minor;
}

/** Minor units as the API writes an amount ("12.34"). */
export const formatMinor = (minor: bigint): string => formatAmount(money('MAD', minor));
