import { useTranslation } from '../../i18n/i18n';
import { useSearchParams } from 'react-router';
import { formatPhone, parsePhone } from '../../../common/identity/phone';
import { CodeStep } from './CodeStep';
import { MissingTarget } from './MissingTarget';
import { phoneStepUrl, prefixFromParam } from './phone-params';

export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const prefix = prefixFromParam(searchParams.get('prefix'));
  const phone = (searchParams.get('phone') ?? '').replace(/\D/g, '');
  const parsed = parsePhone(`${prefix}${phone}`);
  if (!parsed.ok) return <MissingTarget title={t('pages.phoneStep3')} />;
  return (
    <CodeStep
      title={t('pages.phoneStep3')}
      identifier={{ phone_number: parsed.value }}
      displayTarget={formatPhone(parsed.value)}
      resendTo={phoneStepUrl('step2', prefix, phone)}
    />
  );
}
