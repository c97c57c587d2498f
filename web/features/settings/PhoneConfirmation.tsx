import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { User } from '../../../common/api/users';
import { formatPhone } from '../../../common/identity/phone';
import { ApiError } from '../../shared/api/api-error';
import { useTranslation } from '../../i18n/i18n';
import { tIsolated } from '../../ui/bidi';
import { CodeBoxes } from '../../ui/CodeBoxes';
import form from '../../ui/Form.module.css';
import { refreshCurrentUser } from '../../shared/users/use-current-user';
import { sendPhoneConfirmation, verifyPhoneConfirmation } from '../../shared/users/users-api';
import styles from './EmailConfirmation.module.css';
import { confirmationErrorText, useRetryWait } from './retry-wait';

/**
 * The phone an e-mail user set on the profile is proved by an SMS code (the sign-in code's six boxes);
 * the money sent to that number before is theirs then. Once proved it reads 'Confirmed'.
 */
export function PhoneConfirmation({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const errorId = useId();
  // A new key remounts the boxes empty: that is how a wrong code clears them (as on the sign-in screen).
  const [attempt, setAttempt] = useState(0);
  const send = useMutation({ mutationFn: () => sendPhoneConfirmation(user.id) });
  const verify = useMutation({
    mutationFn: (code: string) => verifyPhoneConfirmation(user.id, code),
    onSuccess: (fresh) => refreshCurrentUser(queryClient, fresh),
    onError: () => setAttempt((n) => n + 1),
  });
  const sendWait = useRetryWait(send.error, send.reset);
  const verifyWait = useRetryWait(verify.error, verify.reset);

  if (verify.isSuccess || user.phone_confirmed) {
    return (
      <div className={styles.box} data-testid="phone-confirmation">
        <p className={styles.confirmed} data-testid="phone-confirmed">
          <span aria-hidden="true">✓ </span>
          {t('profile.phoneConfirmed')}
        </p>
        {verify.isSuccess ? (
          <p className={styles.status} role="status" data-testid="phone-confirm-status">
            {t('profile.phoneConfirmedNow')}
          </p>
        ) : null}
      </div>
    );
  }

  const sendStatus = send.isSuccess
    ? tIsolated(t, 'profile.phoneCodeSent', { phone: formatPhone(send.data.phone_number) }, ['phone'])
    : send.isError
      ? confirmationErrorText(send.error, t, i18n.language, 'phone_number', (w) => t('profile.phoneCodeWait', { wait: w }))
      : '';
  // A wrong code says so the way the sign-in screen does; anything else as the send's refusals.
  const verifyError = !verify.isError
    ? null
    : verify.error instanceof ApiError && verify.error.firstError('code') !== undefined
      ? t('auth.codeIncorrect')
      : confirmationErrorText(verify.error, t, i18n.language, 'phone_number', (w) =>
          t('profile.phoneCodeLocked', { wait: w }),
        );
  return (
    <div className={styles.box} data-testid="phone-confirmation">
      <p className={form.hint}>{t('profile.phoneUnconfirmed')}</p>
      <button
        type="button"
        className={`${form.secondary} ${styles.button}`}
        disabled={send.isPending || sendWait !== undefined}
        onClick={() => send.mutate()}
        data-testid="phone-send-code"
      >
        {send.isPending ? t('profile.resending') : send.isSuccess ? t('profile.phoneCodeAgain') : t('profile.confirmPhone')}
      </button>
      <p
        className={send.isError && sendWait === undefined ? form.error : styles.status}
        role="status"
        data-testid="phone-send-status"
      >
        {sendStatus}
      </p>
      {send.isSuccess ? (
        <div className={styles.code}>
          <CodeBoxes
            key={attempt}
            label={t('auth.codeLabel')}
            disabled={verify.isPending || verifyWait !== undefined}
            invalid={verifyError !== null}
            errorId={errorId}
            onComplete={(code) => verify.mutate(code)}
          />
          <p id={errorId} className={form.error} role="alert" data-testid="phone-code-error">
            {verifyError ?? ''}
          </p>
          {verify.isPending ? <p className={form.hint}>{t('auth.verifying')}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
