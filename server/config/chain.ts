import { z } from 'zod';
import { parseCron } from '../../common/time/cron.ts';
import { seconds } from './variables.ts';

/** The public ledger, its anchoring worker, receipt mails' lease and proof of liabilities (anchoring, receipts, liabilities). Composed with the other areas in server/config.ts. */
export const chainVariables = {
  // Public ledger: the built-in local ledger unless an EVM network is configured (CHAIN_RPC_URL and the
  // five variables that go with it, all or none).
  /** Ed25519 key that signs the local ledger's records: PEM, or base64 (PKCS#8 DER or a 32-byte seed). */
  CHAIN_SIGNING_KEY: z.string().min(1).optional(),
  /**
   * `in-process` runs the anchoring worker inside each server; `off` leaves it to `npm run worker`. Tests default
   * to `off`: API test files share one database and drive the worker themselves (runOnce).
   */
  CHAIN_WORKER: z.enum(['in-process', 'off']).optional(),
  /**
   * Idle poll of each worker: a completed transaction waits on average half of it before it is leased, so it bounds
   * the anchoring lag; each poll is one lease query (a few round trips on a partial index) per worker process.
   * A full batch is followed at once by the next pass, whatever this is.
   */
  CHAIN_WORKER_INTERVAL_MS: z.coerce.number().int().min(10).max(3_600_000).default(200),
  /** Jobs leased per pass; the local ledger appends them in one transaction. */
  CHAIN_WORKER_BATCH: z.coerce.number().int().min(1).max(1000).default(50),
  /** record() calls in flight per worker: EVM sends (one record each) at once; the local ledger makes one per pass. */
  CHAIN_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** First retry delay after a failed publish; doubles per attempt up to CHAIN_RETRY_MAX_MS. */
  CHAIN_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(1000),
  CHAIN_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(300_000),
  /**
   * Attempts of one outbox job (an anchoring record, a provider refund or cancellation) before it becomes a dead
   * letter: logged once, listed by `npm run admin -- outbox:dead`, put back by `outbox:retry`.
   * With the default backoff, 100 attempts outlast an outage of about six hours.
   */
  CHAIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100_000).default(100),
  /** A claimed job is invisible to other workers this long: a worker that dies mid-publish is retried after it. */
  CHAIN_LEASE_SECONDS: seconds(60),
  /**
   * A receipt mail being sent is leased this long (receipt-mail.worker.ts): no other worker takes it meanwhile, and
   * one whose worker died mid-send is retried only once it ends. Longer than the SMTP transport's bounded waits.
   */
  RECEIPT_MAIL_LEASE_SECONDS: seconds(300),
  /** JSON-RPC endpoint of an EVM network (Celo, Polygon, Base…); unset = the built-in local ledger. */
  CHAIN_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  CHAIN_ID: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  /** The network explorer's base URL; the app links to `{base}/tx/{id}` and `{base}/address/{address}`. */
  CHAIN_EXPLORER_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** BIP-39 mnemonic the users' and agencies' custodial addresses are derived from (never stored elsewhere). */
  CHAIN_HD_MNEMONIC: z.string().min(1).optional(),
  /** 0x + 64 hex: the key that owns the registry and pays the fees. */
  CHAIN_OPERATOR_KEY: z.string().min(1).optional(),
  CHAIN_REGISTRY_ADDRESS: z.string().min(1).optional(),
  /** Blocks, the transaction's own included, before its hash is stored as the tx_id. */
  CHAIN_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(3),
  CHAIN_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** Proof of liabilities (ADR 012): when the daily snapshot is taken, 5-field cron in UTC, or `off` (tests). */
  LIABILITIES_SNAPSHOT_CRON: z
    .string()
    .refine((v) => v === 'off' || parseCron(v) !== undefined, 'must be a 5-field cron expression (UTC) or off')
    .optional(),
};
