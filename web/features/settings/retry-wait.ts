import { useEffect } from 'react';
import { ApiError } from '../../shared/api/api-error';
import type { TFunction } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { numberFormat } from '../../ui/intl-format';
import { commonErrorText, translateServerMessage } from '../../ui/server-messages';

/**
 * The profile's confirmations (the e-mail's link sent again, the phone's SMS code) answer 429 with a
 * Retry-After: the screen says the wait in the language's words and its button rests until it is over.
 */

/** A wait in the language's own words and unit: '45 secondes', '12 minutes', '23 heures' (rounded up). */
export function formatWait(seconds: number, locale: string): string {
  const [value, unit] =
    seconds < 90 ? [seconds, 'second'] : seconds < 90 * 60 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** The 429's wait in seconds while it lasts (then `reset` clears the error), else undefined. */
export function useRetryWait(error: unknown, reset: () => void): number | undefined {
  const wait = error instanceof ApiError && error.status === 429 ? error.retryAfter : undefined;
  useEffect(() => {
    if (wait === undefined) return undefined;
    const timer = setTimeout(reset, wait * 1000);
    return () => clearTimeout(timer);
  }, [wait, reset]);
  return wait;
}

/** Why a confirmation request failed: the wait (`waitText`), the reason given on `field`, or the common texts. */
export function confirmationErrorText(
  error: unknown,
  t: TFunction,
  language: string,
  field: string,
  waitText: (wait: string) => string,
): string {
  if (error instanceof ApiError && error.status === 429 && error.retryAfter !== undefined) {
    return waitText(formatWait(error.retryAfter, intlLocale(language)));
  }
  const reason = error instanceof ApiError ? error.firstError(field) : undefined;
  if (reason !== undefined) return translateServerMessage(reason, t);
  return (
    commonErrorText(error, t, language) ??
    (error instanceof ApiError && error.detail ? translateServerMessage(error.detail, t) : t('errors.unknown'))
  );
}
