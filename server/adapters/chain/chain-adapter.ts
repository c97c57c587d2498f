/** The kinds of records on the public ledger: completed transactions, and proof-of-liabilities roots (ADR 012). */
export type AnchorKind = 'transfer' | 'withdrawal' | 'topup' | `liabilities:${number}`;

/**
 * What goes on chain for one completed transaction, and nothing else: pseudonymous
 * addresses, the amount, the kind, the time and a salted hash of our transaction reference. No names, phones or
 * e-mails. `reference_hash` is also the record id: publishing it twice must not make two records.
 */
export interface AnchorPayload {
  [key: string]: string | null;
  v: '1';
  reference_hash: string;
  kind: AnchorKind;
  from: string | null;
  to: string | null;
  /** Decimal string in the currency's units (`"150.00"`). */
  amount: string;
  currency: string;
  /** ISO 8601, when the transaction completed. */
  time: string;
}

/** What became of one payload of a record() call: its tx_id, or why it was not recorded (the outbox retries it). */
export type RecordOutcome = { ok: true; txId: string } | { ok: false; error: Error };

/**
 * The public ledger, whatever runs it: the built-in local ledger, or an EVM network.
 *
 * record() takes a batch and answers one outcome per payload, in the same order. It must be idempotent on the
 * record id: after a crash between publishing and storing the result, the retry returns the first record's tx_id
 * instead of writing another. It may also reject as a whole (the network is down): every payload then failed.
 */
export interface ChainAdapter {
  readonly name: 'local' | 'evm';
  /** A user's wallet address: 0x + 40 hex, stable for ever (existing users keep theirs). */
  walletAddress: (userId: string) => string;
  /** An agency's address, the counterparty of cash withdrawals. */
  agencyAddress: (agencyId: string) => string;
  record(payloads: readonly AnchorPayload[]): Promise<RecordOutcome[]>;
  /**
   * How many payloads the worker hands to one record() call. The local ledger appends a whole batch in one
   * database transaction (so: the whole leased batch); the EVM adapter sends one network transaction per record, so
   * it takes one at a time and the worker runs CHAIN_WORKER_CONCURRENCY of those calls at once, storing each tx_id
   * as soon as it is confirmed.
   */
  readonly maxBatch: number;
  /** Explorer URL templates (`{id}`, `{address}`), published to the web app by GET /api/chain/. */
  readonly explorer: { tx: string; address: string };
}

/** The error of a failed outcome, whatever was thrown. */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
