import { sql } from 'kysely';
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
import { idempotentReplays } from '../../metrics/metrics.ts';
import { limitError, type LimitRefusal } from '../compliance/limits.ts';

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
  const mac = salt ? securityCodeMac(deps.config.SECURITY_CODE_PEPPER, body.security_code, salt) : null;
  const { config } = deps;
  const result = await withRetries(async () => {
    try {
      const { rows } = await sql<{ result: SendResult }>`SELECT wallet_send_as(
          ${caller.sessionId}::uuid, ${caller.userId}::bigint, ${body.contact}::bigint,
          ${body.amount.minor.toString()}::bigint, ${salt}::bytea, ${mac}::bytea, ${idempotency.scope},
          ${idempotency.key ?? null}, ${idempotency.requestHash}, ${deps.clock.now()}::timestamptz,
          ${config.SECURITY_CODE_MAX_ATTEMPTS}::int, ${config.SECURITY_CODE_LOCK_SECONDS}::int) AS result`.execute(
        deps.db,
      );
      const row = rows[0];
      if (!row) throw new Error('wallet_send_as answered nothing');
      return row.result;
    } catch (error) {
      throw ledgerError(error);
    }
  });
  if (result.outcome === 'salt') rememberSalt(caller.userId, Buffer.from(result.salt, 'hex'));
  return result;
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
