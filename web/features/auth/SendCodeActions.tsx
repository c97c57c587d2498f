import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';

/** The submit row of both "send the code" steps: the form-level error above the button. */
export function SendCodeActions({ formError, pending }: { formError: string | undefined; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={form.actions}>
      <p className={form.error} role="alert" data-testid="form-error">
        {formError ?? ''}
      </p>
      <button className={form.primary} type="submit" disabled={pending} data-testid="send-code">
        {pending ? t('auth.sending') : t('auth.sendCode')}
      </button>
    </div>
  );
}
