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
  /** A withdrawal's code, shown at the counter. */
  token?: string;
  /** Epoch ms: when the server says a withdrawal's code stops being payable (its `expires_at`). */
  expiresAt?: number;
  message?: string;
  lastSentAt?: number;
  /**
   * Who the client meant to pay: the e-mail of the contact it picked (a customer or a person without an account
   * yet), or the agency id of a withdrawal. The client's own record, never read back from the server.
   */
  recipient: string;
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

/** A teller's reservation of a withdrawal and the customer's cancels around it (scenarios/reserved-cancel.ts). */
export interface ReservationOp {
  txId: number;
  userId: string;
  tellerId: string;
  /** What the teller does after the customer's first cancel: pay out, release, or let the reservation lapse. */
  plan: 'validate' | 'release' | 'lapse';
  /** The reserve's answer (0: none), when it came (epoch ms) and, for a refusal, its body. */
  reserve: number;
  reserveAnsweredAt?: number;
  reserveMessage?: string;
  /** Epoch ms: the withdrawal's `expires_at` as the creation answered it. */
  expiresAt?: number;
  /** Epoch ms, from the reserve's `reserved_until`. */
  reservedUntil?: number;
  /** The customer's cancel while the reservation holds, and again once it is over (release or lapse). */
  firstCancel?: { status: number; unknown: number; answeredAt: number; message?: string };
  secondCancel?: { status: number; unknown: number; answeredAt: number; message?: string };
  release?: number;
  validate?: number;
}

export interface TopupOp {
  userId: string;
  /** The Idempotency-Key of the last validation (a new one after a 409 with a new quote). */
  validateKey: string;
  card: 'good' | 'declined';
  result: OpResult;
  /** Where it stopped: draft, validate, pay, confirm (polling the session). */
  stage: string;
  status: number;
  exchangeId?: number;
  session?: string;
  /** The euros the customer typed, in cents. */
  eurMinor: bigint;
  /**
   * The window in which the price was fixed (epoch ms): from the draft (its quote) being sent to the validation
   * (which honours that quote, or commits a new one) being answered.
   */
  pricedFrom?: number;
  pricedUntil?: number;
  /** What the session said was credited (the app's figure: compared with the client's own, never trusted). */
  toAmountMinor?: bigint;
  /** The MAD of the last quote the client was shown and accepted (the draft's, or a 409's new one). */
  quotedToMinor?: bigint;
  /**
   * Refused by the customer's top-up limit: a 400 on from_amount (or amount) with the limit message, an
   * expected outcome once the workload has added 1,000 EUR for a level-1 customer, not an anomaly.
   */
  limited?: boolean;
  /** How the session ended when it ended unpaid: its status and the outcome the app recorded (`refunded/superseded`). */
  sessionEnd?: string;
  /** Pay attempts whose answer we never saw: a declined card after one of them is not evidence. */
  unknown: number;
  /** Times the card page said "paid" but the session stayed open (the sandbox could not deliver its event). */
  undelivered: number;
}

/**
 * Rates the run set (`rates:set`) or read (`GET /api/rates/`): in force from some instant in [from, to] on. The
 * client prices every top-up itself from these, not from the app's `to_amount`.
 */
export interface RateEvent {
  freemium: string;
  subscription: string;
  from: number;
  to: number;
}

/** A cash pickup: its send, then what the sender and the tellers did with it. */
export interface PickupOp {
  userId: string;
  key: string;
  amountMinor: bigint;
  result: OpResult;
  status: number;
  unknown: number;
  message?: string;
  txId?: number;
  reference?: string;
  cancels: { result: OpResult; status: number; message?: string }[];
  payouts: { tellerId: string; key: string; result: OpResult; status: number; message?: string }[];
}

/** A send to a bank account (RIB) or a Moroccan mobile wallet (scenarios/bank-deposit.ts, mobile-wallet.ts). */
export interface PayoutSendOp {
  method: 'bank_deposit' | 'mobile_wallet';
  userId: string;
  key: string;
  amountMinor: bigint;
  contact: number;
  /** What the client picked: the RIB or the phone number of that contact. */
  destination: string;
  result: OpResult;
  status: number;
  unknown: number;
  message?: string;
  txId?: number;
}

/** What the partner bank (the run plays it) decided for a deposit it received in a file: final once decided. */
export type BankFate = 'settled' | 'accepted' | 'rejected';

/** A payment file under its final name, as the bank received it, and the reports the bank sent about it. */
export interface PaymentFileOp {
  name: string;
  messageId: string;
  /** The transaction ids of its deposits (from the file's end-to-end ids). */
  deposits: number[];
}

/** One run of an operator command (export, import, scheduler pass): killed -9 or not, and its exit code. */
export interface OperatorRunOp {
  command: string;
  code: number;
  killed: boolean;
  /** In the harness's own process (the drain), not a child process. */
  inProcess: boolean;
  output: string;
}

/** A schedule made by a saver (scenarios/schedules.ts): one transfer, due on the day it is made. */
export interface ScheduleOp {
  userId: string;
  key: string;
  amountMinor: bigint;
  contact: number;
  /** The e-mail of the recipient (another customer). */
  recipient: string;
  /**
   * The client's own judgement when it made it: its balance, less what its other schedules may still take, covers
   * the amount (then the date must be sent, exactly once), or it is far beyond any balance of the run (never sent).
   */
  affordable: boolean;
  result: OpResult;
  status: number;
  message?: string;
  scheduleId?: number;
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
  reservations: ReservationOp[];
  topups: TopupOp[];
  signups: SignupOp[];
  pickups: PickupOp[];
  payoutSends: PayoutSendOp[];
  /** The partner bank's decision per deposit (transaction id), taken the first time it reports it decisively. */
  bankFates: Map<number, BankFate>;
  /** The reason code the bank gave a rejected deposit. */
  bankReasons: Map<number, string>;
  paymentFiles: PaymentFileOp[];
  /** FILE.part files left by killed exports: renamed into place (recorded) or thrown away (nothing marked). */
  partFiles: { recovered: number; discarded: number };
  operatorRuns: OperatorRunOp[];
  /** Callbacks the wallet operator sent again (the run plays its redelivery), by the route's outcome. */
  walletCallbacks: Record<string, number>;
  schedules: ScheduleOp[];
  /** Deliberate repeats of an acknowledged request with the same key and body; each must replay the answer. */
  replays: number;
  /** Same key, other body: each must be a 409. */
  conflictProbes: number;
  /** Balances read by customers during the run (each must be >= 0). */
  balanceReads: number;
  /** Every user the run created (customers, tellers, late sign-ups): the per-wallet checks cover them all. */
  userIds: Set<string>;
  /** The same people by e-mail (how the client names a recipient). */
  userIdByEmail: Map<string, string>;
  rates: RateEvent[];
}

export const newJournal = (): Journal => ({
  money: [],
  payouts: [],
  cancels: [],
  reservations: [],
  topups: [],
  signups: [],
  pickups: [],
  payoutSends: [],
  bankFates: new Map(),
  bankReasons: new Map(),
  paymentFiles: [],
  partFiles: { recovered: 0, discarded: 0 },
  operatorRuns: [],
  walletCallbacks: {},
  schedules: [],
  replays: 0,
  conflictProbes: 0,
  balanceReads: 0,
  userIds: new Set(),
  userIdByEmail: new Map(),
  rates: [],
});

/** Records a person the run signed in (or signed up). */
export function addUser(journal: Journal, email: string, userId: string): void {
  journal.userIds.add(userId);
  journal.userIdByEmail.set(email, userId);
}

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
