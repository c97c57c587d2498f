import { randomUUID } from 'node:crypto';
import { authMessages } from '../../../common/api/auth.ts';
import { isStaffRole, type Role } from '../../../common/api/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/i18n/languages.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import { fieldError, HttpError, tooManyRequests } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { identifierLock, type SignInIdentifier } from './sign-in-identifier.ts';
import { signAccessToken } from './access-token.ts';
import { ago, checkCode, issueCode, refuse } from './one-time-codes.ts';
import { loginCodeTexts } from './message-templates.ts';
import { eventTimes, purgeOlderThan, recordEvent } from './rate-limit-events.repository.ts';
import { insertSession, revokeSession } from './sessions.repository.ts';
import { HOUR_SECONDS, withinLimit } from './sliding-window.ts';
import { countCodeFailure } from '../../metrics/metrics.ts';

let lastPurge = 0;
/**
 * At most once a minute per process: events and codes a day older than every window go, so the counting
 * queries stay small. The day of margin also keeps a process whose clock runs ahead from erasing live counters.
 */
async function purgeNowAndThen(deps: ServiceDeps, now: Date): Promise<void> {
  if (Math.abs(now.getTime() - lastPurge) < 60_000) return;
  lastPurge = now.getTime();
  const longest = Math.max(HOUR_SECONDS, deps.config.LOGIN_FAILURE_WINDOW_SECONDS, deps.config.LOGIN_CODE_TTL_SECONDS);
  await purgeOlderThan(deps.db, ago(now, longest + 86_400));
}

/**
 * `POST /api/auth/send_code/`. The same answer whether or not an account exists (an account is created by the
 * first verification), so the endpoint cannot be used to learn who is a customer. Limits, each a 429 with
 * Retry-After: per IP LOGIN_CODE_REQUESTS_PER_IP_PER_HOUR; per identifier one code per LOGIN_CODE_RESEND_SECONDS
 * and LOGIN_CODES_PER_IDENTIFIER_PER_HOUR.
 */
export async function sendCode(
  deps: ServiceDeps,
  identifier: SignInIdentifier,
  language: Language,
  ip: string,
): Promise<void> {
  const { config } = deps;
  const now = deps.clock.now();
  await purgeNowAndThen(deps, now);
  const code = await withTransaction(deps.db, async (tx) => {
    await lockFor(tx, identifierLock(identifier.value));
    const hourAgo = ago(now, HOUR_SECONDS);
    refuse(
      withinLimit(
        await eventTimes(tx, 'send_ip', ip, hourAgo),
        now,
        HOUR_SECONDS,
        config.LOGIN_CODE_REQUESTS_PER_IP_PER_HOUR,
      ),
    );
    await recordEvent(tx, 'send_ip', ip, now);
    return issueCode(tx, deps, { purpose: 'login-code', key: identifier.value, language, now });
  });
  // Delivered after commit: no transaction waits on a mail or SMS provider. A failed delivery still counts
  // against the limits, so retries cannot hammer the provider.
  const texts = loginCodeTexts[language];
  const minutes = Math.ceil(config.LOGIN_CODE_TTL_SECONDS / 60);
  try {
    if (identifier.kind === 'email') {
      await deps.mail.send({ to: identifier.value, subject: texts.subject, text: texts.mail(code, minutes), code });
    } else {
      await deps.sms.send({ to: identifier.value, body: texts.sms(code, minutes), code });
    }
  } catch (error) {
    const answer = new HttpError(
      503,
      { detail: authMessages.sendFailed },
      { 'retry-after': String(config.LOGIN_CODE_RESEND_SECONDS) },
    );
    throw Object.assign(answer, { cause: error });
  }
}

export interface SignedIn {
  access: string;
  role: Role;
  userId: string;
  created: boolean;
}

type Verification =
  | { kind: 'ok'; userId: string; role: Role; created: boolean; sessionId: string; expiresAt: Date }
  | { kind: 'wrong' }
  | { kind: 'locked'; retryAfterSeconds: number };

/**
 * `POST /api/auth/verify_code/`. The newest code of the identifier, unused, unexpired, with fewer than
 * LOGIN_CODE_MAX_ATTEMPTS wrong tries, compared in constant time. Wrong tries also count per identifier over
 * LOGIN_FAILURE_WINDOW_SECONDS whatever the code, so asking for a new code does not buy new guesses; once the
 * limit is reached every try is refused (429), even with the right code, until the window frees a slot. Each
 * IP may try LOGIN_VERIFICATIONS_PER_IP_PER_HOUR times. The first success for an identifier creates the user,
 * their wallet and address, in the same transaction that consumes the code and opens the session.
 */
export async function verifyCode(
  deps: ServiceDeps,
  identifier: SignInIdentifier,
  code: string,
  ip: string,
  requestId?: string,
): Promise<SignedIn> {
  const { config } = deps;
  const now = deps.clock.now();
  const result = await withTransaction(deps.db, async (tx): Promise<Verification> => {
    await lockFor(tx, identifierLock(identifier.value));
    const perIp = await eventTimes(tx, 'verify_ip', ip, ago(now, HOUR_SECONDS));
    refuse(withinLimit(perIp, now, HOUR_SECONDS, config.LOGIN_VERIFICATIONS_PER_IP_PER_HOUR));
    await recordEvent(tx, 'verify_ip', ip, now);

    // Returned, not thrown: the per-IP event above must be committed.
    const check = await checkCode(tx, deps, { purpose: 'login-code', key: identifier.value, code, now });
    if (check.kind !== 'ok') return check;

    const language = isLanguage(check.language) ? check.language : DEFAULT_LANGUAGE;
    const { created, ...user } = await deps.ports.signIn.accountSigningIn(tx, deps, identifier, language, now);

    const sessionId = randomUUID();
    // Operators and auditors get a shorter session. Their sign-ins, and a teller's (who pays cash out of a till),
    // are in the audit trail: every staff action there can be traced to the session that did it.
    const staff = isStaffRole(user.role);
    const ttl = staff ? config.OPS_SESSION_TTL_SECONDS : config.SESSION_TTL_SECONDS;
    const expiresAt = new Date(now.getTime() + ttl * 1000);
    await insertSession(tx, { id: sessionId, userId: user.id, createdAt: now, expiresAt });
    if (staff || user.role === 'BANKER') {
      await recordAudit(
        tx,
        { userId: user.id, role: user.role, requestId: requestId ?? null, ip },
        { action: 'auth.sign_in', targetType: 'session', targetId: sessionId, after: { expires_at: expiresAt } },
        now,
      );
    }
    return { kind: 'ok', userId: user.id, role: user.role, created, sessionId, expiresAt };
  });

  if (result.kind === 'locked') {
    countCodeFailure('login_code', 'locked');
    throw tooManyRequests(result.retryAfterSeconds);
  }
  if (result.kind === 'wrong') {
    countCodeFailure('login_code', 'wrong');
    throw fieldError('code', authMessages.wrongCode);
  }
  const access = await signAccessToken(
    deps.keys.jwt,
    { sessionId: result.sessionId, userId: result.userId },
    now,
    result.expiresAt,
  );
  return { access, role: result.role, userId: result.userId, created: result.created };
}

/** `POST /api/auth/logout/`: the session ends server-side; its token is refused from now on. */
export async function logout(deps: ServiceDeps, sessionId: string): Promise<void> {
  await revokeSession(deps.db, sessionId, deps.clock.now());
}
