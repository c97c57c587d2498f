import type { Role } from '../../common/api/auth.ts';
import type { TimelineStatus } from '../../common/api/timeline.ts';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/**
 * The database as Kysely sees it. Each module adds the interfaces of its own tables here and reads only those
 * (no module reads another module's tables; it calls that module's service).
 *
 * bigint columns come back as strings (server/db/database.ts) and accept a bigint or a string on the way in.
 */
type Int8 = ColumnType<string, bigint | string, bigint | string>;
type GeneratedInt8 = ColumnType<string, never, never>;
type CreatedAt = ColumnType<Date, never, never>;

// ledger (server/ledger/, migration 0002)

export interface LedgerAccountsTable {
  id: GeneratedInt8;
  kind: string;
  currency: string;
  owner_user_id: Int8 | null;
  agency_id: Int8 | null;
  balance: ColumnType<string, bigint | string | undefined, bigint | string>;
  created_at: CreatedAt;
}

export interface LedgerEntriesTable {
  id: GeneratedInt8;
  kind: string;
  reference_type: string;
  reference_id: string;
  metadata: JSONColumnType<Record<string, unknown>, string, never>;
  created_at: CreatedAt;
}

export interface LedgerPostingsTable {
  entry_id: Int8;
  line: number;
  account_id: Int8;
  currency: string;
  amount: Int8;
}

export interface LedgerHoldsTable {
  id: GeneratedInt8;
  wallet_account_id: Int8;
  currency: string;
  amount: Int8;
  status: Generated<'reserved' | 'settled' | 'released'>;
  reserve_entry_id: Int8;
  final_entry_id: Int8 | null;
  created_at: CreatedAt;
  finished_at: ColumnType<Date | null, never, Date | string>;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  response_status: number | null;
  /** Written with a `::jsonb` cast of its JSON text. */
  response_body: ColumnType<unknown, never, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A false positive cleared for one subject under one screened name (migration 0560). */
export interface SanctionsClearancesTable {
  id: GeneratedInt8;
  /** 'contact:ID', 'user:ID', or 'transaction:ID' (a pickup with no contact). */
  subject: string;
  /** sanctions_name_key() of the name screened. */
  screened_name: string;
  entry: string;
  list_version: Int8 | null;
  /** The entry as decided on: { names, birth_dates, nationalities }. */
  listed: ColumnType<unknown, string, never>;
  review_id: Int8;
  created_at: CreatedAt;
}

export interface Database {
  ledger_accounts: LedgerAccountsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_postings: LedgerPostingsTable;
  ledger_holds: LedgerHoldsTable;
  idempotency_keys: IdempotencyKeysTable;
}

// identity (server/modules/auth, users, contacts, rates; server/adapters; migration 0003)

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: ColumnType<string, bigint | string | undefined, never>;
  email: string | null;
  email_verified_at: NullableTimestamp;
  phone_number: string | null;
  phone_auth: boolean;
  /** A profile phone proved by an SMS code (migration 0430); null for a sign-in phone (proved by it). */
  phone_verified_at: NullableTimestamp;
  first_name: Generated<string>;
  last_name: Generated<string>;
  country: string | null;
  language: Generated<string>;
  role: Generated<Role>;
  agency_id: Int8 | null;
  account_id: string;
  security_code_hash: Buffer | null;
  security_code_salt: Buffer | null;
  security_code_failures: Generated<number>;
  security_code_locked_until: NullableTimestamp;
  subscription: Generated<boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** Frozen by an operator (migration 0141): no money moves. */
  frozen_at: NullableTimestamp;
  frozen_reason: string | null;
  frozen_by: Int8 | null;
  /** Until then an account recovery waits for its identity check or decision: no money leaves (migration 0630). */
  recovery_pending_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** After a recovery, outgoing transfers above the threshold wait until then (migration 0630). */
  recovery_cooling_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the user got the role they have now, and the operator who asked for it (migration 0520). */
  role_since: ColumnType<Date, Date | string | undefined, Date | string>;
  role_added_by: Int8 | null;
  /** Migration 0190: 1, or 2 once an identity document is approved with a full address. */
  kyc_level: Generated<number>;
  /** Migration 0230: what level 2 needs on the profile besides the document ('YYYY-MM-DD' in). */
  date_of_birth: ColumnType<Date | null, string | null | undefined, string | null>;
  address: string | null;
  postcode: string | null;
  city: string | null;
  /** Sanctions screening (migration 0221): the lists' version last screened against. */
  sanctions_version: Int8 | null;
  /** The sanctions review whose customer hit froze the account (its approval lifts that freeze only). */
  frozen_by_review: Int8 | null;
  /** Closed by the customer (migration 0341): personal data erased, identity kept in closed_accounts. */
  closed_at: NullableTimestamp;
}

export interface ContactsTable {
  id: GeneratedInt8;
  owner_user_id: Int8 | null;
  public: Generated<boolean>;
  first_name: string;
  last_name: Generated<string>;
  phone_number: string | null;
  email: string | null;
  address: string | null;
  zip_code: string | null;
  city: string | null;
  /** numeric: strings out, exact decimal text in. */
  latitude: string | null;
  longitude: string | null;
  contact_user: Int8 | null;
  /** The linked user's wallet address (migration 0004), set together with contact_user. */
  account_id: string | null;
  created_at: CreatedAt;
  deleted_at: NullableTimestamp;
  /** An agency an operator disabled (migration 0200): no longer offered to customers. */
  disabled_at: NullableTimestamp;
  /**
   * Sanctions screening (migration 0221): version screened against (null again once renamed, migration 0560), the hit
   * then (matches) or null.
   */
  sanctions_version: Int8 | null;
  sanctions_hit: ColumnType<unknown, string | null, string | null>;
  sanctions_confirmed_at: NullableTimestamp;
  /** The recipient's Moroccan bank account, 24 digits without spaces (migration 0590); null when none. */
  rib: string | null;
  /** The account holder's name in Latin letters as the sender gave it (migration 0743); null when not given. */
  rib_holder_name: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface LoginCodesTable {
  id: GeneratedInt8;
  identifier: string;
  code_hash: Buffer;
  language: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface AuthRateEventsTable {
  bucket: string;
  key: string;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: Int8;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface EmailConfirmationsTable {
  id: GeneratedInt8;
  user_id: Int8;
  email: string;
  token_hash: Buffer;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface DevOutboxTable {
  id: GeneratedInt8;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  code: string | null;
  link: string | null;
  /** What a real mail would attach (migration 0350): file name, type and the bytes in base64. */
  attachments: JSONColumnType<DevOutboxAttachment[]> | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface DevOutboxAttachment {
  filename: string;
  content_type: string;
  base64: string;
}

/** The receipt-by-e-mail outbox (migration 0350): one row per completed send or top-up. */
export interface ReceiptMailsTable {
  id: GeneratedInt8;
  transaction_id: Int8;
  user_id: Int8;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  last_error: string | null;
  done_at: NullableTimestamp;
  dead_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface RatesTable {
  id: GeneratedInt8;
  official: string;
  freemium: string;
  subscription: string;
  card_fee: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** From when the row applies (migration 0210); the rate in force is the latest not after now. */
  effective_at: ColumnType<Date, Date | string | undefined, never>;
  set_by: ColumnType<string | null, bigint | string | null | undefined, never>;
  approved_by: ColumnType<string | null, bigint | string | null | undefined, never>;
  approval_id: ColumnType<string | null, bigint | string | null | undefined, never>;
  reason: ColumnType<string | null, string | null | undefined, never>;
}

/** Declaration merging adds these to the ledger's `Database` above without touching its lines. */
export interface Database {
  users: UsersTable;
  contacts: ContactsTable;
  login_codes: LoginCodesTable;
  auth_rate_events: AuthRateEventsTable;
  sessions: SessionsTable;
  email_confirmations: EmailConfirmationsTable;
  dev_outbox: DevOutboxTable;
  rates: RatesTable;
}

// transactions (server/modules/transactions, withdrawals; migration 0005)

export type TransactionKind = 'transfer' | 'exchange' | 'withdrawal' | 'pickup' | 'payout';
export type TransactionStatus =
  | 'completed'
  | 'unclaimed'
  | 'claimed'
  | 'pending'
  | 'validated'
  | 'cancelled'
  | 'expired'
  | 'available'
  | 'collected'
  // Given back by an operator (migration 0211).
  | 'refunded'
  | 'on_hold'
  // A payout through a partner: waiting for its file, then in a file sent to the bank (migration 0600).
  | 'processing'
  | 'submitted';

export interface TransactionsTable {
  id: ColumnType<string, bigint | string | undefined, never>;
  kind: TransactionKind;
  status: TransactionStatus;
  sender_user_id: Int8 | null;
  recipient_user_id: Int8 | null;
  contact_id: Int8 | null;
  agency_id: Int8 | null;
  amount: Int8;
  currency: Generated<string>;
  recipient_phone_number: string | null;
  recipient_email: string | null;
  token_hash: Buffer | null;
  token_sealed: Buffer | null;
  identifier: string | null;
  reference: string | null;
  hold_id: Int8 | null;
  ledger_entry_id: Int8;
  final_entry_id: Int8 | null;
  validated_by: Int8 | null;
  validated_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  /** The teller holding a pending withdrawal for payout, until reserved_until (migration 0030). */
  reserved_by: Int8 | null;
  reserved_until: NullableTimestamp;
  tx_id: string | null;
  created_at: CreatedAt;
}

export interface Database {
  transactions: TransactionsTable;
}

// cash pickups (server/modules/pickups; migration 0130)

export interface PickupsTable {
  transaction_id: Int8;
  reference_hash: Buffer;
  reference_sealed: Buffer;
  live: Generated<boolean>;
  recipient_first_name: string;
  recipient_last_name: string;
  agency_id: Int8 | null;
  id_document_type: 'national_id' | 'passport' | 'residence_permit' | null;
  id_document_sealed: Buffer | null;
  id_document_hint: string | null;
  reminder_sent_at: NullableTimestamp;
  /** Migration 0330: the sanctions lists' version the name was last screened against. */
  sanctions_version: Int8 | null;
}

export interface PickupNameChangesTable {
  id: GeneratedInt8;
  transaction_id: Int8;
  previous_first_name: string;
  previous_last_name: string;
  first_name: string;
  last_name: string;
  changed_by: Int8;
  changed_at: CreatedAt;
}

export interface Database {
  pickups: PickupsTable;
  pickup_name_changes: PickupNameChangesTable;
}

// add money and subscription (server/modules/exchanges, billing; migration 0006)

export interface ExchangesTable {
  id: GeneratedInt8;
  user_id: Int8;
  from_amount: Int8;
  to_amount: Int8;
  fee_amount: Int8;
  /** numeric: exact decimal text. */
  fee_fraction: string;
  rate: string;
  official_rate: string;
  subscribed: boolean;
  status: Generated<'draft' | 'paid'>;
  validated_at: NullableTimestamp;
  locked_until: NullableTimestamp;
  /** Until then validation honours the draft's figures (migration 0040). */
  quote_expires_at: NullableTimestamp;
  paid_at: NullableTimestamp;
  ledger_entry_id: Int8 | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type PaymentSessionStatus = 'open' | 'paid' | 'refunded' | 'superseded';

export interface PaymentSessionsTable {
  id: string;
  provider: 'sandbox' | 'stripe';
  purpose: 'exchange' | 'subscription';
  user_id: Int8;
  exchange_id: Int8 | null;
  amount: Int8;
  currency: Generated<string>;
  provider_session_id: string | null;
  url: string | null;
  status: Generated<PaymentSessionStatus>;
  expires_at: Timestamp;
  provider_payment_id: string | null;
  provider_subscription_id: string | null;
  outcome: string | null;
  language: string | null;
  created_at: CreatedAt;
  finished_at: NullableTimestamp;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  type: string;
  session_id: string | null;
  outcome: string;
  received_at: CreatedAt;
  /** The invoice a renewal pays (migration 0540). */
  invoice_id: string | null;
  /** What the provider says was paid, in minor units: a renewal or a completed checkout (migration 0540). */
  amount: Int8 | null;
}

export interface SubscriptionsTable {
  id: GeneratedInt8;
  user_id: Int8;
  provider: string;
  provider_subscription_id: string;
  status: 'active' | 'past_due' | 'canceled';
  current_period_end: Timestamp;
  cancel_at_period_end: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SubscriptionPaymentsTable {
  reference: string;
  subscription_id: Int8;
  amount: Int8;
  ledger_entry_id: Int8;
  period_end: Timestamp;
  created_at: CreatedAt;
}

/** Refunds and cancellations to perform at the card provider (migration 0041), an outbox like chain_outbox. */
export interface PaymentActionsTable {
  id: GeneratedInt8;
  kind: 'refund' | 'cancel_subscription';
  provider: string;
  target: string;
  idempotency_key: string;
  reason: string;
  session_id: string | null;
  /** The provider event that decided it: the webhook performs its own actions right after its commit. */
  event_id: string | null;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  last_error: string | null;
  done_at: NullableTimestamp;
  /** A dead letter (migration 0100): given up after CHAIN_MAX_ATTEMPTS, no longer leased. */
  dead_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface Database {
  payment_actions: PaymentActionsTable;
  exchanges: ExchangesTable;
  payment_sessions: PaymentSessionsTable;
  payment_events: PaymentEventsTable;
  subscriptions: SubscriptionsTable;
  subscription_payments: SubscriptionPaymentsTable;
}

// public ledger (server/adapters/chain, server/modules/anchoring; migration 0007)

export interface ChainOutboxTable {
  id: GeneratedInt8;
  transaction_id: Int8;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  last_error: string | null;
  tx_id: string | null;
  published_at: NullableTimestamp;
  /** A dead letter (migration 0100): given up after CHAIN_MAX_ATTEMPTS, no longer leased. */
  dead_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface ChainRecordsTable {
  seq: Int8;
  record_id: string;
  payload: JSONColumnType<Record<string, string | null>>;
  prev_hash: string;
  hash: string;
  signature: string;
  from_address: ColumnType<string | null, never, never>;
  to_address: ColumnType<string | null, never, never>;
  created_at: CreatedAt;
}

export interface Database {
  chain_outbox: ChainOutboxTable;
  chain_records: ChainRecordsTable;
}

export interface LiabilitiesSnapshotsTable {
  id: GeneratedInt8;
  scheduled_for: Date | null;
  taken_at: Date;
  created_at: CreatedAt;
}

export interface LiabilitiesTreesTable {
  id: GeneratedInt8;
  snapshot_id: Int8;
  currency: string;
  root: string;
  total: Int8;
  leaf_count: number;
  anchor_attempts: Generated<number>;
  anchor_next_attempt_at: Generated<Date>;
  anchor_error: string | null;
  anchor_tx_id: string | null;
  anchor_published_at: Date | null;
}

export interface LiabilitiesLeavesTable {
  tree_id: Int8;
  owner_user_id: Int8;
  account_id: Int8;
  /** Version 1 trees only: the one leaf's position (null in version 2, migration 0570). */
  position: number | null;
  /** The leaves' secret of this snapshot (the nonce of a version 1 leaf). */
  nonce: Buffer;
  /** Version 2 (migration 0570): the wallet address the leaves commit to, each part's position and amount. */
  address: string | null;
  part_positions: number[] | null;
  part_amounts: ColumnType<string[] | null, string[] | null, never>;
  balance: Int8;
  wallet: Int8;
  withdrawals_pending: Int8;
  unclaimed_transfers: Int8;
}

export interface LiabilitiesTreeLevelsTable {
  tree_id: Int8;
  level: number;
  nodes: Buffer;
}

export interface LiabilitiesSafeguardingTable {
  id: GeneratedInt8;
  tree_id: Int8;
  amount: Int8;
  recorded_at: CreatedAt;
}

export interface Database {
  liabilities_snapshots: LiabilitiesSnapshotsTable;
  liabilities_trees: LiabilitiesTreesTable;
  liabilities_leaves: LiabilitiesLeavesTable;
  liabilities_tree_levels: LiabilitiesTreeLevelsTable;
  liabilities_safeguarding: LiabilitiesSafeguardingTable;
}

// back-office (server/modules/audit, ops; migration 0140)

export interface AuditTable {
  id: GeneratedInt8;
  actor_user_id: Int8 | null;
  actor_role: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  reason: string | null;
  /** Written as JSON text with a `::jsonb` cast. */
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  request_id: string | null;
  ip: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface Database {
  audit: AuditTable;
}

export interface OpsApprovalsTable {
  id: GeneratedInt8;
  kind: string;
  subject_type: string;
  subject_id: string;
  amount: Int8 | null;
  currency: string | null;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  reason: string;
  requested_by: Int8;
  requested_at: ColumnType<Date, Date, never>;
  expires_at: ColumnType<Date, Date, never>;
  state: ColumnType<
    'pending' | 'approved' | 'rejected' | 'expired',
    'pending' | undefined,
    'approved' | 'rejected' | 'expired'
  >;
  decided_by: Int8 | null;
  decided_at: ColumnType<Date | null, never, Date>;
  decision_reason: string | null;
}

export interface Database {
  ops_approvals: OpsApprovalsTable;
}

// reviews queue (server/modules/reviews; migration 0150)

export interface ReviewsTable {
  id: GeneratedInt8;
  kind: string;
  subject: string;
  payload: JSONColumnType<Record<string, unknown>, string, never>;
  state: ColumnType<'open' | 'approved' | 'rejected', 'open' | undefined, 'approved' | 'rejected'>;
  dedupe_key: string | null;
  opened_by: Int8 | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  decided_by: Int8 | null;
  decided_at: ColumnType<Date | null, never, Date>;
  reason: string | null;
}

export interface Database {
  reviews: ReviewsTable;
}

// transaction monitoring (migration 0340, server/modules/compliance/monitoring.ts)

export interface MonitoringQueueTable {
  transaction_id: Int8;
  queued_at: ColumnType<Date, Date | undefined, never>;
}

export interface MonitoringAlertsTable {
  id: GeneratedInt8;
  rule: 'pair_sum' | 'many_payers' | 'frequent_sends';
  subject_key: string;
  window_start: Date;
  window_end: Date;
  transaction_id: Int8;
  review_id: Int8 | null;
  held: Generated<boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface Database {
  monitoring_queue: MonitoringQueueTable;
  monitoring_alerts: MonitoringAlertsTable;
}

// transaction lifecycle (server/modules/transfers/timeline.ts; migration 0180)

export interface TransactionEventsTable {
  id: ColumnType<string, never, never>;
  transaction_id: Int8;
  status: TimelineStatus;
  reason: string | null;
  tx_id: string | null;
  at: CreatedAt;
}

export interface Database {
  transaction_events: TransactionEventsTable;
}

// compliance (server/modules/compliance; migration 0190)

export interface ComplianceLimitsTable {
  level: number;
  kind: 'topup' | 'outgoing';
  currency: 'EUR' | 'MAD';
  window_limit: Int8;
  per_operation: Int8;
}

export interface LimitUsageTable {
  user_id: Int8;
  kind: 'topup' | 'outgoing';
  /** A UTC day ('YYYY-MM-DD' in, Date out). */
  day: ColumnType<Date, string, string>;
  amount: Int8;
}

export interface Database {
  compliance_limits: ComplianceLimitsTable;
  limit_usage: LimitUsageTable;
}

// sanctions screening (server/modules/sanctions; migrations 0220-0229)

export type SanctionsSource = 'eu' | 'un' | 'ofac';

export interface SanctionsListsTable {
  source: SanctionsSource;
  version: Int8;
  list_date: ColumnType<Date, string, string>;
  imported_at: ColumnType<Date, Date | undefined, Date>;
  entry_count: number;
  file_sha256: string;
}

export interface SanctionsEntriesTable {
  id: GeneratedInt8;
  source: SanctionsSource;
  external_id: string;
  subject_type: 'person' | 'entity';
  names: string[];
  birth_dates: Generated<string[]>;
  nationalities: Generated<string[]>;
  programme: string | null;
  listed_on: ColumnType<Date | null, string | null | undefined, string | null>;
}

export interface Database {
  sanctions_lists: SanctionsListsTable;
  sanctions_entries: SanctionsEntriesTable;
}

// identity documents (server/modules/kyc; migration 0230)

export type KycState = 'pending' | 'approved' | 'rejected';
export type KycDocumentType = 'national_id' | 'passport' | 'residence_permit';
export type KycPart = 'front' | 'back' | 'selfie';
export type KycMediaType = 'image/jpeg' | 'image/png' | 'application/pdf';

export interface KycSubmissionsTable {
  id: GeneratedInt8;
  user_id: Int8;
  document_type: KycDocumentType;
  state: ColumnType<KycState, KycState | undefined, KycState>;
  review_id: Int8 | null;
  reason: string | null;
  created_at: ColumnType<Date, Date, never>;
  decided_at: NullableTimestamp;
  /** The identity a verified customer asks to change to (migration 0561): applied on approval only. */
  identity: ColumnType<Record<string, string> | null, string | null | undefined, never>;
}

export interface KycFilesTable {
  id: GeneratedInt8;
  submission_id: Int8;
  part: KycPart;
  media_type: KycMediaType;
  size: number;
  key_id: string;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

export interface Database {
  kyc_submissions: KycSubmissionsTable;
  kyc_files: KycFilesTable;
}

// notifications (server/modules/notifications; migration 0240)

export interface NotificationsTable {
  id: ColumnType<string, never, never>;
  user_id: Int8;
  kind: string;
  transaction_id: Int8 | null;
  params: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
  read_at: NullableTimestamp;
}

export interface NotificationDeliveriesTable {
  id: ColumnType<string, never, never>;
  notification_id: Int8;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_error: string | null;
  channel: 'email' | 'sms' | 'push' | 'none' | null;
  done_at: NullableTimestamp;
  dead_at: NullableTimestamp;
  /** Migration 0290: a push to this browser; null for the e-mail/SMS row. */
  push_subscription_id: Int8 | null;
}

// Web Push and channel preferences (migration 0290)

export interface PushSubscriptionsTable {
  id: ColumnType<string, never, never>;
  user_id: Int8;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: CreatedAt;
  last_success_at: NullableTimestamp;
}

export interface NotificationPreferencesTable {
  user_id: Int8;
  email: Generated<boolean>;
  sms: Generated<boolean>;
  push: Generated<boolean>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SanctionsReportsTable {
  id: GeneratedInt8;
  review_id: Int8;
  subject: string;
  user_id: Int8 | null;
  contact_id: Int8 | null;
  transaction_id: Int8 | null;
  screened_name: string;
  matches: ColumnType<unknown, string, never>;
  amount: Int8 | null;
  decided_by: Int8;
  reason: string;
  created_at: CreatedAt;
}

export interface Database {
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  receipt_mails: ReceiptMailsTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_preferences: NotificationPreferencesTable;
}

export interface Database {
  sanctions_reports: SanctionsReportsTable;
  sanctions_clearances: SanctionsClearancesTable;
}

/** SMS/e-mails to a recipient without an account (migration 0360): invitation, then a reminder before expiry. */
export interface RecipientMessagesTable {
  id: Generated<string>;
  transaction_id: Int8;
  kind: 'invitation' | 'reminder';
  channel: 'sms' | 'email' | 'none' | null;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  last_error: string | null;
  done_at: NullableTimestamp;
  dead_at: NullableTimestamp;
  created_at: CreatedAt;
  /** An invitation's sender and where it went (phone, else e-mail): once a week per pair (migration 0701). */
  sender_user_id: Int8 | null;
  invitee: string | null;
}

export interface Database {
  recipient_messages: RecipientMessagesTable;
}

// account closure (migration 0341, server/modules/users/data-rights.service.ts)

export interface ClosedAccountsTable {
  user_id: Int8;
  closed_at: ColumnType<Date, Date | undefined, never>;
  retain_until: ColumnType<Date, Date, never>;
  email: string | null;
  phone_number: string | null;
  first_name: string;
  last_name: string;
  country: string | null;
  date_of_birth: ColumnType<Date | null, string | Date | null, never>;
  address: string | null;
  postcode: string | null;
  city: string | null;
  account_id: string;
  kyc_level: number;
}

export interface Database {
  closed_accounts: ClosedAccountsTable;
}

/** Transfers whose expiry was announced (migration 0361): the primary key makes the reminder once. */
export interface ExpiryRemindersTable {
  transaction_id: Int8;
  created_at: CreatedAt;
}

export interface Database {
  expiry_reminders: ExpiryRemindersTable;
}

/** Rate alerts (migration 0380, server/modules/rate-alerts): fired once, then kept as history. */
export interface RateAlertsTable {
  id: GeneratedInt8;
  user_id: Int8;
  /** numeric(10,4) as PostgreSQL prints it ("11.2000"). */
  threshold: string;
  rates_id: Int8;
  created_at: CreatedAt;
  triggered_at: NullableTimestamp;
  triggered_rates_id: ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
  triggered_rate: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface Database {
  rate_alerts: RateAlertsTable;
}

// schedules (server/modules/schedules; recurring transfers, ADR 024, migration 0595)

export type ScheduleFrequency = 'weekly' | 'biweekly' | 'monthly';
export type ScheduleDelivery = 'wallet' | 'cash_pickup' | 'bank_deposit' | 'mobile_wallet';
export type OccurrenceOutcome = 'sent' | 'skipped' | 'missed';
export type OccurrenceSkipReason = 'balance' | 'limit' | 'frozen' | 'recipient' | 'paused' | 'asked';

/** Dates are `date` columns, read as YYYY-MM-DD text (the scheduler reads them with to_char). */
type DateText = ColumnType<string, string, string>;

export interface SchedulesTable {
  id: GeneratedInt8;
  user_id: Int8;
  contact_id: Int8;
  amount_minor: Int8;
  /** How each date pays out (migration 0721): the recipient's wallet, cash, a bank deposit, a mobile wallet. */
  delivery: ScheduleDelivery;
  /** The sender accepted a bank that does not confirm the holder's name (a bank deposit's, migration 0721). */
  confirm_payee: Generated<boolean>;
  frequency: ScheduleFrequency;
  /** 1-28 or 'last' for a monthly schedule; null otherwise. */
  day: string | null;
  start_date: DateText;
  end_date: ColumnType<string | null, string | null | undefined, string | null>;
  count: number | null;
  time_zone: string;
  paused: Generated<boolean>;
  skip_date: ColumnType<string | null, string | null | undefined, string | null>;
  next_date: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  cancelled_at: NullableTimestamp;
}

export interface ScheduleOccurrencesTable {
  schedule_id: Int8;
  date: DateText;
  outcome: OccurrenceOutcome;
  reason: OccurrenceSkipReason | null;
  transaction_id: Int8 | null;
  handled_at: CreatedAt;
}

/** A date of a schedule reminded two days before (migration 0610): once per (schedule, date). */
export interface ScheduleRemindersTable {
  schedule_id: Int8;
  date: DateText;
  reminded_at: CreatedAt;
}

export interface Database {
  schedules: SchedulesTable;
  schedule_occurrences: ScheduleOccurrencesTable;
  schedule_reminders: ScheduleRemindersTable;
}

// payouts through a partner (server/modules/transfers/methods/bank-deposit; migration 0600)

export type PayeeCheckResult = 'match' | 'close_match' | 'no_match' | 'unavailable';

export interface PayoutFilesTable {
  id: GeneratedInt8;
  message_id: string;
  deposits: number;
  control_sum_minor: Int8;
  created_at: CreatedAt;
}

export interface PayoutsTable {
  transaction_id: Int8;
  method: 'bank_deposit' | 'mobile_wallet';
  rib: string | null;
  holder_name: string;
  /** YYYY-MM-DD (read with to_char). */
  expected_arrival: ColumnType<string | null, string | null, never>;
  execution_date: ColumnType<string | null, string | null, never>;
  /** A bank deposit's only (migration 0641: null for a mobile wallet payout). */
  payee_check: PayeeCheckResult | null;
  bank_holder_name: string | null;
  file_id: Int8 | null;
  reason: string | null;
  /** A mobile wallet payout's recipient number (E.164, +212 6 or 7) and the operator's reference once accepted. */
  wallet_phone: ColumnType<string | null, string | null | undefined, string | null>;
  partner_reference: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The requests to the mobile wallet operator, sent after the send's commit (migration 0641; the outbox pattern). */
export interface WalletPayoutDispatchesTable {
  id: GeneratedInt8;
  transaction_id: Int8;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  last_error: string | null;
  done_at: NullableTimestamp;
  dead_at: NullableTimestamp;
  /** When the operator was last asked for the payout's status, its callback being late (migration 0712). */
  followed_up_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface Database {
  payout_files: PayoutFilesTable;
  payouts: PayoutsTable;
  wallet_payout_dispatches: WalletPayoutDispatchesTable;
}

// account recovery (server/modules/recovery; ADR 026, migration 0630)

export type RecoveryState = 'codes' | 'documents' | 'review' | 'approved' | 'refused' | 'expired';

export interface AccountRecoveriesTable {
  id: string;
  user_id: Int8 | null;
  known_identifier: string;
  new_identifier: string;
  new_kind: 'email' | 'phone';
  language: string;
  state: ColumnType<RecoveryState, RecoveryState | undefined, RecoveryState>;
  identity_required: ColumnType<boolean, boolean | undefined, boolean>;
  document_type: string | null;
  review_id: Int8 | null;
  reason: string | null;
  created_at: ColumnType<Date, Date, never>;
  expires_at: Timestamp;
  decided_at: NullableTimestamp;
}

export interface Database {
  account_recoveries: AccountRecoveriesTable;
}

// help cases (server/modules/cases; ADR 025, migration 0620)

export type CaseKind = 'not_received' | 'wrong_details' | 'cannot_collect' | 'not_credited' | 'account' | 'other';
export type CaseState = 'open' | 'waiting_customer' | 'answered' | 'resolved';
/** Written with the service's clock at insert (the rate limits and the queue's lateness count from it). */
type StampedAt = ColumnType<Date, Date | undefined, never>;

export interface CasesTable {
  id: GeneratedInt8;
  reference: ColumnType<string, never, never>;
  user_id: Int8;
  kind: CaseKind;
  state: ColumnType<CaseState, CaseState | undefined, CaseState>;
  transaction_id: Int8 | null;
  assigned_to: Int8 | null;
  created_at: StampedAt;
  first_answer_at: NullableTimestamp;
  resolved_at: NullableTimestamp;
}

export interface CaseMessagesTable {
  id: GeneratedInt8;
  case_id: Int8;
  author: 'customer' | 'operator';
  author_user_id: Int8;
  body: string;
  internal: ColumnType<boolean, boolean | undefined, never>;
  created_at: StampedAt;
}

export interface CaseAttachmentsTable {
  id: GeneratedInt8;
  message_id: Int8;
  media_type: KycMediaType;
  size: number;
  key_id: string;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

export interface Database {
  cases: CasesTable;
  case_messages: CaseMessagesTable;
  case_attachments: CaseAttachmentsTable;
}
