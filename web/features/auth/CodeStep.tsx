import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { CodeBoxes } from '../../ui/CodeBoxes';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { commonErrorText } from '../../ui/server-messages';
import { useWithLang } from '../../ui/with-lang';
import { verifyCode } from './auth-api';
import type { SignInIdentifier } from './auth-api';
import { startSession } from './sign-in-session';

interface CodeStepProps {
  title: string;
  identifier: SignInIdentifier;
  /** The address or number as the user reads it. */
  displayTarget: string;
  /** The previous step, where a new code is asked for (the resend link goes back one step). */
  resendTo: string;
}

/** E-mail step 2 and phone step 3: the six boxes, submitted as soon as they are full. */
export function CodeStep({ title, identifier, displayTarget, resendTo }: CodeStepProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const withLang = useWithLang();
  const queryClient = useQueryClient();
  const errorId = useId();
  // A new key remounts the boxes empty: that is how a wrong code clears them.
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const verify = useMutation({
    mutationFn: (code: string) => verifyCode({ ...identifier, code }),
    onSuccess: async (signedIn) => {
      const destination = await startSession(queryClient, signedIn);
      await navigate(withLang(destination), { replace: true });
    },
    onError: (failure) => {
      const common = commonErrorText(failure, t, i18n.language);
      setError(common ?? (failure instanceof ApiError && failure.status === 400 ? t('auth.codeIncorrect') : t('errors.unknown')));
      setAttempt((n) => n + 1);
    },
  });

  return (
    <main className={form.page}>
      <ScreenHeader title={title} backTo={withLang(resendTo)} />
      <p className={form.intro}>
        {t('auth.codeSentTo')}
        <br />
        {/* An address or number inside Arabic text: isolated, so its characters keep their order. */}
        <bdi className={form.target} dir="ltr" data-testid="code-target">
          {displayTarget}
        </bdi>
      </p>
      <div className={form.form}>
        <CodeBoxes
          key={attempt}
          label={t('auth.codeLabel')}
          disabled={verify.isPending}
          invalid={error !== null}
          errorId={errorId}
          onComplete={(code) => {
            setError(null);
            verify.mutate(code);
          }}
        />
        <p id={errorId} className={form.error} role="alert" data-testid="code-error">
          {error ?? ''}
        </p>
        {verify.isPending ? <p className={form.hint}>{t('auth.verifying')}</p> : null}
        {/* Right under the boxes, where someone waiting for a code that does not come will look. */}
        <Link className={form.link} to={withLang(resendTo)} data-testid="resend-link">
          {t('auth.resend')}
        </Link>
      </div>
    </main>
  );
}
