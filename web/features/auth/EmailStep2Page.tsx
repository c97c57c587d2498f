import { useTranslation } from '../../i18n/i18n';
import { useSearchParams } from 'react-router';
import { CodeStep } from './CodeStep';
import { MissingTarget } from './MissingTarget';

export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email');
  if (!email) return <MissingTarget title={t('pages.emailStep2')} />;
  return (
    <CodeStep
      title={t('pages.emailStep2')}
      identifier={{ email }}
      displayTarget={email}
      resendTo={`/auth/email/step1?${new URLSearchParams({ email }).toString()}`}
    />
  );
}
