import { z } from 'zod';
import { seconds, milliseconds, count } from './variables.ts';

/**
 * Money going out (transfers, compliance, sanctions): send bounds, customer levels and their limits, the sanctions
 * match threshold, transaction monitoring, withdrawal, pickup and waiting windows, the expiry sweep; with them, as
 * they were declared, the shutdown timeout, the test clock offset and the idempotency records' retention. Composed
 * with the other areas in server/config.ts.
 */
export const sendVariables = {
  // Sends and withdrawals: per-operation bounds in whole dirhams, and how long
  // money may wait for someone before it goes back to the sender.
  TRANSFER_MIN_MAD: count(1),
  TRANSFER_MAX_MAD: count(20_000),
  // Customer levels: rolling 30-day limits and the per-operation bound, in whole units. Level 1 is a
  // verified identifier and a full profile; level 2 an approved identity document and an address.
  /** Top-ups (EUR) per rolling 30 days, level 1 / level 2. */
  LIMIT_L1_TOPUP_EUR: count(1_000),
  LIMIT_L2_TOPUP_EUR: count(10_000),
  /** Sends + cash pickups + withdrawals together (MAD) per rolling 30 days, level 1 / level 2. */
  LIMIT_L1_OUTGOING_MAD: count(20_000),
  LIMIT_L2_OUTGOING_MAD: count(100_000),
  /** One send, pickup or withdrawal (MAD) at most, level 1 / level 2 (TRANSFER_MAX_MAD still bounds both). */
  LIMIT_L1_OPERATION_MAD: count(10_000),
  LIMIT_L2_OPERATION_MAD: count(20_000),
  /**
   * Sanctions screening: a name scoring at least this against a listed entry is a hit (0..1; OpenSanctions'
   * threshold). Lower catches more spellings and flags more ordinary names: bench/sanctions-corpus.ts measures both.
   */
  SANCTIONS_MATCH_THRESHOLD: z.coerce.number().min(0.5).max(1).default(0.7),
  /**
   * Transaction monitoring (EBA GL 2021/02 11.13): each rule raises a `monitoring` review on the movement
   * that breaks it, at most one per rule, subject and window. `_BLOCK=on` judges the rule inside the send's own
   * transaction and holds the send for review instead (sends then leave the one-round-trip path).
   * Sends + cash pickups from one payer to one payee summing over this many whole dirhams within the days below.
   */
  MONITOR_PAIR_SUM_MAD: count(10_000),
  MONITOR_PAIR_SUM_DAYS: count(30),
  MONITOR_PAIR_SUM_BLOCK: z.enum(['on', 'off']).default('off'),
  /** At least this many distinct payers to one payee within the days below. */
  MONITOR_MANY_PAYERS_COUNT: count(5),
  MONITOR_MANY_PAYERS_DAYS: count(7),
  MONITOR_MANY_PAYERS_BLOCK: z.enum(['on', 'off']).default('off'),
  /** At least this many sends + cash pickups by one customer within the hours below. */
  MONITOR_FREQUENT_SENDS_COUNT: count(10),
  MONITOR_FREQUENT_SENDS_HOURS: count(24),
  MONITOR_FREQUENT_SENDS_BLOCK: z.enum(['on', 'off']).default('off'),
  /** The monitoring worker's pause between passes, and the movements one pass evaluates. */
  MONITOR_INTERVAL_MS: milliseconds(1000),
  MONITOR_BATCH: count(200),
  /**
   * Group commit of sends to registered recipients (`on`): the sends that arrive while an earlier one is being
   * written go to the database together, one statement and one commit for all, each with its own answer. Off by
   * default: on two cores it saved 9-22 % of a send's CPU but raised p99 at a steady 150 sends/s (ADR 027). At most
   * SEND_BATCH_MAX sends per statement (under 64: past that many subtransactions a PostgreSQL snapshot slows down)
   * and SEND_BATCH_IN_FLIGHT statements under way at once per process, each on its own connection.
   */
  SEND_BATCH: z.enum(['on', 'off']).default('off'),
  SEND_BATCH_MAX: z.coerce.number().int().min(1).max(60).default(32),
  SEND_BATCH_IN_FLIGHT: z.coerce.number().int().min(1).max(8).default(1),
  /** A withdrawal QR code is valid this long; then the sweep releases the hold back to the wallet. */
  WITHDRAWAL_TTL_SECONDS: seconds(48 * 3600),
  /** Token guessing at the counter: scanned tokens matching no withdrawal, per teller, within the window. */
  WITHDRAWAL_LOOKUP_MAX_MISSES: count(20),
  WITHDRAWAL_LOOKUP_WINDOW_SECONDS: seconds(900),
  /** A teller's hold on a withdrawal being paid out (cancel, other tellers and the expiry wait for it). */
  PAYOUT_RESERVATION_SECONDS: seconds(600),
  /** A transfer to someone without an account waits this long for them to register, then returns. */
  UNCLAIMED_TRANSFER_TTL_SECONDS: seconds(30 * 86_400),
  /**
   * SIGTERM/SIGINT: how long in-flight requests (and sweep passes) may take to finish; then the remaining connections
   * are cut, the embedded PostgreSQL stopped and the process exits 1.
   */
  SHUTDOWN_TIMEOUT_MS: milliseconds(20_000),
  /**
   * Tests only (refused unless NODE_ENV=test): shifts what this process takes for its host's clock, so a test can
   * start a server whose clock is hours off and check that the database's time still decides.
   */
  TEST_HOST_CLOCK_OFFSET_MS: z.coerce
    .number()
    .int()
    .min(-10 * 366 * 86_400_000)
    .max(10 * 366 * 86_400_000)
    .default(0),
  /** A cash pickup waits this long at the agencies, then returns to the sender. */
  PICKUP_TTL_SECONDS: seconds(30 * 86_400),
  /** The recipient's reminder SMS goes this long before a pickup expires. */
  PICKUP_REMINDER_SECONDS: seconds(3 * 86_400),
  /** The sender of a transfer waiting for an unregistered recipient, and that recipient, are reminded this long before it expires. */
  EXPIRY_REMINDER_SECONDS: seconds(3 * 86_400),
  /** How often each server process runs the expiry sweep (safe with several processes: rows are locked). */
  EXPIRY_SWEEP_INTERVAL_SECONDS: seconds(60),
  /** Idempotency keys older than this are dropped by the sweep; at least 24 hours, so a client's retry within a day always finds its first answer. */
  IDEMPOTENCY_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(24)
    .max(24 * 366)
    .default(48),
};
