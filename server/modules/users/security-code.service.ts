import { securityCodeErrors } from '../../../common/api/users.ts';
import { isLanguage, DEFAULT_LANGUAGE } from '../../../common/i18n/languages.ts';
import { HttpError, fieldError, notFound } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { securityCodeLockoutTexts } from '../auth/message-templates.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { checkSecurityCode, newSecurityCodeHash } from './security-code-hash.ts';
import {
  lockSecurityCodeState,
  saveSecurityCode,
  saveSecurityCodeAttempts,
  type SecurityCodeState,
} from './security-code.repository.ts';
import { countCodeFailure } from '../../metrics/metrics.ts';

export type SecurityCodeCheck =
  | { outcome: 'ok' }
  | { outcome: 'not_set' }
  | { outcome: 'invalid'; remainingAttempts: number }
  | { outcome: 'locked'; retryAfterSeconds: number; lockedUntil: Date };

export type SecurityCodeDeps = Pick<ServiceDeps, 'db' | 'config' | 'clock' | 'mail' | 'sms'>;

const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/**
 * Checks a user's 6-digit security code, for every endpoint that moves money or changes the code (transfers,
 * teller validation, changing the code). The failure counter is one per user, shared by all of them: after
 * SECURITY_CODE_MAX_ATTEMPTS wrong codes in a row the code is locked for SECURITY_CODE_LOCK_SECONDS and the user
 * is told by mail or SMS.
 *
 * Call it with the database handle, before (not inside) your own transaction: it commits the failure count in a
 * transaction of its own, so a caller rolling back on "invalid" cannot erase the attempt and allow endless tries.
 */
export async function verifySecurityCode(
  deps: SecurityCodeDeps,
  userId: string,
  code: string,
): Promise<SecurityCodeCheck> {
  if (deps.db.isTransaction) throw new Error('verifySecurityCode must run outside the caller transaction');
  const { config } = deps;
  const now = deps.clock.now();
  let lockedNow: SecurityCodeState | undefined;
  const check = await withTransaction(deps.db, async (tx): Promise<SecurityCodeCheck> => {
    lockedNow = undefined;
    const state = await lockSecurityCodeState(tx, userId);
    if (!state?.hash || !state.salt) return { outcome: 'not_set' };
    if (state.lockedUntil && state.lockedUntil > now) {
      return { outcome: 'locked', retryAfterSeconds: secondsUntil(state.lockedUntil, now), lockedUntil: state.lockedUntil };
    }
    const checked = await checkSecurityCode(config.SECURITY_CODE_PEPPER, code, state.salt, state.hash);
    if (checked.matches) {
      // A code stored at an older cost is re-hashed now that we know it (saving it also clears the counters).
      if (checked.upgrade) await saveSecurityCode(tx, userId, checked.upgrade.hash, checked.upgrade.salt);
      else if (state.failures > 0 || state.lockedUntil)
        await saveSecurityCodeAttempts(tx, userId, { failures: 0, lockedUntil: null });
      return { outcome: 'ok' };
    }
    const failures = state.failures + 1;
    if (failures >= config.SECURITY_CODE_MAX_ATTEMPTS) {
      const lockedUntil = new Date(now.getTime() + config.SECURITY_CODE_LOCK_SECONDS * 1000);
      await saveSecurityCodeAttempts(tx, userId, { failures: 0, lockedUntil });
      lockedNow = state;
      return { outcome: 'locked', retryAfterSeconds: config.SECURITY_CODE_LOCK_SECONDS, lockedUntil };
    }
    await saveSecurityCodeAttempts(tx, userId, { failures, lockedUntil: null });
    return { outcome: 'invalid', remainingAttempts: config.SECURITY_CODE_MAX_ATTEMPTS - failures };
  });
  if (lockedNow) await notifyLockout(deps, lockedNow);
  return check;
}

/**
 * The HTTP answer for a failed check: the code's messages on `field`, 429 with Retry-After when locked.
 * A wrong code also says how many tries are left and a lock until when, so the screen can tell the user.
 */
export function securityCodeError(
  check: Exclude<SecurityCodeCheck, { outcome: 'ok' }>,
  field = 'security_code',
): HttpError {
  switch (check.outcome) {
    case 'not_set':
      return fieldError(field, securityCodeErrors.notSet);
    case 'invalid':
      countCodeFailure('security_code', 'wrong');
      return new HttpError(400, { [field]: [securityCodeErrors.invalid], attempts_remaining: check.remainingAttempts });
    case 'locked':
      countCodeFailure('security_code', 'locked');
      return new HttpError(
        429,
        { [field]: [securityCodeErrors.locked], locked_until: check.lockedUntil.toISOString() },
        { 'retry-after': String(check.retryAfterSeconds) },
      );
  }
}

/** verifySecurityCode for callers that only go on when the code is right: anything else is thrown as its answer. */
export async function requireSecurityCode(
  deps: SecurityCodeDeps,
  userId: string,
  code: string,
  field = 'security_code',
): Promise<void> {
  const check = await verifySecurityCode(deps, userId, code);
  if (check.outcome !== 'ok') throw securityCodeError(check, field);
}

/** `POST /api/users/{id}/security_code/`: the first code is simply set; changing it needs the current one. */
export async function setSecurityCode(
  deps: SecurityCodeDeps,
  actorId: string,
  targetId: string,
  body: { security_code: string; current_security_code?: string | undefined },
): Promise<void> {
  if (actorId !== targetId) throw notFound();
  const { hash, salt } = newSecurityCodeHash(deps.config.SECURITY_CODE_PEPPER, body.security_code);
  const firstSet = await withTransaction(deps.db, async (tx) => {
    const state = await lockSecurityCodeState(tx, actorId);
    if (!state) throw notFound();
    if (state.hash) return false;
    await saveSecurityCode(tx, actorId, hash, salt);
    return true;
  });
  if (firstSet) return;
  if (body.current_security_code === undefined) throw fieldError('current_security_code', 'This field is required.');
  await requireSecurityCode(deps, actorId, body.current_security_code, 'current_security_code');
  await withTransaction(deps.db, (tx) => saveSecurityCode(tx, actorId, hash, salt));
}

export async function notifyLockout(
  deps: SecurityCodeDeps,
  state: Pick<SecurityCodeState, 'language' | 'email' | 'emailVerified' | 'phone' | 'phoneAuth'>,
): Promise<void> {
  countCodeFailure('security_code', 'lockout');
  const texts = securityCodeLockoutTexts[isLanguage(state.language) ? state.language : DEFAULT_LANGUAGE];
  const minutes = Math.ceil(deps.config.SECURITY_CODE_LOCK_SECONDS / 60);
  // Best effort: the lock is already committed; a mail outage must not turn the user's answer into an error.
  try {
    if (state.email && state.emailVerified)
      await deps.mail.send({ to: state.email, subject: texts.subject, text: texts.text(minutes) });
    else if (state.phone && state.phoneAuth) await deps.sms.send({ to: state.phone, body: texts.sms(minutes) });
  } catch {
    // Nothing more to do here: the user still gets the 429 with its Retry-After.
  }
}
