import { authMessages, profileMessages } from '../../../common/api/messages.ts';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../common/i18n/languages.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import { fieldError, HttpError, notFound, tooManyRequests } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { countCodeFailure } from '../../metrics/metrics.ts';
import { phoneConfirmationTexts } from '../auth/message-templates.ts';
import { checkCode, issueCode, type CodeCheck } from '../auth/one-time-codes.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { findUserById, identifierTaken, markPhoneVerified, type UserRow } from './users.repository.ts';
import { identifierLock } from './users.service.ts';

/**
 * An e-mail user proves the phone set on their profile with an SMS code, and the money waiting for that
 * phone is theirs then (as confirming an e-mail does). The code is the sign-in code's (one-time-codes.ts: six
 * digits, HMAC only, LOGIN_CODE_TTL_SECONDS, LOGIN_CODE_MAX_ATTEMPTS, the resend limits), under its own purpose
 * and a key that names the user and the number: a code proves only this number for this user, and never signs in.
 */
const confirmationKey = (userId: string, phone: string) => `phone-confirmation:${userId}:${phone}`;

/** The phone the user may prove now, or the field error saying why there is none. */
function phoneToProve(user: UserRow): string {
  if (user.phone_number === null) throw fieldError('phone_number', profileMessages.noPhoneToConfirm);
  if (user.phone_auth || user.phone_verified_at !== null)
    throw fieldError('phone_number', profileMessages.phoneAlreadyConfirmed);
  return user.phone_number;
}

/**
 * The user's row read again under the phone's identifier lock (taken first, as sign-up and contact creation take
 * it, so the lock order is the same everywhere): the number must still be theirs and unproved.
 */
async function lockedPhone(
  tx: Parameters<Parameters<typeof withTransaction>[1]>[0],
  deps: ServiceDeps,
  actorId: string,
  targetId: string,
): Promise<{ user: UserRow; phone: string }> {
  if (actorId !== targetId) throw notFound();
  const before = await findUserById(deps.db, actorId);
  if (!before) throw notFound();
  const phone = phoneToProve(before);
  await lockFor(tx, identifierLock(phone));
  const user = await findUserById(tx, actorId, true);
  if (!user) throw notFound();
  if (phoneToProve(user) !== phone) throw fieldError('phone_number', profileMessages.noPhoneToConfirm);
  // Both columns are unique, so nobody else holds it; kept as a clear answer should that ever change.
  if (await identifierTaken(tx, 'phone_number', phone, actorId))
    throw fieldError('phone_number', profileMessages.phoneTaken, 409);
  return { user, phone };
}

/**
 * `POST /api/users/{id}/phone_confirmation/`: texts a new 6-digit code to the profile phone; 202 with the number.
 * 404 for anyone else's id, 400 (phone_number) with no phone or one already proved, 429 with Retry-After inside the
 * sign-in code's resend limits. The SMS leaves after the commit, as the sign-in code's does; if the provider
 * refuses it the answer is a 503 (the send still counts against the limits, so retries cannot hammer it).
 */
export async function sendPhoneConfirmation(deps: ServiceDeps, actorId: string, targetId: string): Promise<string> {
  const now = deps.clock.now();
  const sent = await withTransaction(deps.db, async (tx) => {
    const { user, phone } = await lockedPhone(tx, deps, actorId, targetId);
    const language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
    const code = await issueCode(tx, deps, {
      purpose: 'phone-confirmation',
      key: confirmationKey(user.id, phone),
      language,
      now,
    });
    return { phone, code, language };
  });
  const minutes = Math.ceil(deps.config.LOGIN_CODE_TTL_SECONDS / 60);
  try {
    await deps.sms.send({
      to: sent.phone,
      body: phoneConfirmationTexts[sent.language](sent.code, minutes),
      code: sent.code,
    });
  } catch (error) {
    const answer = new HttpError(
      503,
      { detail: authMessages.sendFailed },
      { 'retry-after': String(deps.config.LOGIN_CODE_RESEND_SECONDS) },
    );
    throw Object.assign(answer, { cause: error });
  }
  return sent.phone;
}

/**
 * `POST /api/users/{id}/phone_confirmation/verify/` with `{code}`: the right code proves the phone and, in the same
 * transaction and under the phone's lock, links the recipients naming it and claims the transfers waiting for it
 * (identifierProved of the users' ports), so a claim happens once even when two verifications race: the second finds the phone proved.
 * A wrong code is a 400 on `code`; past LOGIN_CODE_MAX_ATTEMPTS wrong tries a 429 with Retry-After, even with the
 * right code, as for the sign-in code.
 */
export async function verifyPhoneConfirmation(
  deps: ServiceDeps,
  actorId: string,
  targetId: string,
  code: string,
): Promise<void> {
  const now = deps.clock.now();
  const check = await withTransaction(deps.db, async (tx): Promise<CodeCheck> => {
    const { user, phone } = await lockedPhone(tx, deps, actorId, targetId);
    const result = await checkCode(tx, deps, {
      purpose: 'phone-confirmation',
      key: confirmationKey(user.id, phone),
      code,
      now,
    });
    if (result.kind !== 'ok') return result;
    if (!(await markPhoneVerified(tx, user.id, phone, now))) throw new Error(`phone of user ${user.id} not proved`);
    await deps.ports.users.identifierProved(tx, { ...user, phone_verified_at: now });
    return result;
  });
  if (check.kind === 'locked') {
    countCodeFailure('phone_confirmation', 'locked');
    throw tooManyRequests(check.retryAfterSeconds);
  }
  if (check.kind === 'wrong') {
    countCodeFailure('phone_confirmation', 'wrong');
    throw fieldError('code', authMessages.wrongCode);
  }
}
