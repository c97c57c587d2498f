import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/i18n';
import { useNavigate } from 'react-router';
import { isLanguage } from '../../../common/i18n/languages';
import { useWithLang } from '../../ui/with-lang';
import { sendCode } from './auth-api';
import type { SignInIdentifier } from './auth-api';
import { sendCodeErrors } from './send-code-error';

type IdentifierField = 'email' | 'phone_number';

function identifier(field: IdentifierField, value: string): SignInIdentifier {
  return field === 'email' ? { email: value } : { phone_number: value };
}

/**
 * Sends the sign-in code in the current language, then opens the code step.
 * Shared by the e-mail and phone steps so both map the errors of section 8 the same way.
 */
export function useSendCode(field: IdentifierField, codeStepUrl: (sent: string) => string) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const withLang = useWithLang();

  const send = useMutation({
    mutationFn: (value: string) =>
      sendCode({ ...identifier(field, value), language: isLanguage(i18n.language) ? i18n.language : 'fr' }),
    onSuccess: (_, value) => navigate(withLang(codeStepUrl(value))),
  });

  const errors = send.error ? sendCodeErrors(send.error, field, t, i18n.language) : {};
  return { send, errors };
}
