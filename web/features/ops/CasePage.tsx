import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { caseMessages, caseStates, type CaseState, type OpsCase } from '../../../common/api/cases';
import { ApiError } from '../../shared/api/api-error';
import { LANGUAGE_NAMES, isLanguage } from '../../../common/i18n/languages';
import styles from './Ops.module.css';
import caseStyles from './Cases.module.css';
import { CaseActions } from './CaseActions';
import { CaseStateBadge, caseKindKey, caseStateKey, DueCell } from './CasesPage';
import { answerCase, fetchCase, openCaseAttachment, setCaseState, takeCase } from './ops-api';
import type { OpsKey } from './ops-i18n';
import { DateTime, Fact, Money, opsErrorText, PageTitle, QueryState, StatusBadge, useOps } from './OpsParts';
import { useStaff } from './staff';

// The cases' own refusals in the operator's language; the rest is worded as on every ops screen.
const caseErrors = new Map<string, OpsKey>([
  [caseMessages.message, 'cases.errors.message'],
  [caseMessages.reason, 'cases.errors.reason'],
  [caseMessages.state, 'cases.errors.state'],
  [caseMessages.sameState, 'cases.errors.sameState'],
]);

function useCaseErrorText() {
  const { t, ot, language } = useOps();
  return (error: unknown): string | null => {
    if (!error) return null;
    if (error instanceof ApiError) {
      const said = [error.detail, ...Object.values(error.fieldErrors).flat()].find((m) => m && caseErrors.has(m));
      const key = said === undefined ? undefined : caseErrors.get(said);
      if (key) return ot(key);
    }
    return opsErrorText(error, t, ot, language);
  };
}

/** The answer box: a ready answer in the customer's language to start from, an answer or an internal note. */
function Compose({ item, onDone }: { item: OpsCase; onDone: (next: OpsCase) => void }) {
  const { ot } = useOps();
  const ids = useId();
  const errorText = useCaseErrorText();
  const [message, setMessage] = useState('');
  const [internal, setInternal] = useState(false);
  const [empty, setEmpty] = useState(false);
  const send = useMutation({
    mutationFn: () => answerCase(item.id, message.trim(), internal),
    onSuccess: (next) => {
      setMessage('');
      setInternal(false);
      onDone(next);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Said in the operator's language rather than by the browser's own bubble (in the system's).
    setEmpty(message.trim() === '');
    if (message.trim() !== '') send.mutate();
  };
  return (
    <form className={caseStyles.compose} onSubmit={submit} noValidate data-testid="case-compose">
      <div className={caseStyles.row}>
        <label className={styles.field}>
          {ot('cases.canned')}
          <select
            className={styles.input}
            value=""
            onChange={(event) => {
              const picked = item.canned_replies.find((r) => r.id === event.target.value);
              if (picked) setMessage(picked.text);
            }}
            data-testid="case-canned"
          >
            <option value="">{ot('cases.cannedPick')}</option>
            {item.canned_replies.map((r) => (
              <option key={r.id} value={r.id}>
                {r.text.length > 70 ? `${r.text.slice(0, 70)}…` : r.text}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className={styles.field} htmlFor={`${ids}-message`}>
        {internal ? ot('cases.noteLabel') : ot('cases.answerLabel')}
      </label>
      <textarea
        id={`${ids}-message`}
        className={styles.input}
        dir="auto"
        lang={item.customer.language}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        aria-invalid={empty || undefined}
        data-testid="case-answer"
      />
      <label className={caseStyles.check}>
        <input
          type="checkbox"
          checked={internal}
          onChange={(event) => setInternal(event.target.checked)}
          data-testid="case-internal"
        />
        {ot('cases.internal')}
      </label>
      <p className={styles.error} role="alert">
        {empty ? ot('cases.errors.message') : (errorText(send.error) ?? '')}
      </p>
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={send.isPending} data-testid="case-answer-send">
          {internal ? ot('cases.saveNote') : ot('cases.sendAnswer')}
        </button>
      </div>
    </form>
  );
}

/** A change of state, always with its reason (kept in the audit). */
function StateChange({ item, onDone }: { item: OpsCase; onDone: (next: OpsCase) => void }) {
  const { ot } = useOps();
  const errorText = useCaseErrorText();
  const [state, setState] = useState<CaseState>(item.state === 'resolved' ? 'open' : 'resolved');
  const [reason, setReason] = useState('');
  const change = useMutation({
    mutationFn: () => setCaseState(item.id, state, reason.trim()),
    onSuccess: (next) => {
      setReason('');
      onDone(next);
    },
  });
  return (
    <form
      className={caseStyles.compose}
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate();
      }}
      data-testid="case-state-form"
    >
      <div className={caseStyles.row}>
        <label className={styles.field}>
          {ot('cases.newState')}
          <select
            className={styles.input}
            value={state}
            onChange={(event) => setState(event.target.value as CaseState)}
            data-testid="case-new-state"
          >
            {caseStates.map((s) => (
              <option key={s} value={s} disabled={s === item.state}>
                {ot(caseStateKey(s))}
              </option>
            ))}
          </select>
        </label>
        <label className={`${styles.field} ${styles.wide}`}>
          {ot('cases.reason')}
          <input
            className={styles.input}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            data-testid="case-state-reason"
          />
        </label>
        <button type="submit" className={styles.button} disabled={change.isPending} data-testid="case-state-save">
          {ot('cases.changeState')}
        </button>
      </div>
      <p className={styles.error} role="alert">
        {errorText(change.error) ?? ''}
      </p>
    </form>
  );
}

/** One case for an operator: the facts, the transfer's status and page, the thread with internal notes, the acts. */
export function CasePage({ id }: { id: string }) {
  const { ot, withLang } = useOps();
  const { me, canWrite } = useStaff();
  const client = useQueryClient();
  const errorText = useCaseErrorText();
  const key = ['ops', 'case', id];
  const detail = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchCase(id, signal) });
  const update = (next: OpsCase) => {
    client.setQueryData(key, next);
    void client.invalidateQueries({ queryKey: ['ops', 'cases'] });
  };
  const take = useMutation({ mutationFn: () => takeCase(Number(id)), onSuccess: update });
  const file = useMutation({ mutationFn: (attachment: number) => openCaseAttachment(Number(id), attachment) });
  const item = detail.data;
  if (!item)
    return (
      <>
        <PageTitle>{ot('cases.title', { reference: '…' })}</PageTitle>
        <QueryState isPending={detail.isPending} error={detail.error} onRetry={() => void detail.refetch()} />
      </>
    );
  const language = item.customer.language;
  return (
    <>
      <p>
        <Link to={withLang('/ops/cases')}>{ot('cases.back')}</Link>
      </p>
      <PageTitle>
        <bdi dir="ltr">{item.reference}</bdi> <CaseStateBadge state={item.state} />
      </PageTitle>
      <dl className={styles.facts} data-testid="case-facts">
        <Fact label={ot('cases.kind')}>{ot(caseKindKey(item.kind))}</Fact>
        <Fact label={ot('cases.customer')}>
          <Link to={withLang(`/ops/customers/${item.customer.id}`)}>
            <bdi>{item.customer.name || `#${item.customer.id}`}</bdi>
          </Link>{' '}
          <span className={styles.muted}>({isLanguage(language) ? LANGUAGE_NAMES[language] : language})</span>
        </Fact>
        <Fact label={ot('cases.opened')}>
          <DateTime iso={item.created_at} />
        </Fact>
        <Fact label={ot('cases.due')}>
          <DueCell item={item} />
        </Fact>
        <div>
          <dt>{ot('cases.assigned')}</dt>
          <dd data-testid="case-assigned">{item.assigned_to ? <bdi>{item.assigned_to.name}</bdi> : '—'}</dd>
        </div>
        <Fact label={ot('cases.transfer')}>
          {item.transfer ? (
            <>
              <Link to={withLang(`/ops/transactions/${item.transfer.id}`)} data-testid="case-transfer-link">
                #{item.transfer.id}
              </Link>{' '}
              <StatusBadge status={item.transfer.status} />{' '}
              <Money amount={item.transfer.amount} currency={item.transfer.currency} />
            </>
          ) : (
            '—'
          )}
        </Fact>
      </dl>
      {canWrite && item.assigned_to?.id !== me.id ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.button}
            onClick={() => take.mutate()}
            disabled={take.isPending}
            data-testid="case-take"
          >
            {ot('cases.take')}
          </button>
          <p className={styles.error} role="alert">
            {errorText(take.error) ?? ''}
          </p>
        </div>
      ) : null}
      {canWrite && item.transfer ? <CaseActions item={{ ...item, transfer: item.transfer }} /> : null}
      <h2 className={styles.subtitle}>{ot('cases.thread')}</h2>
      {file.error ? (
        <p className={styles.error} role="alert">
          {errorText(file.error)}
        </p>
      ) : null}
      <ol className={caseStyles.thread} data-testid="case-thread">
        {item.messages.map((m) => (
          <li
            key={m.id}
            className={caseStyles.message}
            data-author={m.author}
            data-internal={m.internal}
            data-testid={m.internal ? 'case-note' : `case-message-${m.author}`}
          >
            <span className={caseStyles.meta}>
              {m.internal ? <span className={caseStyles.noteTag}>{ot('cases.internalTag')}</span> : null}
              <bdi>{m.author_name}</bdi>
              <DateTime iso={m.at} />
            </span>
            <span dir="auto" lang={m.author === 'customer' ? language : undefined}>
              {m.body}
            </span>
            {m.attachment ? (
              <button
                type="button"
                className={styles.button}
                onClick={() => m.attachment && file.mutate(m.attachment.id)}
                data-testid="case-attachment"
              >
                {ot(m.attachment.media_type === 'application/pdf' ? 'cases.attachmentPdf' : 'cases.attachmentPicture')}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {canWrite ? (
        <>
          <Compose item={item} onDone={update} />
          <StateChange item={item} onDone={update} />
        </>
      ) : null}
    </>
  );
}
