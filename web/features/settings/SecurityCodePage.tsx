import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { TFunction } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/i18n';
import { useNavigate, useSearchParams } from 'react-router';
import type { User } from '../../../common/api/users';
import { ApiError } from '../../shared/api/api-error';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { PinInput } from '../../ui/PinInput';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { commonErrorText, fieldErrorText } from '../../ui/server-messages';
import { useWithLang } from '../../ui/with-lang';
import { refreshCurrentUser, useCurrentUser } from '../../shared/users/use-current-user';
import { setSecurityCode } from '../../shared/users/users-api';
import { UserLoadState } from '../../shared/users/UserLoadState';
import styles from './SecurityCodePage.module.css';
import { advance, restartAt, startFlow, stepPosition, typeEntry } from './security-code-flow';
import type { SecurityCodeFlow } from './security-code-flow';
import { numberFormat } from '../../ui/intl-format';

/** A wrong current code, a lockout (429 with its wait), no network, or a refused new code. */
function saveErrorText(error: unknown, t: TFunction, language: string): string {
  if (error instanceof ApiError && error.status === 429 && error.retryAfter !== undefined) {
    return t('errors.securityCodeLocked', { seconds: numberFormat(intlLocale(language)).format(error.retryAfter) });
  }
  return (
    commonErrorText(error, t, language) ??
    fieldErrorText(error, 'current_security_code', t) ??
    fieldErrorText(error, 'security_code', t) ??
    t('errors.unknown')
  );
}

const stepLabels = {
  current: 'securityCode.enterCurrent',
  new: 'securityCode.enterNew',
  confirm: 'securityCode.confirm',
} as const;

function SecurityCodeForm({ user, onboarding }: { user: User; onboarding: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const withLang = useWithLang();
  const queryClient = useQueryClient();
  const errorId = useId();
  const [flow, setFlow] = useState<SecurityCodeFlow>(() => startFlow(user.has_security_code));
  const [serverError, setServerError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: Parameters<typeof setSecurityCode>[1]) => setSecurityCode(user.id, body),
    onSuccess: async (updated) => {
      await refreshCurrentUser(queryClient, updated);
      // An operator's or auditor's onboarding ends with the code: they work in the back-office.
      const staff = updated.role === 'OPERATOR' || updated.role === 'AUDITOR';
      const next = staff ? '/ops' : onboarding ? '/settings/profile?onboarding=true' : '/settings/profile';
      await navigate(withLang(next));
    },
    onError: (error) => {
      setServerError(saveErrorText(error, t, i18n.language));
      const refusedCurrent = error instanceof ApiError && error.fieldErrors.current_security_code !== undefined;
      setFlow((current) => restartAt(current, refusedCurrent ? 'current_security_code' : 'security_code'));
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const next = advance(flow);
    setFlow(next.flow);
    if (next.save) save.mutate(next.save);
  }

  const message = flow.message ? t(`securityCode.${flow.message}`) : serverError;

  const position = stepPosition(flow, user.has_security_code);
  return (
    <form className={form.form} onSubmit={onSubmit} noValidate>
      <p className={styles.step} data-testid="security-code-step">
        {t('securityCode.stepOf', position)}
      </p>
      <PinInput
        key={flow.step}
        label={t(stepLabels[flow.step])}
        value={flow.entry}
        onChange={(entry) => setFlow(typeEntry(flow, entry))}
        disabled={save.isPending}
        errorId={errorId}
        invalid={message !== null}
      >
        <p id={errorId} className={styles.message} role="alert" data-testid="security-code-error">
          {message ?? ''}
        </p>
      </PinInput>
      <div className={form.actions}>
        <button className={form.primary} type="submit" disabled={save.isPending} data-testid="security-code-submit">
          {save.isPending ? t('securityCode.saving') : t('common.continue')}
        </button>
      </div>
    </form>
  );
}

/** The security code, also the first onboarding step after a first login (?onboarding=true). */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const [searchParams] = useSearchParams();
  const onboarding = searchParams.get('onboarding') === 'true';
  const user = useCurrentUser();
  return (
    <main className={form.page}>
      <ScreenHeader title={t('pages.securityCode')} backTo={onboarding ? undefined : withLang('/settings/profile')} />
      <p className={form.intro}>{t(user.data?.role === 'BANKER' ? 'securityCode.introStaff' : 'securityCode.intro')}</p>
      {user.data ? (
        <SecurityCodeForm user={user.data} onboarding={onboarding} />
      ) : (
        <UserLoadState query={user} />
      )}
    </main>
  );
}
