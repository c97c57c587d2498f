import { genericMessages } from '../../common/api/errors.ts';
import { HttpError } from '../../common/api/http-error.ts';

/**
 * Errors that mean the caller built a wrong entry or asked for something the books cannot do. They are bugs or
 * business states for the calling service to translate, so they are not HttpErrors: unhandled, they become a 500.
 */
export class LedgerError extends Error {
  constructor(
    readonly code:
      | 'unbalanced_entry'
      | 'unknown_account'
      | 'currency_mismatch'
      | 'wrong_account_kind'
      | 'negative_platform_balance'
      | 'hold_not_found'
      | 'hold_already_finished',
    message: string,
  ) {
    super(message);
  }
}

export class UnbalancedEntryError extends LedgerError {
  constructor(detail: string) {
    super('unbalanced_entry', `Unbalanced ledger entry: ${detail}`);
  }
}

export class UnknownAccountError extends LedgerError {
  constructor(readonly accountIds: readonly string[]) {
    super('unknown_account', `Unknown ledger account(s): ${accountIds.join(', ')}`);
  }
}

export class CurrencyMismatchError extends LedgerError {
  constructor(
    readonly accountId: string,
    readonly accountCurrency: string,
    readonly postingCurrency: string,
  ) {
    super('currency_mismatch', `Account ${accountId} holds ${accountCurrency}, not ${postingCurrency}`);
  }
}

export class WrongAccountKindError extends LedgerError {
  constructor(
    readonly accountId: string,
    readonly expected: string,
  ) {
    super('wrong_account_kind', `Account ${accountId} is not a ${expected} account`);
  }
}

export class NegativePlatformBalanceError extends LedgerError {
  constructor(readonly accountId: string) {
    super('negative_platform_balance', `Platform account ${accountId} would go below zero`);
  }
}

export class HoldNotFoundError extends LedgerError {
  constructor(readonly holdId: string) {
    super('hold_not_found', `Hold ${holdId} does not exist`);
  }
}

export class HoldAlreadyFinishedError extends LedgerError {
  constructor(
    readonly holdId: string,
    readonly status: string,
  ) {
    super('hold_already_finished', `Hold ${holdId} is already ${status}`);
  }
}

/** The contract's message for an overdraft; the UI translates it by this exact text. */
export const notEnoughFunds = 'Not enough funds';

/**
 * A customer wallet would go below zero. It is an answer, not a bug: the error handler sends it as
 * `400 {"amount": ["Not enough funds"]}` unchanged.
 */
export class InsufficientFundsError extends HttpError {
  readonly code = 'insufficient_funds';
  constructor(readonly accountId: string) {
    super(400, { amount: [notEnoughFunds] });
  }
}

/** Same Idempotency-Key, different request: 409 with the contract's message. */
export class IdempotencyConflictError extends HttpError {
  constructor() {
    super(409, { detail: genericMessages.idempotencyConflict });
  }
}

/**
 * Serialization failures or deadlocks that outlasted the retries: a 503 with Retry-After, so the client retries
 * (with its Idempotency-Key), never a 500 and never "Not enough funds".
 */
export class TransactionContentionError extends HttpError {
  constructor(
    readonly attempts: number,
    override readonly cause: unknown,
  ) {
    super(503, { detail: genericMessages.unavailable }, { 'retry-after': '1' });
  }
}
