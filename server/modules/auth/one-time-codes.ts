import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tooManyRequests } from '../../http/http-error.ts';
import { hmac, sameDigest } from '../../security/keys.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { countWrongAttempt, insertLoginCode, latestLoginCode, markLoginCodeUsed } from './login-codes.repository.ts';
import { clearEvents, eventTimes, recordEvent, type RateBucket } from './rate-limit-events.repository.ts';
import { afterInterval, HOUR_SECONDS, withinLimit, type WindowDecision } from './sliding-window.ts';

/**
 * The 6-digit codes sent by SMS or mail: the sign-in code, the profile phone's confirmation, and the two codes of an
 * account recovery. One
 * generation, one storage (login_codes, as an HMAC, never in clear), one expiry (LOGIN_CODE_TTL_SECONDS) and one
 * attempt limiting (LOGIN_CODE_MAX_ATTEMPTS per code and per key over LOGIN_FAILURE_WINDOW_SECONDS), whatever the
 * purpose. A purpose is part of the HMAC, and its keys never look like a sign-in identifier, so a code sent for one
 * purpose never works for another. The caller holds the lock that serialises the key (identifierLock).
 */
export type CodePurpose = 'login-code' | 'phone-confirmation' | 'account-recovery';

export const ago = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

export function refuse(decision: WindowDecision): void {
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
}

/**
 * One more event of `key` in `bucket` (the rate limits' counters), refused first with a 429 and Retry-After when
 * `limit` of them already fall in the last `windowSeconds`. The caller's transaction rolls the event back with its
 * own refusal.
 */
export async function takeRateSlot(
  tx: Transaction<Database>,
  slot: { bucket: RateBucket; key: string; now: Date; windowSeconds: number; limit: number },
): Promise<void> {
  const { bucket, key, now, windowSeconds, limit } = slot;
  refuse(withinLimit(await eventTimes(tx, bucket, key, ago(now, windowSeconds)), now, windowSeconds, limit));
  await recordEvent(tx, bucket, key, now);
}

const codeHash = (deps: Pick<ServiceDeps, 'keys'>, purpose: CodePurpose, key: string, code: string) =>
  hmac(deps.keys.codes, purpose, key, code);

/**
 * A new code for `key`, after the per-key send limits (one per LOGIN_CODE_RESEND_SECONDS, at most
 * LOGIN_CODES_PER_IDENTIFIER_PER_HOUR an hour; a 429 with Retry-After otherwise). It retires the key's earlier codes.
 */
export async function issueCode(
  tx: Transaction<Database>,
  deps: Pick<ServiceDeps, 'keys' | 'config'>,
  code: { purpose: CodePurpose; key: string; language: string; now: Date },
): Promise<string> {
  const { config } = deps;
  const { now, key } = code;
  const sent = await eventTimes(tx, 'send_identifier', key, ago(now, HOUR_SECONDS));
  refuse(afterInterval(sent, now, config.LOGIN_CODE_RESEND_SECONDS));
  refuse(withinLimit(sent, now, HOUR_SECONDS, config.LOGIN_CODES_PER_IDENTIFIER_PER_HOUR));
  await recordEvent(tx, 'send_identifier', key, now);
  const value = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await insertLoginCode(tx, {
    identifier: key,
    hash: codeHash(deps, code.purpose, key, value),
    language: code.language,
    expiresAt: new Date(now.getTime() + config.LOGIN_CODE_TTL_SECONDS * 1000),
    createdAt: now,
  });
  return value;
}

export type CodeCheck =
  | { kind: 'ok'; language: string }
  | { kind: 'wrong' }
  | { kind: 'locked'; retryAfterSeconds: number };

/**
 * The newest code of `key`, unused, unexpired, with fewer than LOGIN_CODE_MAX_ATTEMPTS wrong tries, compared in
 * constant time. Wrong tries also count per key over LOGIN_FAILURE_WINDOW_SECONDS whatever the code, so asking for
 * a new code does not buy new guesses; once the limit is reached every try is 'locked', even with the right code,
 * until the window frees a slot. Returned, not thrown, so the caller commits what it counted.
 */
export async function checkCode(
  tx: Transaction<Database>,
  deps: Pick<ServiceDeps, 'keys' | 'config'>,
  attempt: { purpose: CodePurpose; key: string; code: string; now: Date },
): Promise<CodeCheck> {
  const { config } = deps;
  const { now, key } = attempt;
  const failures = await eventTimes(tx, 'verify_failure', key, ago(now, config.LOGIN_FAILURE_WINDOW_SECONDS));
  const allowed = withinLimit(failures, now, config.LOGIN_FAILURE_WINDOW_SECONDS, config.LOGIN_CODE_MAX_ATTEMPTS);
  if (!allowed.allowed) return { kind: 'locked', retryAfterSeconds: allowed.retryAfterSeconds };

  const row = await latestLoginCode(tx, key);
  const usable =
    row !== undefined && row.used_at === null && row.expires_at > now && row.attempts < config.LOGIN_CODE_MAX_ATTEMPTS;
  // The HMAC is computed even when there is nothing to compare with, so timing says nothing about the row.
  const matches = sameDigest(codeHash(deps, attempt.purpose, key, attempt.code), row?.code_hash ?? Buffer.alloc(32));
  if (!row || !usable || !matches) {
    if (row && usable) await countWrongAttempt(tx, row.id);
    await recordEvent(tx, 'verify_failure', key, now);
    return { kind: 'wrong' };
  }
  await markLoginCodeUsed(tx, row.id, now);
  await clearEvents(tx, 'verify_failure', key);
  return { kind: 'ok', language: row.language };
}
