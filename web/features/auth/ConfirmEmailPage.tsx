import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/i18n';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { readStored } from '../../shared/api/browser-storage';
import { STORAGE_KEYS } from '../../shared/api/storage-keys';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { confirmEmail } from './auth-api';

/**
 * Opened from the link in the confirmation mail, often on a device with no session (the guard lets
 * it through). The address is confirmed on a button press, never by loading the page: mail providers' link
 * scanners run scripts, and would otherwise confirm addresses nobody opened. A mutation is
 * spent once per press, so a re-render or a StrictMode double mount never spends the single-use link again.
 */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code') ?? '';
  const confirmation = useMutation({ mutationFn: () => confirmEmail(code), retry: false });
  // Someone already signed in goes back to the app, anyone else to the login.
  const loggedIn = readStored(STORAGE_KEYS.token) !== null;

  let message: string;
  let tone: 'pending' | 'ok' | 'error' = 'error';
  if (code === '') message = t('confirmEmail.missingCode');
  else if (confirmation.isIdle) {
    message = t('confirmEmail.prompt');
    tone = 'pending';
  } else if (confirmation.isPending) {
    message = t('confirmEmail.verifying');
    tone = 'pending';
  } else if (confirmation.isSuccess) {
    message = t('confirmEmail.success');
    tone = 'ok';
  } else if (confirmation.error instanceof ApiError && confirmation.error.status === 400) {
    message = t('confirmEmail.failed');
  } else message = t('confirmEmail.unexpected');

  return (
    <main className={form.page}>
      <ScreenHeader title={t('pages.confirmEmail')} />
      <p
        className={tone === 'error' ? form.error : form.notice}
        role={tone === 'error' ? 'alert' : 'status'}
        data-testid="confirm-email-status"
        data-state={tone}
      >
        {message}
      </p>
      <div className={form.actions}>
        {code !== '' && (confirmation.isIdle || confirmation.isPending) ? (
          <button
            type="button"
            className={form.primary}
            onClick={() => confirmation.mutate()}
            disabled={confirmation.isPending}
            data-testid="confirm-email-button"
          >
            {t('confirmEmail.button')}
          </button>
        ) : null}
        <Link className={form.primary} to={withLang(loggedIn ? '/' : '/auth/step1')}>
          {loggedIn ? t('app.backHome') : t('confirmEmail.backToLogin')}
        </Link>
      </div>
    </main>
  );
}
