import type { AgencyPlace } from '../../../common/api/errors';

// The server answers errors DRF-style: `{"amount": ["Not enough funds"]}` for fields,
// `{"detail": "..."}` otherwise. Screens map these to their translated messages.

/** The detail of the status-0 ApiError the client throws when a request got no answer in time. */
export const API_TIMEOUT_DETAIL = 'Request timed out';

export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string[]>;
  readonly detail: string | undefined;
  /** Seconds to wait before retrying, from a 429's Retry-After. */
  readonly retryAfter: number | undefined;
  /** A wrong security code: how many tries are left before the lock (`attempts_remaining`). */
  readonly attemptsRemaining: number | undefined;
  /** A locked security code: when the lock ends (`locked_until`, an ISO time). */
  readonly lockedUntil: string | undefined;
  /** Another agency's withdrawal or pickup: the agency that pays it out. */
  readonly agency: AgencyPlace | undefined;

  constructor(init: {
    status: number;
    fieldErrors?: Record<string, string[]>;
    detail?: string;
    retryAfter?: number;
    attemptsRemaining?: number;
    lockedUntil?: string;
    agency?: AgencyPlace;
  }) {
    super(init.detail ?? `Request failed with status ${init.status}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? {};
    this.detail = init.detail;
    this.retryAfter = init.retryAfter;
    this.attemptsRemaining = init.attemptsRemaining;
    this.lockedUntil = init.lockedUntil;
    this.agency = init.agency;
  }

  /** The first message for a field, the usual thing a form shows under it. */
  firstError(field: string): string | undefined {
    return this.fieldErrors[field]?.[0];
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function agencyPlace(value: unknown): AgencyPlace | undefined {
  if (!isRecord(value) || typeof value.name !== 'string') return undefined;
  return {
    name: value.name,
    address: textOrNull(value.address),
    zip_code: textOrNull(value.zip_code),
    city: textOrNull(value.city),
  };
}

export function parseApiError(status: number, body: unknown, retryAfterHeader: string | null = null): ApiError {
  const retryAfter = parseRetryAfter(retryAfterHeader);
  if (typeof body === 'string' && body.trim() !== '') return new ApiError({ status, detail: body, retryAfter });
  if (!isRecord(body)) return new ApiError({ status, retryAfter });

  const fieldErrors: Record<string, string[]> = {};
  let detail: string | undefined;
  const attemptsRemaining = typeof body.attempts_remaining === 'number' ? body.attempts_remaining : undefined;
  const lockedUntil = typeof body.locked_until === 'string' ? body.locked_until : undefined;
  const agency = agencyPlace(body.agency);
  for (const [key, value] of Object.entries(body)) {
    if (key === 'locked_until') continue;
    if (key === 'detail' && typeof value === 'string') {
      detail = value;
      continue;
    }
    const messages = messagesOf(value);
    if (messages.length > 0) fieldErrors[key] = messages;
  }
  // DRF puts errors that belong to no single field under non_field_errors; they read as the detail.
  detail ??= fieldErrors.non_field_errors?.[0];
  return new ApiError({
    status,
    fieldErrors,
    detail,
    retryAfter,
    ...(attemptsRemaining !== undefined && { attemptsRemaining }),
    ...(lockedUntil !== undefined && { lockedUntil }),
    ...(agency !== undefined && { agency }),
  });
}
