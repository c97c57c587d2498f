import type { Transaction } from 'kysely';
import type { Exchange } from '../../../common/api/exchanges.ts';
import { exchangeMessages } from '../../../common/api/exchanges.ts';
import type { Language } from '../../../common/i18n/languages.ts';
import { eurToMad } from '../../../common/money/conversion.ts';
import { parseDecimal } from '../../../common/money/decimal.ts';
import { formatAmount, money, type Money } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { fieldError, forbidden, notFound } from '../../http/http-error.ts';
import { hashRequest, runIdempotent } from '../../ledger/idempotency.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { ensureCheckoutUrl, newSessionId } from '../billing/checkout.service.ts';
import {
  findLiveExchangeSession,
  findSession,
  insertSession,
  supersedeOpenSessions,
} from '../billing/index.ts';
import { subscriptionActive } from '../billing/subscriptions.service.ts';
import { currentRates } from '../rates/rates.service.ts';
import { refuseIfFrozen } from '../auth/frozen.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { quote, type Quote } from './exchange-quote.ts';
import { limitError, remainingMinor } from '../compliance/limits.ts';
import {
  findUserExchange,
  listUserExchanges,
  lockRate,
  repriceDraft,
  upsertDraft,
  type ExchangeRow,
} from './exchanges.repository.ts';

const MIN_CENTS = 100n;

/** The fee in MAD is the EUR fee times the official rate (EUR -> MAD: whole dirhams). */
function feeInMad(fee: Money<'EUR'>, officialRate: string): Money<'MAD'> {
  const official = parseDecimal(officialRate);
  return official && official.units > 0n ? eurToMad(fee, official) : money('MAD', 0n);
}

export function presentExchange(row: ExchangeRow): Exchange {
  const from = money('EUR', BigInt(row.from_amount));
  const fee = money('EUR', BigInt(row.fee_amount));
  return {
    id: Number(row.id),
    from_amount: formatAmount(from),
    to_amount: formatAmount(money('MAD', BigInt(row.to_amount))),
    fees: row.fee_fraction,
    fee_amount: formatAmount(fee),
    total_amount: formatAmount(money('EUR', from.minor + fee.minor)),
    fee_amount_mad: formatAmount(feeInMad(fee, row.official_rate)),
    rate: row.rate,
    official_rate: row.official_rate,
    validated: row.status === 'paid',
    locked_until: row.locked_until?.toISOString() ?? null,
    quote_expires_at: row.quote_expires_at?.toISOString() ?? null,
  };
}

const quoteUntil = (deps: ServiceDeps, now: Date) => new Date(now.getTime() + deps.config.QUOTE_SECONDS * 1000);

/**
 * Does the draft's quote still hold? Until it expires, and only while the rates of the moment give the same
 * figures (what the card pays, the dirhams credited): a rate change that moves nothing leaves the quote standing.
 */
function quoteHolds(row: ExchangeRow, q: Quote, now: Date): boolean {
  if (!row.quote_expires_at || row.quote_expires_at <= now) return false;
  return (
    BigInt(row.to_amount) === q.to.minor &&
    BigInt(row.fee_amount) === q.fee.minor &&
    BigInt(row.from_amount) === q.from.minor
  );
}

/** Add money is for customers only (tellers have no such button), and not for a frozen account. */
function requireCustomer(user: AuthUser): void {
  if (user.role !== 'customer') throw forbidden();
  refuseIfFrozen(user);
}

/** 1 EUR to TOPUP_MAX_EUR; the parse already refused text, sign and a third decimal. */
function checkBounds(deps: ServiceDeps, amount: Money<'EUR'>): void {
  if (amount.minor < MIN_CENTS) throw fieldError('from_amount', exchangeMessages.belowMinimum);
  const max = BigInt(deps.config.TOPUP_MAX_EUR) * 100n;
  if (amount.minor > max) {
    throw fieldError('from_amount', exchangeMessages.aboveMaximum(formatAmount(money('EUR', max))));
  }
}

/**
 * A top-up past the customer's rolling limit is refused here, before a checkout opens and so before the
 * card is charged (a hint read without a lock: the webhook counts it under the lock and refunds what no longer fits).
 */
async function checkTopUpLimit(deps: ServiceDeps, user: AuthUser, amount: Money<'EUR'>): Promise<void> {
  const left = await remainingMinor(deps.db, deps.config, user.id, user.level ?? 1, 'topup', deps.clock.now());
  if (amount.minor > left.remainingMinor) throw limitError(left, 'from_amount');
}

async function priceFor(deps: ServiceDeps, userId: string, amount: Money<'EUR'>): Promise<Quote> {
  const [rates, subscribed] = await Promise.all([currentRates(deps.db, deps.clock.now()), subscriptionActive(deps, userId)]);
  return quote(amount, rates, subscribed);
}

export async function listExchanges(
  deps: ServiceDeps,
  user: AuthUser,
  filter: { validated?: boolean; page: number; pageSize: number },
): Promise<{ count: number; results: Exchange[] }> {
  const { count, rows } = await listUserExchanges(deps.db, user.id, filter);
  return { count, results: rows.map(presentExchange) };
}

/** `POST /api/exchanges/`: the draft, created on the first valid amount (or re-priced if one exists already). */
export async function createDraft(deps: ServiceDeps, user: AuthUser, amount: Money<'EUR'>): Promise<Exchange> {
  requireCustomer(user);
  checkBounds(deps, amount);
  await checkTopUpLimit(deps, user, amount);
  const q = await priceFor(deps, user.id, amount);
  const now = deps.clock.now();
  const row = await withTransaction(deps.db, async (tx) => {
    const draft = await upsertDraft(tx, user.id, q, now, quoteUntil(deps, now));
    await supersedeOpenSessions(tx, draft.id, now);
    return draft;
  });
  return presentExchange(row);
}

/** `PATCH /api/exchanges/{id}/`: a new amount for your draft; a checkout opened for the old amount is void. */
export async function updateDraft(
  deps: ServiceDeps,
  user: AuthUser,
  id: string,
  amount: Money<'EUR'>,
): Promise<Exchange> {
  requireCustomer(user);
  checkBounds(deps, amount);
  await checkTopUpLimit(deps, user, amount);
  const q = await priceFor(deps, user.id, amount);
  const now = deps.clock.now();
  const row = await withTransaction(deps.db, async (tx) => {
    const exchange = await findUserExchange(tx, user.id, id, true);
    if (!exchange) throw notFound();
    if (exchange.status !== 'draft') throw fieldError('from_amount', exchangeMessages.alreadyPaid);
    await supersedeOpenSessions(tx, id, now);
    return repriceDraft(tx, id, q, now, quoteUntil(deps, now));
  });
  return presentExchange(row);
}

const checkoutDescription = (row: ExchangeRow) =>
  `Wallet top-up: ${formatAmount(money('MAD', BigInt(row.to_amount)))} MAD`;

/** What validation answers: the checkout page, or (409) a new quote to show and confirm again. */
export type ValidationResult = { kind: 'checkout'; url: string } | { kind: 'requoted'; quote: Exchange };
type Validated = { status: 200; body: { session: string } } | { status: 409; body: { quote: Exchange } };

/**
 * `GET|POST /api/exchanges/{id}/validate/`: honours the draft's quote while it holds (the price shown is
 * the price paid), locks it for RATE_LOCK_SECONDS and opens a checkout for from_amount + fee. A quote that expired
 * or that the rates of the moment no longer give is replaced by a new one, committed and answered as a 409 for the
 * customer to see and confirm. Asking again while the lock holds returns the same checkout (a double tap opens one
 * payment page, not two); a POST with an Idempotency-Key replays its answer (the client's key is per quote).
 */
export async function validateExchange(
  deps: ServiceDeps,
  user: AuthUser,
  id: string,
  idempotencyKey: string | undefined,
  language: Language | undefined,
): Promise<ValidationResult> {
  requireCustomer(user);
  const now = deps.clock.now();
  const open = (tx: Transaction<Database>) => async (): Promise<Validated> => {
    const exchange = await findUserExchange(tx, user.id, id, true);
    if (!exchange) throw notFound();
    if (exchange.status !== 'draft') throw fieldError('from_amount', exchangeMessages.alreadyPaid);
    // A minute of margin: handing out a page whose lock ends while the customer types the card is a refund.
    const live = await findLiveExchangeSession(tx, id, new Date(now.getTime() + 60_000));
    if (live && exchange.locked_until) return { status: 200, body: { session: live.id } };
    await checkTopUpLimit(deps, user, money('EUR', BigInt(exchange.from_amount)));
    const q = await priceFor(deps, user.id, money('EUR', BigInt(exchange.from_amount)));
    await supersedeOpenSessions(tx, id, now);
    if (!quoteHolds(exchange, q, now)) {
      const requoted = await repriceDraft(tx, id, q, now, quoteUntil(deps, now));
      return { status: 409, body: { quote: presentExchange(requoted) } };
    }
    const until = new Date(now.getTime() + deps.config.RATE_LOCK_SECONDS * 1000);
    const locked = await lockRate(tx, id, q, now, until);
    const session = await insertSession(tx, {
      id: newSessionId(),
      provider: deps.payments.name,
      purpose: 'exchange',
      user_id: user.id,
      exchange_id: id,
      amount: (BigInt(locked.from_amount) + BigInt(locked.fee_amount)).toString(),
      expires_at: until,
      language: language ?? null,
    });
    return { status: 200, body: { session: session.id } };
  };

  const answer = idempotencyKey
    ? await withTransaction(deps.db, (tx) =>
        runIdempotent<Validated['body']>(
          tx,
          {
            scope: `exchanges:validate:user:${user.id}`,
            key: idempotencyKey,
            requestHash: hashRequest({ method: 'POST', path: `/exchanges/${id}/validate/` }),
          },
          open(tx),
        ),
      )
    : await withTransaction(deps.db, (tx) => open(tx)());
  if ('quote' in answer.body) return { kind: 'requoted', quote: answer.body.quote };
  const session = await findSession(deps.db, answer.body.session);
  const exchange = await findUserExchange(deps.db, user.id, id);
  if (!session || !exchange) throw notFound();
  return { kind: 'checkout', url: await ensureCheckoutUrl(deps, session, checkoutDescription(exchange)) };
}
