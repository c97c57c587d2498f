import { availableParallelism } from 'node:os';
import path from 'node:path';
import { validateMnemonic } from '@scure/bip39';
import { isAddress } from 'viem';
import { english, privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import { parseSigningKey, signingKeyFromSeed } from './security/signing-key.ts';
import { BROWSER_PUSH_SERVICES, parsePushServiceOrigins, type PushServices } from './security/push-services.ts';
import { vapidKeysFromSecret, vapidPublicKeyOf } from './security/vapid-keys.ts';
import { loadOrCreateDevSecrets } from './dev-secrets.ts';
import { parseCron } from '../common/time/cron.ts';
import { deriveKey } from './security/keys.ts';
import { projectRoot } from './runtime-layout.ts';

/** Where the project lives, so relative paths (data dir, built web app) do not depend on the cwd. */
export { projectRoot };

const port = z.coerce.number().int().min(0).max(65_535);
const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');
const seconds = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(366 * 86_400)
    .default(fallback);
const milliseconds = (fallback: number) => z.coerce.number().int().min(100).max(3_600_000).default(fallback);
const count = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);
/** Keys that sign tokens and pepper codes: long enough that guessing them is not a plan. */
const secret = z.string().min(32, 'must be at least 32 characters').optional();

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** An external PostgreSQL; when absent an embedded one is started from `EMBEDDED_PG_DIR`. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  EMBEDDED_PG_DIR: z.string().min(1).default('.data/pg'),
  /** Never 5432: a system PostgreSQL may hold it. */
  EMBEDDED_PG_PORT: port.default(54329),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** What pg_stat_activity shows for this process's connections (tell API servers, workers and tools apart). */
  DB_APPLICATION_NAME: z.string().min(1).max(63).default('remittance-wallet'),
  // Database bounds, for the app's sessions, whichever database; migrations and operator commands
  // run without them.
  /** Longest statement; a runaway query is cancelled (503) instead of holding a connection. */
  DB_STATEMENT_TIMEOUT_MS: milliseconds(10_000),
  /** Longest wait for a lock held by another session; then 503, instead of waiting until the process dies. */
  DB_LOCK_TIMEOUT_MS: milliseconds(5_000),
  /** A session idle inside an open transaction this long is ended by the database, releasing its row locks. */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(20_000),
  /** No answer at all from the database this long (a host gone silent): the query fails, its connection is dropped. */
  DB_QUERY_TIMEOUT_MS: milliseconds(15_000),
  /**
   * Parameterised queries as named prepared statements, parsed and planned once per connection. `off`
   * behind a pooler in transaction mode (PgBouncer before 1.21), where a connection's statements do not follow the
   * client.
   */
  DB_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  /** A request not answered this long gets a 503 (the handler's database work is bounded by the settings above). */
  REQUEST_HANDLER_TIMEOUT_MS: milliseconds(30_000),
  /** API processes `npm start` runs (Node's cluster module, one PostgreSQL); default: one per core. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
  /** JSON bodies are small in this API; a larger one is a mistake or an attack. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024)
    .default(100 * 1024),
  WEB_DIST_DIR: z.string().min(1).default('dist/web'),
  /** Prometheus metrics on this port of 127.0.0.1 (GET /metrics), summed over the cluster's processes; unset = off. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** `false`, `true`, a hop count, or a comma list of proxy addresses/CIDRs (Fastify's trustProxy). */
  TRUST_PROXY: z.string().min(1).default('false'),
  /** The browser-facing origin, for links in e-mails (`https://wallet.example.com`). Required in production. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),

  // Secrets (required in production; development and test generate them once into DEV_SECRETS_FILE).
  /** Signs access tokens and keys the login-code and wallet-address HMACs (each with its own derived key). */
  SECRET_KEY: secret,
  /** Mixed into every security-code hash; kept out of the database so a dump alone cannot brute-force PINs. */
  SECURITY_CODE_PEPPER: secret,
  /**
   * Encrypts identity documents at rest (AES-256-GCM): 32 bytes in base64. Required in production;
   * development and test keep a generated one in DEV_SECRETS_FILE. Its id (a hash prefix) is stored with each file.
   */
  KYC_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  /** Keys used before a rotation, comma-separated base64: files encrypted with them stay readable. */
  KYC_PREVIOUS_ENCRYPTION_KEYS: z
    .string()
    .refine(
      (v) => v.split(',').every((k) => Buffer.from(k.trim(), 'base64').length === 32),
      'must be a comma-separated list of 32-byte base64 keys',
    )
    .optional(),
  DEV_SECRETS_FILE: z.string().min(1).default('.data/dev-secrets.json'),
  /**
   * Web Push: the VAPID key pair (RFC 8292), P-256, base64url as `npx web-push generate-vapid-keys`
   * prints them. Both or neither; in production neither = no Web Push (the profile offers none). Development and
   * test keep a generated pair in DEV_SECRETS_FILE.
   */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /**
   * The push services the server may post to: origins (scheme, host, port), comma-separated, `https://*.example.com`
   * for any name below one. Set, they are the only ones, and the only ones that may be at a local or private
   * address (a local push service: `http://127.0.0.1:38300`). Unset: in production the browsers' services
   * (BROWSER_PUSH_SERVICES); elsewhere any origin at a public address.
   */
  PUSH_SERVICE_ORIGINS: z
    .string()
    .refine((v) => parsePushServiceOrigins(v) !== undefined, 'must be comma-separated origins (https://host[:port])')
    .optional(),
  /** Who runs the sender, for the push services: `mailto:` an address, or an https URL. Default: PUBLIC_URL when https, else mailto: MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be mailto:address or an https:// URL')
    .optional(),

  // Adapters: the real service when configured, else the built-in outbox (GET /api/dev/outbox/).
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Wallet <no-reply@wallet.localhost>'),
  SMS_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z.string().min(1).optional(),
  /** Production refuses to start on the built-in mail/SMS outbox unless this says it is meant (never the sandbox). */
  ALLOW_DEV_ADAPTERS: flag,
  /**
   * Mounts /api/dev/outbox/ and the sandbox checkout. Off unless set: a loopback HOST proves nothing, since a proxy
   * on the same host (the shipped nginx) forwards the public to it. `npm start` and `npm run dev` turn it on outside
   * production; the systemd unit never does. Production refuses it: the outbox shows every sign-in code, the
   * sandbox credits money.
   */
  EXPOSE_DEV_ROUTES: flag,

  // Sign-in limits.
  LOGIN_CODE_TTL_SECONDS: seconds(600),
  /** Wrong codes allowed per code, and per identifier within LOGIN_FAILURE_WINDOW_SECONDS across new codes. */
  LOGIN_CODE_MAX_ATTEMPTS: count(5),
  LOGIN_FAILURE_WINDOW_SECONDS: seconds(900),
  LOGIN_CODE_RESEND_SECONDS: seconds(30),
  LOGIN_CODES_PER_IDENTIFIER_PER_HOUR: count(10),
  LOGIN_CODE_REQUESTS_PER_IP_PER_HOUR: count(100),
  LOGIN_VERIFICATIONS_PER_IP_PER_HOUR: count(300),
  SESSION_TTL_SECONDS: seconds(7 * 86_400),
  EMAIL_CONFIRMATION_TTL_SECONDS: seconds(2 * 86_400),
  /**
   * Confirmation links mailed to one user (POST /api/users/{id}/email_confirmation/): at most one per
   * EMAIL_CONFIRMATION_RESEND_SECONDS and EMAIL_CONFIRMATION_MAX_PER_DAY in any 24 hours, the profile's own link
   * included; 429 with Retry-After past either. Counted from email_confirmations, so every API process agrees.
   */
  EMAIL_CONFIRMATION_RESEND_SECONDS: seconds(60),
  EMAIL_CONFIRMATION_MAX_PER_DAY: count(5),
  SECURITY_CODE_MAX_ATTEMPTS: count(5),
  SECURITY_CODE_LOCK_SECONDS: seconds(900),
  /**
   * Recipients a customer may add per rolling hour, deleted ones included (adding a contact was
   * a free, unlimited way to probe phone numbers and e-mails). 429 with Retry-After past it.
   */
  CONTACT_CREATE_LIMIT_PER_HOUR: count(30),

  // Back-office: operators' and auditors' shorter sessions, and the four-eyes thresholds.
  OPS_SESSION_TTL_SECONDS: seconds(8 * 3600),
  /** A refund above this many whole dirhams becomes a request another operator must approve (four eyes). */
  OPS_FOUR_EYES_MAD: count(5000),
  /**
   * A rates change moving the official or a customer rate by more than this percent becomes a request another
   * operator must approve (four eyes), measured against the least favourable of the rates in force now, the row it
   * replaces and every row in force over the last 24 hours (ops/rates-four-eyes.ts). Decimals allowed: 2.5.
   */
  OPS_RATE_CHANGE_FOUR_EYES_PCT: z.coerce.number().min(0).max(100).default(2),
  /**
   * The same for the card fee, a fraction: an absolute change of more than this many basis points (25 = 0.25
   * percentage point of the amount, 1.6 % to 1.85 %) against the same rows becomes a request.
   */
  OPS_RATE_FEE_FOUR_EYES_BP: z.coerce.number().int().min(0).max(10_000).default(25),
  /** A four-eyes request not decided within this time expires. */
  OPS_APPROVAL_TTL_SECONDS: seconds(24 * 3600),

  // Add money: the top-up bound in whole euros (a top-up is at least 1 EUR).
  TOPUP_MAX_EUR: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  /** How long a validated exchange keeps its rate; a payment made later is refunded, never credited at it. */
  RATE_LOCK_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
  /** How long the figures a draft shows are honoured by validation (the price shown is the price paid). */
  QUOTE_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
  /** After a period's end, how long an unpaid renewal keeps the plan and its rate: the provider's retry span. */
  SUBSCRIPTION_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .default(3 * 86_400),
  /** Stripe when set (Checkout Sessions, webhooks signed with STRIPE_WEBHOOK_SECRET); else the built-in sandbox. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Signs the sandbox's events; derived from SECRET_KEY when unset. */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),

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
  // Payouts through a partner (ADR 023): bank deposits to a RIB.
  /** The bank deposits' partner: the built-in sandbox until a partner bank's channel is written. */
  PAYOUT_BANK_PARTNER: z.enum(['sandbox']).default('sandbox'),
  /** The partner bank's cut-off, Moroccan time (HH:MM): a deposit sent later is executed the next working day. */
  PAYOUT_CUTOFF: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM')
    .default('14:00'),
  /** Closed days besides weekends and the fixed civil holidays: comma-separated YYYY-MM-DD (the lunar holidays). */
  PAYOUT_HOLIDAYS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD dates, comma-separated'))),
  /** Working days between the bank's execution and the credit on the recipient's account (SIMT clearing: 1). */
  PAYOUT_SETTLEMENT_DAYS: z.coerce.number().int().min(0).max(5).default(1),
  /** Our account at the partner bank, the debtor of every payment file: holder name (file character set), RIB, BIC. */
  PAYOUT_DEBTOR_NAME: z.string().min(1).max(35).default('SILA PAYMENTS'),
  PAYOUT_DEBTOR_RIB: z
    .string()
    .regex(/^\d{24}$/, 'must be 24 digits')
    .default('007780000123456789012396'),
  PAYOUT_DEBTOR_BIC: z
    .string()
    .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'must be a BIC')
    .default('BCMAMAMC'),
  // Payouts through a partner (ADR 023): mobile wallets to a Moroccan mobile number.
  /** The wallet operator: the built-in sandbox (test numbers fail, the rest complete), or `http` (URL and key below). */
  PAYOUT_WALLET_PARTNER: z.enum(['sandbox', 'http']).default('sandbox'),
  /** The operator's API base (https; the address it resolves to must be public): payouts are POSTed to `<url>/payouts`. */
  PAYOUT_WALLET_URL: z.string().url().optional(),
  /** Our API key at the operator, sent as a bearer token. */
  PAYOUT_WALLET_KEY: z.string().min(1).optional(),
  /** The secret the operator signs its callbacks with (HMAC-SHA256); the sandbox's is derived from SECRET_KEY when unset. */
  PAYOUT_WALLET_CALLBACK_SECRET: z.string().min(16).optional(),
  /** How long the sandbox takes to answer a payout by its callback. */
  PAYOUT_WALLET_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** Requests to the operator tried before a payout is given up as `partner_unavailable` and returned to its sender. */
  PAYOUT_WALLET_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(6),
  /** The backoff between those attempts: doubling from the base, capped at the max (with jitter). */
  PAYOUT_WALLET_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  PAYOUT_WALLET_RETRY_MAX_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  // Account recovery (ADR 026): a customer who lost their sign-in phone or e-mail gets back in.
  /** How long a recovery request may take to prove its codes and send its documents before it lapses. */
  RECOVERY_TTL_SECONDS: seconds(86_400),
  /** Recovery requests per known identifier over RECOVERY_WINDOW_SECONDS (the same answer whoever it is). */
  RECOVERY_REQUESTS_PER_IDENTIFIER: z.coerce.number().int().min(1).max(100).default(3),
  /** Recovery requests per client network over RECOVERY_WINDOW_SECONDS. */
  RECOVERY_REQUESTS_PER_IP: z.coerce.number().int().min(1).max(1000).default(10),
  RECOVERY_WINDOW_SECONDS: seconds(86_400),
  /** After an approved recovery, how long outgoing transfers above the threshold wait (the cooling-off period). */
  RECOVERY_COOLING_OFF_SECONDS: seconds(7 * 86_400),
  /** How long such a transfer is held before the sweep sends it on. */
  RECOVERY_HOLD_SECONDS: seconds(86_400),
  /** Transfers above this many whole dirhams wait during the cooling-off; at or below it they go at once. */
  RECOVERY_HOLD_THRESHOLD_MAD: z.coerce.number().int().min(0).max(10_000_000).default(2000),

  // Help cases (ADR 025): the target time to an operator's first answer, per kind of case (the back-office queue
  // flags a case late past it), and how many cases and messages one customer may write.
  CASE_TARGET_HOURS_NOT_RECEIVED: count(4),
  CASE_TARGET_HOURS_WRONG_DETAILS: count(4),
  CASE_TARGET_HOURS_CANNOT_COLLECT: count(2),
  CASE_TARGET_HOURS_NOT_CREDITED: count(8),
  CASE_TARGET_HOURS_ACCOUNT: count(8),
  CASE_TARGET_HOURS_OTHER: count(24),
  /** New cases per customer within a day (a sliding 24 hours). */
  CASES_MAX_PER_DAY: count(5),
  /** Messages per customer within an hour, over all their cases (the first message of a new case included). */
  CASE_MESSAGES_MAX_PER_HOUR: count(20),
});

type ParsedConfig = z.infer<typeof configSchema>;

export type Config = Omit<
  ParsedConfig,
  | 'SECRET_KEY'
  | 'SECURITY_CODE_PEPPER'
  | 'PUBLIC_URL'
  | 'CHAIN_SIGNING_KEY'
  | 'CHAIN_WORKER'
  | 'LIABILITIES_SNAPSHOT_CRON'
  | 'KYC_ENCRYPTION_KEY'
  | 'VAPID_PUBLIC_KEY'
  | 'VAPID_PRIVATE_KEY'
  | 'VAPID_SUBJECT'
  | 'PUSH_SERVICE_ORIGINS'
> & {
  /** Web Push's VAPID keys and subject; undefined = no Web Push (production without VAPID_* set). */
  vapid: VapidConfig | undefined;
  /** Where pushes may go (PUSH_SERVICE_ORIGINS, or its default). */
  pushServices: PushServices;
  KYC_ENCRYPTION_KEY: string;
  LIABILITIES_SNAPSHOT_CRON: string;
  SECRET_KEY: string;
  CHAIN_SIGNING_KEY: string;
  CHAIN_WORKER: 'in-process' | 'off';
  SECURITY_CODE_PEPPER: string;
  PUBLIC_URL: string;
  embeddedPgDir: string;
  webDistDir: string;
  /** True when SMTP_URL is set; otherwise mail goes to the built-in outbox. */
  smtpConfigured: boolean;
  /** True when all SMS_* variables are set; otherwise SMS goes to the built-in outbox. */
  smsConfigured: boolean;
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** The dev outbox and the sandbox checkout may be mounted: never in production, elsewhere only when told. */
  devRoutes: boolean;
  /** The EVM network when all of its variables are set; undefined = the built-in local ledger. */
  evm: EvmConfig | undefined;
};

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface EvmConfig {
  rpcUrl: string;
  chainId: number;
  explorerUrl: string;
  mnemonic: string;
  operatorKey: `0x${string}`;
  registry: `0x${string}`;
}

export class ConfigError extends Error {}

/** Parses the environment once; every other module receives the typed result. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as shells and .env files use it.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  const problems: string[] = [];

  const smsVariables = [c.SMS_PROVIDER_URL, c.SMS_ACCOUNT_SID, c.SMS_AUTH_TOKEN, c.SMS_FROM];
  const smsConfigured = smsVariables.every((v) => v !== undefined);
  if (!smsConfigured && smsVariables.some((v) => v !== undefined)) {
    problems.push('  SMS_*: set all of SMS_PROVIDER_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM, or none');
  }
  const smtpConfigured = c.SMTP_URL !== undefined;
  if (production && !c.ALLOW_DEV_ADAPTERS && (!smtpConfigured || !smsConfigured)) {
    problems.push(
      `  ${smtpConfigured ? 'SMS_PROVIDER_URL' : 'SMTP_URL'}: required in production (or ALLOW_DEV_ADAPTERS=true to keep messages in the built-in outbox)`,
    );
  }
  if (
    c.PAYOUT_WALLET_PARTNER === 'http' &&
    (c.PAYOUT_WALLET_URL === undefined ||
      c.PAYOUT_WALLET_KEY === undefined ||
      c.PAYOUT_WALLET_CALLBACK_SECRET === undefined)
  ) {
    problems.push(
      '  PAYOUT_WALLET_URL, PAYOUT_WALLET_KEY, PAYOUT_WALLET_CALLBACK_SECRET: required with PAYOUT_WALLET_PARTNER=http',
    );
  }
  if (c.STRIPE_SECRET_KEY !== undefined && c.STRIPE_WEBHOOK_SECRET === undefined) {
    problems.push('  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (webhooks are verified with it)');
  }
  // The sandbox "pays" with a test card number: in production it would create money out of nothing.
  // ALLOW_DEV_ADAPTERS is the mail/SMS outbox switch only: nothing lets production take cards in it.
  if (production && c.STRIPE_SECRET_KEY === undefined) {
    problems.push('  STRIPE_SECRET_KEY: required in production (the payment sandbox never runs in production)');
  }
  // The wallet operator's sandbox completes every payout it is handed: in production money would leave wallets and
  // reach no one.
  if (production && c.PAYOUT_WALLET_PARTNER === 'sandbox') {
    problems.push(
      '  PAYOUT_WALLET_PARTNER: the sandbox is refused in production (its payouts complete without reaching anyone); set http with PAYOUT_WALLET_URL, PAYOUT_WALLET_KEY and PAYOUT_WALLET_CALLBACK_SECRET',
    );
  }
  // An https PUBLIC_URL means a TLS proxy in front: without TRUST_PROXY every client is the proxy's address, and
  // one client's 100 code requests lock sign-in for everyone.
  if (
    production &&
    c.PUBLIC_URL?.startsWith('https:') &&
    (set.TRUST_PROXY === undefined || c.TRUST_PROXY === 'false')
  ) {
    problems.push(
      "  TRUST_PROXY: required in production behind the TLS proxy an https PUBLIC_URL implies (the proxy's address, e.g. 127.0.0.1, or a hop count); without it every client counts as the proxy for the per-IP sign-in limits",
    );
  }
  if (c.NODE_ENV !== 'test' && c.TEST_HOST_CLOCK_OFFSET_MS !== 0) {
    problems.push('  TEST_HOST_CLOCK_OFFSET_MS: a test hook, refused unless NODE_ENV=test');
  }
  if (production && c.EXPOSE_DEV_ROUTES) {
    problems.push(
      '  EXPOSE_DEV_ROUTES: refused in production (the dev outbox and the payment sandbox never run there)',
    );
  }
  const evm = evmConfig(c, production, problems);
  if (production) {
    // The local ledger's signing key is the production secret only when the local ledger is the ledger.
    const required = [
      'SECRET_KEY',
      'SECURITY_CODE_PEPPER',
      'PUBLIC_URL',
      'KYC_ENCRYPTION_KEY',
      ...(evm ? [] : ['CHAIN_SIGNING_KEY']),
    ];
    for (const name of required as (keyof ParsedConfig)[]) {
      if (c[name] === undefined) problems.push(`  ${name}: required in production`);
    }
  }
  if ((c.VAPID_PUBLIC_KEY === undefined) !== (c.VAPID_PRIVATE_KEY === undefined)) {
    problems.push('  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (npx web-push generate-vapid-keys), or neither');
  } else if (c.VAPID_PRIVATE_KEY !== undefined) {
    const publicKey = vapidPublicKeyOf(c.VAPID_PRIVATE_KEY);
    if (publicKey === undefined) {
      problems.push('  VAPID_PRIVATE_KEY: not a P-256 private key (32 bytes in base64url)');
    } else if (publicKey !== c.VAPID_PUBLIC_KEY) {
      problems.push('  VAPID_PUBLIC_KEY: not the public key of VAPID_PRIVATE_KEY');
    }
  }
  if (c.CHAIN_SIGNING_KEY !== undefined) {
    try {
      parseSigningKey(c.CHAIN_SIGNING_KEY);
    } catch {
      problems.push(
        '  CHAIN_SIGNING_KEY: not an Ed25519 private key (PEM, or base64 of PKCS#8 DER or of a 32-byte seed)',
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  // Production never reads or writes the development secrets file: on an EVM network the local ledger's key is
  // not a production secret, so it is derived from SECRET_KEY like a development secrets file written before the chain key existed.
  const allSet =
    c.SECRET_KEY !== undefined &&
    c.SECURITY_CODE_PEPPER !== undefined &&
    (c.CHAIN_SIGNING_KEY !== undefined || (production && evm !== undefined));
  const {
    CHAIN_SIGNING_KEY: devChainKey,
    KYC_ENCRYPTION_KEY: devKycKey,
    VAPID_PUBLIC_KEY: devVapidPublic,
    VAPID_PRIVATE_KEY: devVapidPrivate,
    ...secrets
  }: {
    SECRET_KEY: string;
    SECURITY_CODE_PEPPER: string;
    CHAIN_SIGNING_KEY?: string;
    KYC_ENCRYPTION_KEY?: string;
    VAPID_PUBLIC_KEY?: string;
    VAPID_PRIVATE_KEY?: string;
  } = allSet
    ? {
        SECRET_KEY: c.SECRET_KEY ?? '',
        SECURITY_CODE_PEPPER: c.SECURITY_CODE_PEPPER ?? '',
        CHAIN_SIGNING_KEY: c.CHAIN_SIGNING_KEY,
      }
    : { ...loadOrCreateDevSecrets(path.resolve(projectRoot, c.DEV_SECRETS_FILE)), ...definedSecrets(c) };
  const publicUrl = (c.PUBLIC_URL ?? `http://${c.HOST === '0.0.0.0' ? 'localhost' : c.HOST}:${c.PORT}`).replace(
    /\/+$/,
    '',
  );
  // Configured keys first; in production nothing else (no keys = no Web Push); else the dev file's pair, or one
  // derived from its SECRET_KEY when the file predates Web Push.
  const vapidKeys =
    c.VAPID_PUBLIC_KEY !== undefined && c.VAPID_PRIVATE_KEY !== undefined
      ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY }
      : production
        ? undefined
        : devVapidPublic !== undefined && devVapidPrivate !== undefined
          ? { publicKey: devVapidPublic, privateKey: devVapidPrivate }
          : vapidKeysFromSecret(secrets.SECRET_KEY);
  const mailAddress = /<([^<>\s]+@[^<>\s]+)>/.exec(c.MAIL_FROM)?.[1] ?? c.MAIL_FROM.trim();
  return {
    ...c,
    ...secrets,
    pushServices: pushServicesOf(c.PUSH_SERVICE_ORIGINS, production),
    vapid: vapidKeys && {
      ...vapidKeys,
      subject: c.VAPID_SUBJECT ?? (publicUrl.startsWith('https:') ? publicUrl : `mailto:${mailAddress}`),
    },
    // A dev secrets file written before the chain key existed has none: one derived from its SECRET_KEY is as stable, and
    // rewriting a file that concurrent processes read could give them different keys.
    CHAIN_SIGNING_KEY:
      c.CHAIN_SIGNING_KEY ?? devChainKey ?? signingKeyFromSeed(deriveKey(secrets.SECRET_KEY, 'chain-signing-ed25519')),
    // Likewise a dev file written before identity documents were encrypted has no document key: one derived from its SECRET_KEY is as stable.
    KYC_ENCRYPTION_KEY:
      c.KYC_ENCRYPTION_KEY ?? devKycKey ?? deriveKey(secrets.SECRET_KEY, 'kyc-documents-aes256gcm').toString('base64'),
    CHAIN_WORKER: c.CHAIN_WORKER ?? (c.NODE_ENV === 'test' ? 'off' : 'in-process'),
    LIABILITIES_SNAPSHOT_CRON: c.LIABILITIES_SNAPSHOT_CRON ?? (c.NODE_ENV === 'test' ? 'off' : '0 0 * * *'),
    PUBLIC_URL: publicUrl,
    embeddedPgDir: path.resolve(projectRoot, c.EMBEDDED_PG_DIR),
    webDistDir: path.resolve(projectRoot, c.WEB_DIST_DIR),
    smtpConfigured,
    smsConfigured,
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    evm,
    devRoutes: !production && c.EXPOSE_DEV_ROUTES,
  };
}

const evmVariables = [
  'CHAIN_RPC_URL',
  'CHAIN_ID',
  'CHAIN_EXPLORER_URL',
  'CHAIN_HD_MNEMONIC',
  'CHAIN_OPERATOR_KEY',
  'CHAIN_REGISTRY_ADDRESS',
] as const;

/**
 * The EVM network's settings, checked together: all six or none (half a configuration would silently anchor on
 * the local ledger), each value checked for what it is, so a typo stops the start instead of the first record.
 */
function evmConfig(c: ParsedConfig, production: boolean, problems: string[]): EvmConfig | undefined {
  const missing = evmVariables.filter((name) => c[name] === undefined);
  if (missing.length === evmVariables.length) return undefined;
  if (missing.length > 0) {
    problems.push(
      `  ${missing.join(', ')}: required with the other CHAIN_* network settings (set all of ${evmVariables.join(', ')}, or none for the built-in ledger)`,
    );
    return undefined;
  }
  const before = problems.length;
  const mnemonic = (c.CHAIN_HD_MNEMONIC ?? '').trim().split(/\s+/).join(' ');
  if (!validateMnemonic(mnemonic, english)) {
    problems.push('  CHAIN_HD_MNEMONIC: not a valid BIP-39 English mnemonic (12 to 24 words with a valid checksum)');
  }
  const operatorKey = c.CHAIN_OPERATOR_KEY ?? '';
  if (!/^0x[0-9a-fA-F]{64}$/.test(operatorKey) || !validPrivateKey(operatorKey as `0x${string}`)) {
    problems.push('  CHAIN_OPERATOR_KEY: must be a secp256k1 private key, 0x followed by 64 hex digits');
  }
  const registry = c.CHAIN_REGISTRY_ADDRESS ?? '';
  if (!isAddress(registry, { strict: false })) {
    problems.push('  CHAIN_REGISTRY_ADDRESS: must be a contract address, 0x followed by 40 hex digits');
  }
  if (production && !(c.CHAIN_EXPLORER_URL ?? '').startsWith('https://')) {
    problems.push('  CHAIN_EXPLORER_URL: must be https:// in production (the app opens it from an https page)');
  }
  if (problems.length > before) return undefined;
  return {
    rpcUrl: c.CHAIN_RPC_URL ?? '',
    chainId: c.CHAIN_ID ?? 0,
    explorerUrl: c.CHAIN_EXPLORER_URL ?? '',
    mnemonic,
    operatorKey: operatorKey.toLowerCase() as `0x${string}`,
    registry: registry.toLowerCase() as `0x${string}`,
  };
}

function validPrivateKey(key: `0x${string}`): boolean {
  try {
    privateKeyToAccount(key);
    return true;
  } catch {
    return false;
  }
}

function pushServicesOf(value: string | undefined, production: boolean): PushServices {
  const listed = value === undefined ? undefined : parsePushServiceOrigins(value);
  if (listed) return { allowed: listed, trusted: listed };
  return { allowed: production ? BROWSER_PUSH_SERVICES : 'any', trusted: [] };
}

/** One secret may be configured and the other generated; the configured one wins. */
function definedSecrets(c: ParsedConfig): Partial<Pick<Config, 'SECRET_KEY' | 'SECURITY_CODE_PEPPER'>> {
  return {
    ...(c.SECRET_KEY !== undefined && { SECRET_KEY: c.SECRET_KEY }),
    ...(c.SECURITY_CODE_PEPPER !== undefined && { SECURITY_CODE_PEPPER: c.SECURITY_CODE_PEPPER }),
  };
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) {
    // A hop count: trust that many proxies in front of us (the nearest first).
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export const appVersion = process.env.npm_package_version ?? '0.1.0';
