import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { useSearchParams } from 'react-router';
import { parsePhone, phoneMessages } from '../../../common/identity/phone';
import form from '../../ui/Form.module.css';
import { PhoneNumberInput } from '../../ui/PhoneNumberInput';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { formatPhoneInput, phoneForApi } from '../../ui/phone-input-format';
import { translateServerMessage } from '../../ui/server-messages';
import { useWithLang } from '../../ui/with-lang';
import { phoneStepUrl, prefixFromParam } from './phone-params';
import { SendCodeActions } from './SendCodeActions';
import { useSendCode } from './use-send-code';

/** Phone sign-in, step 2: the number, formatted by prefix while typed, sent without spaces. */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const [searchParams] = useSearchParams();
  const prefix = prefixFromParam(searchParams.get('prefix'));
  const [typed, setTyped] = useState(() => formatPhoneInput(prefix, searchParams.get('phone') ?? ''));
  const [localError, setLocalError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();

  // The code step shows the number as typed (digits only), not the parsed international form.
  const { send, errors } = useSendCode('phone_number', () => phoneStepUrl('step3', prefix, typed.replace(/\D/g, '')));
  const fieldError = localError ?? errors.field;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The shared rules (common/identity/phone.ts) catch a short number here, without a round trip.
    const parsed = parsePhone(phoneForApi(prefix, typed));
    if (!parsed.ok) {
      setLocalError(translateServerMessage(phoneMessages[parsed.error], t));
      return;
    }
    send.mutate(parsed.value);
  }

  return (
    <main className={form.page}>
      <ScreenHeader title={t('pages.phoneStep2')} backTo={withLang('/auth/phone/step1')} />
      <form className={form.form} onSubmit={onSubmit} noValidate>
        <div className={form.field}>
          <label className={form.label} htmlFor={inputId}>
            {t('auth.phoneLabel')}
          </label>
          <PhoneNumberInput
            id={inputId}
            prefix={prefix}
            value={typed}
            onChange={(formatted) => {
              setTyped(formatted);
              setLocalError(null);
            }}
            describedBy={`${hintId} ${errorId}`}
            invalid={Boolean(fieldError)}
            autoFocus
          />
          <p id={hintId} className={form.hint}>
            {t('auth.phoneHint')}
          </p>
          <p id={errorId} className={form.error} data-testid="field-error">
            {fieldError ?? ''}
          </p>
        </div>
        <SendCodeActions formError={errors.form} pending={send.isPending} />
      </form>
    </main>
  );
}
