import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { useSearchParams } from 'react-router';
import { emailSchema } from '../../../common/api/auth';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { SendCodeActions } from './SendCodeActions';
import { useSendCode } from './use-send-code';

/** The e-mail address, then a code sent to it in the current language. */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const { send, errors } = useSendCode(
    'email',
    (address) => `/auth/email/step2?${new URLSearchParams({ email: address }).toString()}`,
  );
  const fieldError = invalid ? t('errors.invalidEmail') : errors.field;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    setInvalid(!parsed.success);
    if (parsed.success) send.mutate(parsed.data);
  }

  return (
    <main className={form.page}>
      <ScreenHeader title={t('pages.emailStep1')} backTo={withLang('/auth/step1')} />
      <form className={form.form} onSubmit={onSubmit} noValidate>
        <div className={form.field}>
          <label className={form.label} htmlFor={inputId}>
            {t('auth.emailLabel')}
          </label>
          <input
            id={inputId}
            className={form.input}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            dir="ltr"
            placeholder={t('auth.emailPlaceholder')}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setInvalid(false);
            }}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={errorId}
            data-testid="email-input"
          />
          <p id={errorId} className={form.error} data-testid="field-error">
            {fieldError ?? ''}
          </p>
        </div>
        <SendCodeActions formError={errors.form} pending={send.isPending} />
      </form>
    </main>
  );
}
