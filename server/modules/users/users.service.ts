import { tellerAgency } from './staff.repository.ts';
import type { Role } from '../../../common/api/auth.ts';
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { UpdateUserRequest, User } from '../../../common/api/users.ts';
import { profileMessages } from '../../../common/api/users.ts';
import { COUNTRIES, type Country } from '../../../common/identity/phone.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/i18n/languages.ts';
import { formatAmount, money } from '../../../common/money/money.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import type { Database } from '../../db/schema.ts';
import { fieldError, HttpError, notFound, serviceUnavailable, tooManyRequests } from '../../http/http-error.ts';
import { createUserWallet, userWalletBalance } from '../../ledger/accounts.repository.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { hmac, type ServerKeys } from '../../security/keys.ts';
import { confirmEmailTexts } from '../auth/message-templates.ts';
import { afterInterval, withinLimit } from '../auth/sliding-window.ts';
import { currentRates } from '../rates/rates.service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { identifierLock, type SignInIdentifier } from '../auth/sign-in-identifier.ts';
import type { UsersPorts } from './users-ports.ts';
import {
  deleteEmailConfirmation,
  emailConfirmationTimes,
  insertEmailConfirmation,
  lockEmailConfirmation,
  markEmailConfirmationUsed,
  supersedeEmailConfirmations,
} from './email-confirmations.repository.ts';
import { decideProfileIdentifiers, hasFullProfile } from './profile-rules.ts';
import { identityLockErrors } from './identity-lock.ts';
import { provedIdentifiers } from './proved-identifiers.ts';
import {
  findUserById,
  findUserBySignInPhone,
  findUserByVerifiedEmail,
  identifierTaken,
  insertUser,
  markEmailVerified,
  nextUserId,
  releaseUnverifiedEmail,
  releaseUnverifiedPhone,
  setUserLanguage,
  updateUserProfile,
  type UserRow,
} from './users.repository.ts';

export type { UserRow } from './users.repository.ts';
export { identifierLock, type SignInIdentifier };

/** The dependencies of presenting a user: the database, the clock, the configuration and what users asks above. */
export type UserDeps = Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'ports'>;

/** What creating an account needs from above users: its wallet address and what its proved identifier sets off. */
export interface NewAccounts {
  /** The configured ledger's derivation (ChainAdapter.walletAddress, or walletAddressesFor(...).user). */
  walletAddressOf: (userId: string) => string;
  identifierProved: UsersPorts['identifierProved'];
}

/** The accounts a request creates: the configured ledger's address, the ports the entry composed. */
export const newAccounts = (deps: Pick<ServiceDeps, 'chain' | 'ports'>): NewAccounts => ({
  walletAddressOf: deps.chain.walletAddress,
  identifierProved: deps.ports.users.identifierProved,
});

export interface NewUserInput {
  identifier: SignInIdentifier;
  language: Language;
  role?: Role;
  agencyId?: string | null;
  firstName?: string;
  lastName?: string;
  country?: Country | null;
}

/**
 * A user with their MAD wallet (through the ledger) and wallet address, in the caller's transaction: either
 * all of it exists or none of it. The sign-in identifier is verified by construction (a code proved it, or an
 * operator vouches for it).
 */
export async function createUser(
  tx: Transaction<Database>,
  accounts: NewAccounts,
  input: NewUserInput,
  now: Date,
): Promise<UserRow> {
  const { identifier } = input;
  if (identifier.kind === 'email') await releaseUnverifiedEmail(tx, identifier.value);
  else await releaseUnverifiedPhone(tx, identifier.value);
  const id = await nextUserId(tx);
  const user = await insertUser(tx, {
    id,
    email: identifier.kind === 'email' ? identifier.value : null,
    emailVerifiedAt: identifier.kind === 'email' ? now : null,
    phoneNumber: identifier.kind === 'phone' ? identifier.value : null,
    phoneAuth: identifier.kind === 'phone',
    language: input.language,
    role: input.role ?? 'customer',
    agencyId: input.agencyId ?? null,
    accountId: accounts.walletAddressOf(id),
    firstName: input.firstName,
    lastName: input.lastName,
    country: input.country ?? null,
  });
  await createUserWallet(tx, id);
  // Its identifier is proved by construction: recipients naming it point to it, waiting transfers are its own.
  await accounts.identifierProved(tx, user);
  return user;
}

/**
 * The account a verified sign-in code is for (auth's SignInAccounts): a returning user keeps the language they
 * sign in with (their messages follow it); the first sign-in creates the account with its wallet. In the
 * sign-in's transaction, under the identifier's lock.
 */
export async function accountSigningIn(
  tx: Transaction<Database>,
  deps: Pick<ServiceDeps, 'chain' | 'ports'>,
  identifier: SignInIdentifier,
  language: Language,
  now: Date,
): Promise<{ id: string; role: Role; created: boolean }> {
  const found = await findSignInUser(tx, identifier);
  if (found) {
    await setUserLanguage(tx, found.id, language);
    return { id: found.id, role: found.role, created: false };
  }
  const user = await createUser(tx, newAccounts(deps), { identifier, language }, now);
  return { id: user.id, role: user.role, created: true };
}

export async function findSignInUser(db: Kysely<Database>, identifier: SignInIdentifier): Promise<UserRow | undefined> {
  return identifier.kind === 'email'
    ? findUserByVerifiedEmail(db, identifier.value)
    : findUserBySignInPhone(db, identifier.value);
}

export async function getUser(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return findUserById(db, id);
}

/** The User the app reads: balance from the ledger, rates from the current rates row. */
export async function presentUser(deps: UserDeps, user: UserRow): Promise<User> {
  // The subscription's truth is the provider's state (billing module), read at the app's clock, as pricing reads it.
  const { db } = deps;
  const [balance, rates, subscribed, limits, agency, underReview] = await Promise.all([
    userWalletBalance(db, user.id),
    currentRates(db, deps.clock.now()),
    deps.ports.users.subscriptionActive(deps, user.id),
    deps.ports.users.limitsOf(db, deps.config, user.id, user.kyc_level, deps.clock.now()),
    user.role === 'BANKER' && user.agency_id !== null ? tellerAgency(db, user.agency_id) : undefined,
    user.kyc_level === 2 ? false : deps.ports.users.identityUnderReview(db, user.id),
  ]);
  const country = (COUNTRIES as readonly string[]).includes(user.country ?? '') ? (user.country as Country) : null;
  return {
    id: Number(user.id),
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    email_confirmed: user.email !== null && user.email_verified_at !== null,
    phone_number: user.phone_number,
    phone_confirmed: provedIdentifiers(user).phone !== null,
    phone_auth: user.phone_auth,
    country,
    role: user.role,
    balance: formatAmount(balance ?? money('MAD', 0n)),
    rate: rates.official,
    rate_delta: subscribed ? rates.subscription : rates.freemium,
    rate_freemium: rates.freemium,
    rate_subscription: rates.subscription,
    subscription: subscribed,
    account_id: user.account_id,
    has_security_code: user.security_code_hash !== null,
    has_full_profile: hasFullProfile(user),
    level: user.kyc_level === 2 ? 2 : 1,
    identity_under_review: underReview,
    limits,
    agency: agency
      ? {
          id: Number(agency.id),
          name: agency.name,
          address: agency.address,
          zip_code: agency.zip_code,
          city: agency.city,
        }
      : null,
  };
}

export async function getMe(deps: UserDeps, userId: string): Promise<User> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound();
  return presentUser(deps, user);
}

type ProfileBody = Omit<UpdateUserRequest, 'country'> & { country: Country };

/**
 * `PATCH /api/users/{id}/`: all fields at once, in one transaction; any refused field leaves everything as it
 * was. A verified identity, or one under review, keeps its name and country (409, identity-lock.ts). A newly set e-mail is unverified until its link is opened (it cannot be used to sign in before that).
 */
export async function updateProfile(
  deps: ServiceDeps,
  actorId: string,
  targetId: string,
  body: ProfileBody,
): Promise<User> {
  if (actorId !== targetId) throw notFound();
  const now = deps.clock.now();
  const names = { first_name: body.first_name.trim(), last_name: body.last_name.trim(), country: body.country };
  const screening = await deps.ports.users.screenProfileChange(deps, actorId, names);
  const confirmation = await withTransaction(deps.db, async (tx) => {
    const user = await findUserById(tx, actorId, true);
    if (!user) throw notFound();
    const underReview = await deps.ports.users.identityUnderReview(tx, actorId);
    const locked = identityLockErrors(user, names, underReview);
    if (locked !== null) throw new HttpError(409, locked);
    const decision = decideProfileIdentifiers(user, body);
    if (!decision.ok) throw fieldError(decision.field, decision.message);
    if (decision.newEmail !== undefined) {
      await lockFor(tx, identifierLock(decision.newEmail));
      if (await identifierTaken(tx, 'email', decision.newEmail, actorId))
        throw fieldError('email', profileMessages.emailTaken);
    }
    if (decision.newPhone !== undefined) {
      await lockFor(tx, identifierLock(decision.newPhone));
      if (await identifierTaken(tx, 'phone_number', decision.newPhone, actorId)) {
        throw fieldError('phone_number', profileMessages.phoneTaken);
      }
    }
    await updateUserProfile(tx, actorId, {
      ...names,
      ...(decision.newEmail !== undefined && { email: decision.newEmail }),
      ...(decision.newPhone !== undefined && { phone_number: decision.newPhone, phone_verified_at: null }),
    });
    // A completed or changed profile is screened against the sanctions lists: a hit freezes until reviewed.
    if (screening !== null) await screening(tx);
    if (decision.newEmail === undefined) return undefined;
    return newEmailConfirmation(tx, deps, user, decision.newEmail, now);
  });
  if (confirmation) {
    // After commit: the profile is saved even if the mail service is down; the address stays unverified (it
    // cannot sign in) until a link works, and the profile's button sends another (resendEmailConfirmation).
    await mailEmailConfirmation(deps, confirmation).catch(() => undefined);
  }
  return getMe(deps, actorId);
}

interface PendingConfirmation {
  id: string;
  email: string;
  token: string;
  language: Language;
}

/** A new single-use link for `email`, stored as its hash; the token itself only goes in the mail. */
async function newEmailConfirmation(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  user: UserRow,
  email: string,
  now: Date,
): Promise<PendingConfirmation> {
  const token = randomBytes(32).toString('base64url');
  const id = await insertEmailConfirmation(tx, {
    userId: user.id,
    email,
    tokenHash: emailTokenHash(deps.keys, token),
    expiresAt: new Date(now.getTime() + deps.config.EMAIL_CONFIRMATION_TTL_SECONDS * 1000),
    createdAt: now,
  });
  return { id, email, token, language: isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE };
}

async function mailEmailConfirmation(deps: ServiceDeps, confirmation: PendingConfirmation): Promise<void> {
  const link = `${deps.config.PUBLIC_URL}/authentication/confirm-email?code=${confirmation.token}`;
  const texts = confirmEmailTexts[confirmation.language];
  await deps.mail.send({
    to: confirmation.email,
    subject: texts.subject,
    text: texts.mail(link),
    link,
    code: confirmation.token,
  });
}

const DAY_SECONDS = 86_400;

/**
 * `POST /api/users/{id}/email_confirmation/`: mails a new confirmation link for the profile's e-mail.
 * 404 for anyone but the user (ids are not probed), 400 with no address or one already proven, 429 with
 * Retry-After sooner than EMAIL_CONFIRMATION_RESEND_SECONDS after the last link or past
 * EMAIL_CONFIRMATION_MAX_PER_DAY links in 24 hours. The limit counts the user's email_confirmations rows (the
 * profile's own link too) under the user's row lock, so two processes asking at once take turns and the second
 * sees the first's link: no counter outside PostgreSQL to drift.
 *
 * The new link supersedes the earlier ones (they expire the moment it is sent), which is the safer choice: a
 * confirmation link proves the address and claims the money that waits for it (claimTransfersForNewUser), so
 * the fewer live links the better; a link in an old mail that was forwarded, or read on a shared device, dies
 * when the owner asks for a new one, and the owner is told that only the newest link works. The mail leaves
 * after the commit through the mail adapter (the dev outbox in development); if the mail service refuses it, the
 * new link is deleted, the earlier ones keep working, and the answer is a 503 that does not count as a resend.
 */
export async function resendEmailConfirmation(deps: ServiceDeps, actorId: string, targetId: string): Promise<string> {
  if (actorId !== targetId) throw notFound();
  const now = deps.clock.now();
  const confirmation = await withTransaction(deps.db, async (tx) => {
    const user = await findUserById(tx, actorId, true);
    if (!user) throw notFound();
    if (user.email === null) throw fieldError('email', profileMessages.noEmailToConfirm);
    if (user.email_verified_at !== null) throw fieldError('email', profileMessages.emailAlreadyConfirmed);
    const times = await emailConfirmationTimes(tx, actorId, new Date(now.getTime() - DAY_SECONDS * 1000));
    for (const decision of [
      afterInterval(times, now, deps.config.EMAIL_CONFIRMATION_RESEND_SECONDS),
      withinLimit(times, now, DAY_SECONDS, deps.config.EMAIL_CONFIRMATION_MAX_PER_DAY),
    ]) {
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
    }
    return newEmailConfirmation(tx, deps, user, user.email, now);
  });
  try {
    await mailEmailConfirmation(deps, confirmation);
  } catch {
    await deleteEmailConfirmation(deps.db, confirmation.id);
    throw serviceUnavailable();
  }
  // Only once the new link is on its way: the older ones of this user (never a newer one) stop working.
  await supersedeEmailConfirmations(deps.db, actorId, confirmation.id, deps.clock.now());
  return confirmation.email;
}

/**
 * `GET /api/auth/confirm_email/?code=`: single use, expires, and only for the address it was sent to. Transfers
 * waiting for that address are claimed then.
 */
export async function confirmEmail(deps: ServiceDeps, token: string): Promise<boolean> {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const row = await lockEmailConfirmation(tx, emailTokenHash(deps.keys, token));
    if (!row || row.used_at || row.expires_at <= now) return false;
    // Under the address's lock, as a sign-up with it: money sent to this address before it was proven is claimed
    // in the same transaction as the confirmation, never twice and never by two people.
    await lockFor(tx, identifierLock(row.email));
    await markEmailConfirmationUsed(tx, row.id, now);
    const verified = await markEmailVerified(tx, row.user_id, row.email, now);
    if (verified) {
      const user = await findUserById(tx, String(row.user_id));
      if (user) await deps.ports.users.identifierProved(tx, user);
    }
    return verified;
  });
}

export function emailTokenHash(keys: ServerKeys, token: string): Buffer {
  return hmac(keys.codes, 'email-confirmation', token);
}
