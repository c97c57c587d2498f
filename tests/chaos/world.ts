import type { Rng } from './rng.ts';
import type { Anomaly } from './client.ts';
import type { WalletBook } from './books.ts';
import type { Journal, OpResult } from './journal.ts';
import type { Customer, Person, Teller } from './population.ts';

/** What every actor of the workload shares while it runs. */

export interface Counter {
  token: string;
  txId: number;
}

export interface World {
  journal: Journal;
  anomalies: Anomaly[];
  stopAt: number;
  /** Withdrawal QR codes shown at each agency's counter, waiting for a teller to scan them. */
  counters: Map<string, Counter[]>;
  /** The operator's environment (admin CLI), for scenarios that act as the operator (rates:set). */
  operatorEnv?: NodeJS.ProcessEnv;
  /** A generator of the run's seed for operator actors. */
  operatorRng?: Rng;
  /** The background worker's environment: the API processes' (its database sessions carry their name). */
  workerEnv?: NodeJS.ProcessEnv;
  /** The run's log (a line with the time since the start). */
  log?: (line: string) => void;
  /** A folder of the run's own (payment files and the bank's reports), removed at the end unless kept. */
  scratchDir?: string;
}

/** The people of the run. */
export interface Cast {
  customers: Customer[];
  tellers: Teller[];
  /** E-mails of people who are sent money before they have an account, and register during the run. */
  ghosts: string[];
  registrar: Person;
  /** A new person with a client of their own, not signed in yet (scenarios that sign up people of their own). */
  recruit?: (email: string) => Person;
}

/** A customer's own state between steps: the balance last read, and what could still be cancelled. */
export interface CustomerState {
  balance: bigint;
  waiting: number[];
}

export const resultOf = (status: number): OpResult => (status === 0 ? 'unresolved' : status < 300 ? 'ok' : 'refused');

export type Row = Record<string, unknown>;
export type Query = (text: string) => Promise<Row[]>;
export type Fail = (check: string, detail: string) => void;

export const big = (v: unknown): bigint =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' ? BigInt(v) : 0n;

export interface CheckContext {
  q: Query;
  journal: Journal;
  fail: Fail;
  /**
   * Acknowledged operations retried after an attempt we gave up on, whose key the database had stored before the
   * retry left: the first attempt did the work and the retry was answered from the idempotency record.
   */
  evidence: { answeredByReplay: number };
}

/**
 * One kind of thing that happens in the run, in one file under scenarios/: what the actors do, what it moves in
 * the client's books, and what the stopped database must then show. Adding a scenario is a file and a line in
 * scenarios/index.ts (and a section in the journal for its record).
 */
export interface Scenario {
  name: string;
  /** A customer's step, picked with probability weight / (sum of weights). */
  step?: { weight: number; run(world: World, c: Customer, state: CustomerState): Promise<void> };
  /** Actors of its own, started with the workload and running until world.stopAt. */
  actors?(world: World, cast: Cast): Promise<void>[];
  /**
   * After the workload, both API processes up and no more kills: what finishes its operations (the last payment
   * file and the bank's reports, a last scheduler pass), so that the checks can ask that each one ended.
   */
  drain?(world: World, cast: Cast): Promise<void>;
  /** Its moves in the client's books (from the journal only). */
  book?(journal: Journal, book: WalletBook, fail: Fail): void;
  /** Its checks against the stopped database, read in one snapshot. */
  check?(ctx: CheckContext): Promise<void>;
  /** How many of its operations the client saw acknowledged (the run's floor counts them). */
  acknowledged?(journal: Journal): number;
}
