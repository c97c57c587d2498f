import { genericMessages, type AgencyPlace, type ErrorBody } from './errors.ts';
import { withdrawalMessages } from './messages.ts';

/**
 * An error that is an answer: services throw these and the error handler sends `status` and `body` as they are.
 * Anything else that reaches the handler is a bug and becomes a bare 500 (logged, never shown). It lives here, below
 * every server layer, because the ledger answers too (not enough funds, a reused idempotency key, contention) and
 * the ledger may not import the HTTP layer.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }
}

export const fieldError = (field: string, message: string, status = 400) =>
  new HttpError(status, { [field]: [message] });
export const badRequest = (detail: string) => new HttpError(400, { detail });
export const unauthorized = (detail: string = genericMessages.unauthenticated) =>
  new HttpError(401, { detail }, { 'www-authenticate': 'Bearer' });
export const forbidden = (detail: string = genericMessages.forbidden) => new HttpError(403, { detail });
export const notFound = (detail: string = genericMessages.notFound) => new HttpError(404, { detail });
export const conflict = (detail: string) => new HttpError(409, { detail });
/** Paid out at another agency only: the 404 names it (agencies are public), so the customer is sent there. */
export const otherAgency = (agency: AgencyPlace) => new HttpError(404, { detail: withdrawalMessages.otherAgency, agency });
export const tooManyRequests = (retryAfterSeconds: number, detail: string = genericMessages.tooManyRequests) =>
  new HttpError(429, { detail }, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const serviceUnavailable = () => new HttpError(503, { detail: genericMessages.unavailable }, { 'retry-after': '5' });
