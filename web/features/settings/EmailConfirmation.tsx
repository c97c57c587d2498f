import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { User } from '../../../common/api/users';
import { ApiError } from '../../app/api-error';
import type { TFunction } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { numberFormat } from '../../ui/intl-format';
import { commonErrorText, translateServerMessage } from '../../ui/server-messages';
import { resendEmailConfirmation } from '../../shared/users/users-api';
import styles from './EmailConfirmation.module.css';

/** A wait in the language's own words and unit: '45 secondes', '12 minutes', '23 heures' (rounded up). */
export function formatWait(seconds: number, locale: string): string {
  const [value, unit] =
    seconds < 90 ? [seconds, 'second'] : seconds < 90 * 60 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

function resendErrorText(error: unknown, t: TFunction, language: string): string {
  if (error instanceof ApiError && error.status === 429 && error.retryAfter !== undefined) {
    return t('profile.resendWait', { wait: formatWait(error.retryAfter, intlLocale(language)) });
  }
  const field = error instanceof ApiError ? error.firstError('email') : undefined;
  if (field !== undefined) return translateServerMessage(field, t);
  return (
    commonErrorText(error, t, language) ??
    (error instanceof ApiError && error.detail ? translateServerMessage(error.detail, t) : t('errors.unknown'))
  );
}

/**
 * Issue 18: an e-mail set on the profile and not confirmed yet says so, with a button that mails a new link
 * (POST /api/users/{id}/email_confirmation/). After a 429 the wait is shown and the button rests until it is over.
 */
export function EmailConfirmation({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const resend = useMutation({ mutationFn: () => resendEmailConfirmation(user.id) });
  const wait = resend.error instanceof ApiError && resend.error.status === 429 ? resend.error.retryAfter : undefined;
  const { reset } = resend;
  useEffect(() => {
    if (wait === undefined) return undefined;
    const timer = setTimeout(reset, wait * 1000);
    return () => clearTimeout(timer);
  }, [wait, reset]);

  const status = resend.isSuccess
    ? t('profile.confirmationSent', { email: resend.data.email })
    : resend.isError
      ? resendErrorText(resend.error, t, i18n.language)
      : '';
  return (
    <div className={styles.box} data-testid="email-confirmation">
      <p className={form.hint}>{t('profile.emailUnconfirmed')}</p>
      <button
        type="button"
        className={`${form.secondary} ${styles.button}`}
        disabled={resend.isPending || wait !== undefined}
        onClick={() => resend.mutate()}
        data-testid="email-resend"
      >
        {resend.isPending ? t('profile.resending') : t('profile.resendConfirmation')}
      </button>
      <p
        // A wait is no fault: it reads as the confirmation does; a refusal reads as an error.
        className={resend.isError && wait === undefined ? form.error : styles.status}
        role="status"
        data-testid="email-resend-status"
      >
        {status}
      </p>
    </div>
  );
}
