import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { badRequest, conflict } from '../../common/api/http-error.ts';
import { IdempotencyConflictError } from './ledger-errors.ts';
import { idempotentReplays } from './ledger-metrics.ts';

/**
 * Idempotency-Key handling for the requests that move money. Use it inside the same
 * transaction as the work, after validating the request:
 *
 *   await withTransaction(db, (tx) => runIdempotent(tx, { scope: `transactions:${userId}`, key, requestHash },
 *     async () => ({ status: 201, body: await createTransaction(tx, ...) })));
 *
 * - First use of a key: the key row is inserted (its uncommitted primary key makes any concurrent request with
 *   the same key wait), the work runs, and its response is stored with it; all commit together.
 * - The same key again with the same request: the stored response, without running the work again.
 * - The same key with another request: 409 (IdempotencyConflictError).
 * - The work throws (invalid input, not enough funds, crash): the transaction rolls back and nothing is kept, so
 *   the client may fix the request and reuse the key.
 */

export interface IdempotentRequest {
  /** Whose key and for what, e.g. `transactions:user:42`: keys of different users or endpoints never meet. */
  scope: string;
  key: string;
  /** hashRequest() of what identifies the request (method, path, body). */
  requestHash: string;
}

export interface IdempotentResponse<B> {
  status: number;
  body: B;
}

export interface IdempotentResult<B> extends IdempotentResponse<B> {
  /** True when this is the stored response of an earlier request. */
  replayed: boolean;
}

export const idempotencyKeyHeader = 'idempotency-key';
export const minimumRetentionHours = 24;
export const invalidIdempotencyKey = 'Invalid Idempotency-Key header.';
export const idempotencyInProgress = 'A request with this Idempotency-Key is still being processed.';

/** Printable ASCII, as Stripe and the IETF draft allow; a UUID fits easily. */
const keyPattern = /^[\x21-\x7e]{1,255}$/;

/** The header's value, undefined when absent; a malformed key is a 400 before any work. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !keyPattern.test(header)) throw badRequest(invalidIdempotencyKey);
  return header;
}

/** JSON with sorted keys, so that `{a, b}` and `{b, a}` are one request; bigints as their digits. */
function canonical(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function hashRequest(request: unknown): string {
  return createHash('sha256').update(canonical(request)).digest('hex');
}

/**
 * `stored` shapes the body kept for replays: a response carrying a secret (a withdrawal's QR token) is kept without
 * it and the caller rebuilds it on replay, so the table (and every dump of it) holds no live token.
 */
export async function runIdempotent<B>(
  tx: Transaction<Database>,
  request: IdempotentRequest,
  work: () => Promise<IdempotentResponse<B>>,
  stored: (body: B) => B = (body) => body,
): Promise<IdempotentResult<B>> {
  const { scope, key, requestHash } = request;
  if (!keyPattern.test(key)) throw badRequest(invalidIdempotencyKey);
  // ON CONFLICT waits for an uncommitted row with the same key, then sees the committed one (READ COMMITTED) or
  // fails with 40001 (stronger levels), which withTransaction retries into the replay below.
  const claimed = await tx
    .insertInto('idempotency_keys')
    .values({ scope, key, request_hash: requestHash })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();

  if (!claimed) {
    const stored = await tx
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'response_status', 'response_body'])
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (stored.request_hash !== requestHash) throw new IdempotencyConflictError();
    if (stored.response_status === null) throw conflict(idempotencyInProgress);
    idempotentReplays.inc();
    // The body was produced by the same endpoint for the same request, so it has the type the caller expects.
    return { status: stored.response_status, body: stored.response_body as B, replayed: true };
  }

  let response: IdempotentResponse<B>;
  try {
    response = await work();
  } catch (error) {
    // Normally the caller's transaction rolls back and takes the key with it. If the caller catches the error
    // and commits anyway, drop the key here so it is not left claimed forever; in an aborted transaction this
    // delete fails too, which is fine, and the original error is the one that matters.
    await tx
      .deleteFrom('idempotency_keys')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .execute()
      .catch(() => undefined);
    throw error;
  }
  await tx
    .updateTable('idempotency_keys')
    .set({ response_status: response.status, response_body: sql`${JSON.stringify(stored(response.body))}::jsonb` })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
  return { ...response, replayed: false };
}

const purgeSlice = 5_000;

/** Deletes keys older than the retention, never less than 24 hours. Returns how many went. */
export async function purgeIdempotencyKeys(
  db: Kysely<Database>,
  retentionHours = minimumRetentionHours,
): Promise<number> {
  if (!Number.isInteger(retentionHours) || retentionHours < minimumRetentionHours) {
    throw new RangeError(`Idempotency keys are kept at least ${minimumRetentionHours} hours`);
  }
  // In slices, each its own short statement, skipping rows another server's sweep is deleting at the same time.
  let purged = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM idempotency_keys WHERE ctid IN (
        SELECT ctid FROM idempotency_keys
         WHERE created_at < now() - make_interval(hours => ${retentionHours})
         LIMIT ${purgeSlice} FOR UPDATE SKIP LOCKED)`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0n);
    purged += deleted;
    if (deleted < purgeSlice) return purged;
  }
}
