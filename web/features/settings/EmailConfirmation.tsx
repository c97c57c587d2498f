import { useMutation } from '@tanstack/react-query';
import type { User } from '../../../common/api/users';
import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';
import { resendEmailConfirmation } from '../../shared/users/users-api';
import styles from './EmailConfirmation.module.css';
import { confirmationErrorText, useRetryWait } from './retry-wait';

/**
 * An e-mail set on the profile and not confirmed yet says so, with a button that mails a new link
 * (POST /api/users/{id}/email_confirmation/). After a 429 the wait is shown and the button rests until it is over.
 */
export function EmailConfirmation({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const resend = useMutation({ mutationFn: () => resendEmailConfirmation(user.id) });
  const wait = useRetryWait(resend.error, resend.reset);

  const status = resend.isSuccess
    ? t('profile.confirmationSent', { email: resend.data.email })
    : resend.isError
      ? confirmationErrorText(resend.error, t, i18n.language, 'email', (w) => t('profile.resendWait', { wait: w }))
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
