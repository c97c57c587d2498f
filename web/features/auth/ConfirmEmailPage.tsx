import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../app/api-error';
import { readStored } from '../../app/browser-storage';
import { STORAGE_KEYS } from '../../app/storage-keys';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { confirmEmail } from './auth-api';

/**
 * SPEC.md 2.3, opened from the link in the confirmation mail, often on a device with no session (the guard lets
 * it through). The link is single use, so the answer is cached for the page's life: a re-render or a StrictMode
 * double mount must not spend it a second time and then report a failure.
 */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code') ?? '';
  const confirmation = useQuery({
    queryKey: ['auth', 'confirm-email', code],
    queryFn: () => confirmEmail(code),
    enabled: code !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  // Someone already signed in goes back to the app, anyone else to the login.
  const loggedIn = readStored(STORAGE_KEYS.token) !== null;

  let message: string;
  let tone: 'pending' | 'ok' | 'error' = 'error';
  if (code === '') message = t('confirmEmail.missingCode');
  else if (confirmation.isPending) {
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
        <Link className={form.primary} to={withLang(loggedIn ? '/' : '/auth/step1')}>
          {loggedIn ? t('app.backHome') : t('confirmEmail.backToLogin')}
        </Link>
      </div>
    </main>
  );
}
