import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { caseKinds, CASE_MESSAGE_MAX_LENGTH, type Case, type CaseKind } from '../../../common/api/cases';
import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';
import { CASES_KEY, openCase } from './help-api';
import { caseErrorText, kindKey } from './help-parts';
import styles from './Help.module.css';
import { useAttachment } from './use-attachment';

/** The new case: what is wrong, a message, an optional picture or PDF; about one transfer when opened from it. */
export function CaseForm({ transaction, onOpened }: { transaction: number | null; onOpened: (made: Case) => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const ids = useId();
  const [kind, setKind] = useState<CaseKind | null>(null);
  const [message, setMessage] = useState('');
  const attached = useAttachment();
  const [local, setLocal] = useState<{ kind?: string; message?: string }>({});
  const send = useMutation({
    mutationFn: () => openCase({ kind: kind ?? 'other', message: message.trim(), transaction, file: attached.file }),
    onSuccess: async (made) => {
      await client.invalidateQueries({ queryKey: CASES_KEY });
      onOpened(made);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      ...(kind === null && { kind: t('help.errors.kind') }),
      ...(message.trim() === '' && { message: t('help.errors.message') }),
    };
    setLocal(errors);
    // Every problem shows at once: the attachment's under its picker, beside the others.
    if (attached.check() && Object.keys(errors).length === 0) send.mutate();
  };
  const failure = caseErrorText(send.error, t, i18n.language);
  return (
    <form className={form.form} onSubmit={submit} noValidate data-testid="case-form">
      {transaction !== null ? (
        <p className={form.notice} data-testid="case-about-transfer">
          {t('help.aboutTransfer')}
        </p>
      ) : null}
      <fieldset className={styles.kinds} aria-describedby={`${ids}-kind-error`}>
        <legend>{t('help.kindLabel')}</legend>
        {caseKinds.map((value) => (
          <label key={value} className={form.check}>
            <input
              type="radio"
              name="kind"
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
              data-testid={`case-kind-${value}`}
            />
            {t(kindKey(value))}
          </label>
        ))}
        <p className={form.error} id={`${ids}-kind-error`} role="alert">
          {local.kind ?? ''}
        </p>
      </fieldset>
      <div className={form.field}>
        <label className={form.label} htmlFor={`${ids}-message`}>
          {t('help.messageLabel')}
        </label>
        <textarea
          id={`${ids}-message`}
          className={styles.textarea}
          value={message}
          maxLength={CASE_MESSAGE_MAX_LENGTH}
          onChange={(event) => setMessage(event.target.value)}
          aria-describedby={`${ids}-message-hint ${ids}-message-error`}
          aria-invalid={local.message !== undefined}
          data-testid="case-message"
        />
        <p className={form.hint} id={`${ids}-message-hint`}>
          {t('help.messageHint')}
        </p>
        <p className={form.error} id={`${ids}-message-error`} role="alert">
          {local.message ?? ''}
        </p>
      </div>
      {attached.picker}
      {failure ? (
        <p className={form.error} role="alert" data-testid="case-error">
          {failure}
        </p>
      ) : null}
      <div className={form.actions}>
        <button type="submit" className={form.primary} disabled={send.isPending} data-testid="case-send">
          {send.isPending ? t('help.sending') : t('help.send')}
        </button>
      </div>
    </form>
  );
}
