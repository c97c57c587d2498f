import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { emailSchema } from '../../../common/api/auth';
import { isLanguage } from '../../../common/i18n/languages';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { sendCode } from './auth-api';
import { sendCodeErrors } from './send-code-error';

/** SPEC.md 2.3: the e-mail address, then a code sent to it in the current language. */
export function Component() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const withLang = useWithLang();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const send = useMutation({
    mutationFn: (address: string) =>
      sendCode({ email: address, language: isLanguage(i18n.language) ? i18n.language : 'fr' }),
    onSuccess: (_, address) => navigate(withLang(`/auth/email/step2?${new URLSearchParams({ email: address }).toString()}`)),
  });

  const errors = send.error ? sendCodeErrors(send.error, 'email', t, i18n.language) : {};
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
        <div className={form.actions}>
          <p className={form.error} role="alert" data-testid="form-error">
            {errors.form ?? ''}
          </p>
          <button className={form.primary} type="submit" disabled={send.isPending} data-testid="send-code">
            {send.isPending ? t('auth.sending') : t('auth.sendCode')}
          </button>
        </div>
      </form>
    </main>
  );
}
