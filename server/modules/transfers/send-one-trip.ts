import { sql } from 'kysely';
import pg from 'pg';
import { transactionMessages, type CreateTransactionBody } from '../../../common/api/transactions.ts';
import { opsMessages } from '../../../common/api/ops.ts';
import { conflict, fieldError, forbidden, unauthorized } from '../../http/http-error.ts';
import { idempotencyInProgress } from '../../ledger/idempotency.ts';
import { IdempotencyConflictError } from '../../ledger/ledger-errors.ts';
import { ledgerError } from '../../ledger/journal.ts';
import { withRetries } from '../../ledger/transaction.ts';
import type { AccessClaims } from '../auth/access-token.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { securityCodeMac } from '../users/security-code-hash.ts';
import { notifyLockout, securityCodeError } from '../users/security-code.service.ts';
import { notAPickup, type HistoryRow } from './transactions-query.repository.ts';
import { idempotentReplays, sendWrites } from '../../metrics/metrics.ts';
import { limitError, type LimitRefusal } from '../compliance/limits.ts';
import { isDatabaseUnavailable } from '../../db/database.ts';
import { SendBatcher, type BatchItemError } from './send-batcher.ts';

/** What wallet_send_as() (migration 0500) and wallet_send() (0020) answer. */
type SendResult =
  | {
      outcome:
        | 'unauthorized'
        | 'not_customer'
        | 'slow'
        | 'contact_not_found'
        | 'yourself'
        | 'not_set'
        | 'conflict'
        | 'in_progress'
        | 'frozen';
    }
  | { outcome: 'salt'; salt: string }
  | { outcome: 'invalid'; remaining: number }
  | { outcome: 'locked'; retry_after: number; locked_until: string }
  | {
      outcome: 'locked_now';
      retry_after: number;
      locked_until: string;
      language: string;
      email: string | null;
      email_verified: boolean;
      phone: string | null;
      phone_auth: boolean;
    }
  | { outcome: 'replay'; status: number; body: unknown }
  | LimitRefusal
  | {
      outcome: 'sent';
      id: number;
      created_at: string;
      recipient: number;
      sender_first_name: string;
      sender_last_name: string;
      contact_first_name: string;
      contact_last_name: string;
      contact_phone: string | null;
    };

export type OneTripSend =
  | { kind: 'slow' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'sent'; row: HistoryRow; recipientUserId: string };

/**
 * The security code's salt per user, as this process last read it from wallet_send_as(): the code's HMAC is
 * computed before the one round trip (the pepper stays in this process). A miss or a stale salt (the code changed)
 * costs one more round trip, answered 'salt' before anything is locked or written. Bounded: past SALTS_MAX, the
 * oldest goes.
 */
const salts = new Map<string, Buffer>();
const SALTS_MAX = 10_000;

function rememberSalt(userId: string, salt: Buffer): void {
  salts.delete(userId);
  if (salts.size >= SALTS_MAX) salts.delete(salts.keys().next().value ?? '');
  salts.set(userId, salt);
}

/**
 * A send to a registered recipient in one database round trip: wallet_send_as() checks the session of the token
 * (the authentication's read, migration 0500), the caller's role and freeze, then wallet_send() checks the contact,
 * the security code (HMAC computed here: the pepper stays in this process), the idempotency key, posts the entry
 * and writes the row, the anchoring job and the stored response, all in the one statement's transaction (ADR 010).
 * Answers 'slow' for what it leaves to the general path (a withdrawal, a recipient without an account yet, a code
 * stored in an older scheme); throws the HTTP answer of every refusal, a dead session's 401 first.
 */
export async function sendInOneTrip(
  deps: ServiceDeps,
  caller: AccessClaims,
  body: CreateTransactionBody,
  idempotency: { scope: string; key: string | undefined; requestHash: string },
): Promise<OneTripSend> {
  let result = await callWalletSendAs(deps, caller, body, idempotency);
  // Once with the salt just read; a code changed again in between leaves it to the general path.
  if (result.outcome === 'salt') result = await callWalletSendAs(deps, caller, body, idempotency);
  return outcomeOf(deps, caller, body, result);
}

async function callWalletSendAs(
  deps: ServiceDeps,
  caller: AccessClaims,
  body: CreateTransactionBody,
  idempotency: { scope: string; key: string | undefined; requestHash: string },
): Promise<SendResult> {
  const salt = salts.get(caller.userId) ?? null;
  const item: WalletSendItem = {
    session: caller.sessionId,
    sender: caller.userId,
    contact: String(body.contact),
    amount: body.amount.minor.toString(),
    salt,
    mac: salt ? securityCodeMac(deps.config.SECURITY_CODE_PEPPER, body.security_code, salt) : null,
    scope: idempotency.scope,
    key: idempotency.key ?? null,
    requestHash: idempotency.requestHash,
    now: deps.clock.now(),
  };
  const batcher = sendBatcherOf(deps);
  const result = batcher ? await batcher.send(item) : await walletSendOne(deps, item);
  if (result.outcome === 'salt') rememberSalt(caller.userId, Buffer.from(result.salt, 'hex'));
  return result;
}

/** wallet_send_as()'s arguments for one send (the code's HMAC already computed here). */
interface WalletSendItem {
  session: string;
  sender: string;
  contact: string;
  amount: string;
  salt: Buffer | null;
  mac: Buffer | null;
  scope: string;
  key: string | null;
  requestHash: string;
  now: Date;
}

/** One send in its own statement, run again on a serialization failure or a deadlock. */
async function walletSendOne(deps: ServiceDeps, item: WalletSendItem): Promise<SendResult> {
  const { config } = deps;
  return withRetries(async () => {
    try {
      const { rows } = await sql<{ result: SendResult }>`SELECT wallet_send_as(
          ${item.session}::uuid, ${item.sender}::bigint, ${item.contact}::bigint, ${item.amount}::bigint,
          ${item.salt}::bytea, ${item.mac}::bytea, ${item.scope}, ${item.key}, ${item.requestHash},
          ${item.now}::timestamptz, ${config.SECURITY_CODE_MAX_ATTEMPTS}::int,
          ${config.SECURITY_CODE_LOCK_SECONDS}::int) AS result`.execute(deps.db);
      const row = rows[0];
      if (!row) throw new Error('wallet_send_as answered nothing');
      return row.result;
    } catch (error) {
      throw ledgerError(error);
    }
  });
}

/** Several sends in one statement (wallet_send_batch(): a subtransaction each, one commit for all). */
async function walletSendMany(deps: ServiceDeps, items: WalletSendItem[]): Promise<(SendResult | BatchItemError)[]> {
  const { config } = deps;
  const payload = JSON.stringify(
    items.map((item) => ({
      session: item.session,
      sender: item.sender,
      contact: item.contact,
      amount: item.amount,
      salt: item.salt?.toString('hex') ?? null,
      mac: item.mac?.toString('hex') ?? null,
      scope: item.scope,
      key: item.key,
      request_hash: item.requestHash,
      now: item.now.toISOString(),
    })),
  );
  // No retry here: a batch the database aborted (a deadlock on its first locks, say) goes again item by item,
  // each with the single send's retries.
  const { rows } = await sql<{ result: (SendResult | BatchItemError)[] }>`SELECT wallet_send_batch(
      ${payload}::jsonb, ${config.SECURITY_CODE_MAX_ATTEMPTS}::int, ${config.SECURITY_CODE_LOCK_SECONDS}::int)
      AS result`.execute(deps.db);
  const row = rows[0];
  if (!row) throw new Error('wallet_send_batch answered nothing');
  return row.result;
}

/**
 * The batcher of a database (one per pool: tests run several apps in one process), or none when SEND_BATCH is off.
 * Created on first use with this process's settings.
 */
const batchers = new WeakMap<object, SendBatcher<WalletSendItem, SendResult>>();

function sendBatcherOf(deps: ServiceDeps): SendBatcher<WalletSendItem, SendResult> | undefined {
  if (deps.config.SEND_BATCH === 'off') return undefined;
  let batcher = batchers.get(deps.db);
  if (!batcher) {
    batcher = new SendBatcher<WalletSendItem, SendResult>(
      {
        one: (item) => walletSendOne(deps, item),
        many: (items) => walletSendMany(deps, items),
        // A SQLSTATE the server sent for the statement (it aborted it: nothing committed), but the ones that say the
        // connection or the server went away, after which the batch may have committed.
        abortedByDatabase: (error) => error instanceof pg.DatabaseError && !isDatabaseUnavailable(error),
      },
      { maxBatch: deps.config.SEND_BATCH_MAX, inFlight: deps.config.SEND_BATCH_IN_FLIGHT, counts: sendWrites },
    );
    batchers.set(deps.db, batcher);
  }
  return batcher;
}

async function outcomeOf(
  deps: ServiceDeps,
  caller: AccessClaims,
  body: CreateTransactionBody,
  result: SendResult,
): Promise<OneTripSend> {
  switch (result.outcome) {
    case 'unauthorized':
      throw unauthorized();
    case 'not_customer':
      throw forbidden(transactionMessages.customersOnly);
    case 'salt':
    case 'slow':
      return { kind: 'slow' };
    case 'contact_not_found':
      throw fieldError('contact', transactionMessages.contactNotFound);
    case 'yourself':
      throw fieldError('contact', transactionMessages.yourself);
    case 'frozen':
      throw forbidden(opsMessages.accountFrozen);
    case 'not_set':
      throw securityCodeError({ outcome: 'not_set' });
    case 'invalid':
      throw securityCodeError({ outcome: 'invalid', remainingAttempts: result.remaining });
    case 'locked':
      throw securityCodeError({
        outcome: 'locked',
        retryAfterSeconds: result.retry_after,
        lockedUntil: new Date(result.locked_until),
      });
    case 'locked_now':
      await notifyLockout(deps, {
        language: result.language,
        email: result.email,
        emailVerified: result.email_verified,
        phone: result.phone,
        phoneAuth: result.phone_auth,
      });
      throw securityCodeError({
        outcome: 'locked',
        retryAfterSeconds: result.retry_after,
        lockedUntil: new Date(result.locked_until),
      });
    case 'conflict':
      throw new IdempotencyConflictError();
    case 'in_progress':
      throw conflict(idempotencyInProgress);
    case 'limit':
      throw limitError(result);
    case 'replay':
      idempotentReplays.inc();
      return { kind: 'replay', status: result.status, body: result.body };
    case 'sent':
      return {
        kind: 'sent',
        recipientUserId: String(result.recipient),
        row: {
          id: String(result.id),
          kind: 'transfer',
          status: 'completed',
          sender_user_id: caller.userId,
          recipient_user_id: String(result.recipient),
          contact_id: String(body.contact),
          agency_id: null,
          amount: body.amount.minor.toString(),
          token_sealed: null,
          identifier: null,
          tx_id: null,
          expires_at: null,
          validated_at: null,
          created_at: new Date(result.created_at),
          sender_first_name: result.sender_first_name,
          sender_last_name: result.sender_last_name,
          recipient_user_first_name: null,
          recipient_user_last_name: null,
          contact_first_name: result.contact_first_name,
          contact_last_name: result.contact_last_name,
          contact_phone_number: result.contact_phone,
          agency_name: null,
          agency_address: null,
          agency_zip_code: null,
          agency_city: null,
          ...notAPickup,
        },
      };
  }
}

/** A stored response of wallet_send() (`{"id": N, "present": true}`): the transaction to present again. */
export function storedTransactionId(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('present' in body) || body.present !== true) return undefined;
  const id = 'id' in body ? body.id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
}
