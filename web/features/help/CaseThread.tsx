import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatListDate } from '../../shared/transactions/transaction-rules';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CASE_MESSAGE_MAX_LENGTH, CASE_REOPEN_DAYS, type Case } from '../../../common/api/cases';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { dateTimeFormat } from '../../ui/intl-format';
import { useWithLang } from '../../ui/with-lang';
import { CASES_KEY, openAttachment, replyToCase } from './help-api';
import { caseErrorText, CaseStateBadge, kindKey } from './help-parts';
import styles from './Help.module.css';
import { useAttachment } from './use-attachment';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Until when a resolved case takes a message (which opens it again), or null when that time is over. Writing is
 * how a customer reopens: there is no separate button on the server, only the message saying why.
 */
export function reopenUntil(item: Pick<Case, 'state' | 'resolved_at'>, now: number): Date | null {
  if (item.state !== 'resolved' || item.resolved_at === null) return null;
  const until = new Date(new Date(item.resolved_at).getTime() + CASE_REOPEN_DAYS * DAY_MS);
  return until.getTime() > now ? until : null;
}

/**
 * A case's thread, oldest first, and the reply box. It shows what the server sends the customer and nothing
 * more: the transfer is a link to its own page, never its status here (a held one says nothing of the hold).
 */
export function CaseThread({ item, now }: { item: Case; now?: number }) {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const client = useQueryClient();
  const ids = useId();
  const [message, setMessage] = useState('');
  const attached = useAttachment();
  const [local, setLocal] = useState<{ message?: string }>({});
  // The time the screen opened: a page left open past the 14th day still learns it from the server's 409.
  const [openedAt] = useState(() => Date.now());
  const locale = intlLocale(i18n.language);
  // The month in letters, as every list writes it (a medium date style is all digits in Arabic).
  const when = (iso: string) => formatListDate(iso, locale);
  const send = useMutation({
    mutationFn: () => replyToCase(item.id, message.trim(), attached.file),
    onSuccess: async (updated) => {
      client.setQueryData([...CASES_KEY, 'one', String(item.id)], updated);
      setMessage('');
      attached.clear();
      await client.invalidateQueries({ queryKey: [...CASES_KEY, 'list'] });
    },
  });
  const attachment = useMutation({
    mutationFn: (id: number) => openAttachment(item.id, id),
  });
  const resolved = item.state === 'resolved';
  const until = reopenUntil(item, now ?? openedAt);
  const closed = resolved && until === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      ...(message.trim() === '' && { message: t('help.errors.message') }),
    };
    setLocal(errors);
    // Every problem shows at once: the attachment's under its picker, beside the others.
    if (attached.check() && Object.keys(errors).length === 0) send.mutate();
  };
  const failure = caseErrorText(send.error ?? attachment.error, t, i18n.language);
  return (
    <>
      <section className={styles.rowHead} data-testid="case-head">
        <span className={styles.reference}>
          <bdi dir="ltr" data-testid="case-reference">
            {item.reference}
          </bdi>
        </span>
        <CaseStateBadge state={item.state} />
        <p className={styles.muted}>{t(kindKey(item.kind))}</p>
        {item.transaction !== null ? (
          <Link className={form.link} to={withLang(`/transactions/${item.transaction}`)} data-testid="case-transfer">
            {t('help.seeTransfer')}
          </Link>
        ) : null}
      </section>
      <ol className={styles.thread} data-testid="case-thread">
        {item.messages.map((m) => (
          <li key={m.id} className={styles.bubble} data-author={m.author} data-testid={`case-message-${m.author}`}>
            <span className={styles.who}>{m.author === 'customer' ? t('help.you') : t('help.team')}</span>
            <span>{m.body}</span>
            {m.attachment ? (
              <button
                type="button"
                className={`${form.linkButton} ${styles.attachment}`}
                onClick={() => m.attachment && attachment.mutate(m.attachment.id)}
                data-testid="case-attachment"
              >
                {t(m.attachment.media_type === 'application/pdf' ? 'help.attachmentPdf' : 'help.attachmentPicture')}
              </button>
            ) : null}
            <time className={styles.muted} dateTime={m.at}>
              {when(m.at)}
            </time>
          </li>
        ))}
      </ol>
      {closed ? (
        <p className={form.notice} data-testid="case-closed">
          {t('help.closed', { days: CASE_REOPEN_DAYS })}{' '}
          <Link className={form.link} to={withLang('/help/new')} data-testid="case-new-instead">
            {t('help.newCase')}
          </Link>
        </p>
      ) : (
        <form className={form.form} onSubmit={submit} noValidate data-testid="case-reply-form">
          {until !== null ? (
            <p className={form.notice} data-testid="case-reopen-hint">
              {t('help.reopenHint', { date: dateTimeFormat(locale, { dateStyle: 'long' }).format(until) })}
            </p>
          ) : null}
          <div className={form.field}>
            <label className={form.label} htmlFor={`${ids}-reply`}>
              {t(resolved ? 'help.reopenLabel' : 'help.replyLabel')}
            </label>
            <textarea
              id={`${ids}-reply`}
              className={styles.textarea}
              value={message}
              maxLength={CASE_MESSAGE_MAX_LENGTH}
              onChange={(event) => setMessage(event.target.value)}
              aria-describedby={`${ids}-reply-error`}
              aria-invalid={local.message !== undefined}
              data-testid="case-reply"
            />
            <p className={form.error} id={`${ids}-reply-error`} role="alert">
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
            <button type="submit" className={form.primary} disabled={send.isPending} data-testid="case-reply-send">
              {t(resolved ? 'help.reopen' : 'help.reply')}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
