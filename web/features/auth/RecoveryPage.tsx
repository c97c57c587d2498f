import { useEffect, useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { RecoveryStatus } from '../../../common/api/recovery';
import { apiFetch, apiUrl } from '../../shared/api/api-client';
import { ApiError } from '../../shared/api/api-error';
import { useTranslation } from '../../i18n/i18n';
import { DocumentFilePicker } from '../../ui/DocumentFilePicker';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { commonErrorText, fieldErrorText, translateServerMessage } from '../../ui/server-messages';
import { useWithLang } from '../../ui/with-lang';

type DocumentType = 'national_id' | 'passport' | 'residence_permit';
const DOCUMENT_TYPES: DocumentType[] = ['national_id', 'passport', 'residence_permit'];

/**
 * 'Lost access to your phone or e-mail?': the identifier still held and a new one, the code sent to each, for a
 * verified customer or one holding money a selfie and the identity document on file, then the wait for an
 * operator and the decision. The request's id rides in the address (?id=), so a reload or a later visit finds it.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const [status, setStatus] = useState<RecoveryStatus | undefined>();
  const [error, setError] = useState<unknown>();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (id === null) return;
    apiFetch<RecoveryStatus>(`/auth/recovery/${id}/`).then(setStatus, setError);
  }, [id]);

  async function run(work: () => Promise<RecoveryStatus>) {
    setPending(true);
    setError(undefined);
    try {
      const next = await work();
      setStatus(next);
      if (next.id !== id) setParams({ ...Object.fromEntries(params), id: next.id }, { replace: true });
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  }

  const formError =
    commonErrorText(error, t, i18n.language) ??
    (error instanceof ApiError && error.detail !== undefined ? translateServerMessage(error.detail, t) : undefined);
  const state = id === null ? 'start' : (status?.state ?? 'loading');
  return (
    <main className={form.page}>
      <ScreenHeader title={t('pages.recovery')} backTo={withLang('/auth/step1')} />
      {state === 'start' ? (
        <StartStep pending={pending} error={error} onSubmit={(body) => void run(() => start(body, i18n.language))} />
      ) : null}
      {state === 'codes' && status ? (
        <CodesStep
          status={status}
          pending={pending}
          error={error}
          onSubmit={(codes) => void run(() => prove(status.id, codes))}
        />
      ) : null}
      {state === 'documents' && status ? (
        <DocumentsStep
          status={status}
          pending={pending}
          error={error}
          onSubmit={(data) => void run(() => upload(status.id, data))}
        />
      ) : null}
      {state === 'review' ? <Outcome testId="recovery-review" text={t('recovery.review')} /> : null}
      {state === 'approved' ? (
        <Outcome testId="recovery-approved" text={t('recovery.approved')}>
          <Link className={form.primary} to={withLang('/auth/step1')}>
            {t('recovery.signIn')}
          </Link>
        </Outcome>
      ) : null}
      {state === 'refused' || state === 'expired' ? (
        <Outcome testId={`recovery-${state}`} text={t(state === 'refused' ? 'recovery.refused' : 'recovery.expired')}>
          <Link className={form.secondary} to={withLang('/auth/recover')} reloadDocument>
            {t('auth.restart')}
          </Link>
        </Outcome>
      ) : null}
      {state === 'loading' ? <p className={form.intro}>{error ? formError : t('common.loading')}</p> : null}
      {state !== 'loading' && formError ? (
        <p className={form.error} role="alert" data-testid="form-error">
          {formError}
        </p>
      ) : null}
    </main>
  );
}

const start = (body: { known_identifier: string; new_identifier: string }, language: string) =>
  apiFetch<RecoveryStatus>('/auth/recovery/', { method: 'POST', body: { ...body, language } });

const prove = (id: string, codes: { known_code: string; new_code: string }) =>
  apiFetch<RecoveryStatus>(`/auth/recovery/${id}/codes/`, { method: 'POST', body: codes });

/** The upload is multipart: fetched directly (apiFetch sends JSON), its errors read as the API's. */
async function upload(id: string, data: FormData): Promise<RecoveryStatus> {
  const response = await fetch(apiUrl(`/auth/recovery/${id}/documents/`), { method: 'POST', body: data });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const { detail, ...fields } = body;
    throw new ApiError({
      status: response.status,
      fieldErrors: fields as Record<string, string[]>,
      ...(typeof detail === 'string' && { detail }),
    });
  }
  return body as unknown as RecoveryStatus;
}

function Outcome({ text, testId, children }: { text: string; testId: string; children?: ReactNode }) {
  return (
    <section data-testid={testId}>
      <p className={form.notice}>{text}</p>
      {children ? <div className={form.actions}>{children}</div> : null}
    </section>
  );
}

function TextField(props: {
  name: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  inputMode?: 'numeric' | 'email' | 'text';
}) {
  const id = useId();
  return (
    <div className={form.field}>
      <label className={form.label} htmlFor={id}>
        {props.label}
      </label>
      {props.hint ? <p className={form.hint}>{props.hint}</p> : null}
      <input
        id={id}
        className={form.input}
        dir="ltr"
        autoCapitalize="none"
        spellCheck={false}
        inputMode={props.inputMode ?? 'text'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        data-testid={`recovery-${props.name}`}
      />
      <p className={form.error}>{props.error ?? ''}</p>
    </div>
  );
}

function StartStep(props: {
  pending: boolean;
  error: unknown;
  onSubmit: (body: { known_identifier: string; new_identifier: string }) => void;
}) {
  const { t } = useTranslation();
  const [known, setKnown] = useState('');
  const [fresh, setFresh] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSubmit({ known_identifier: known.trim(), new_identifier: fresh.trim() });
  }
  return (
    <form className={form.form} onSubmit={submit} noValidate>
      <p className={form.intro}>{t('recovery.intro')}</p>
      <TextField
        name="known"
        label={t('recovery.knownLabel')}
        hint={t('recovery.knownHint')}
        value={known}
        onChange={setKnown}
        error={fieldErrorText(props.error, 'known_identifier', t)}
      />
      <TextField
        name="new"
        label={t('recovery.newLabel')}
        hint={t('recovery.newHint')}
        value={fresh}
        onChange={setFresh}
        error={fieldErrorText(props.error, 'new_identifier', t)}
      />
      <div className={form.actions}>
        <button className={form.primary} type="submit" disabled={props.pending} data-testid="recovery-start">
          {props.pending ? t('auth.sending') : t('recovery.start')}
        </button>
      </div>
    </form>
  );
}

function CodesStep(props: {
  status: RecoveryStatus;
  pending: boolean;
  error: unknown;
  onSubmit: (codes: { known_code: string; new_code: string }) => void;
}) {
  const { t } = useTranslation();
  const [knownCode, setKnownCode] = useState('');
  const [newCode, setNewCode] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSubmit({ known_code: knownCode.trim(), new_code: newCode.trim() });
  }
  return (
    <form className={form.form} onSubmit={submit} noValidate>
      <p className={form.intro}>{t('recovery.codesIntro')}</p>
      <TextField
        name="known-code"
        label={t('recovery.knownCode')}
        value={knownCode}
        onChange={setKnownCode}
        inputMode="numeric"
        error={fieldErrorText(props.error, 'known_code', t)}
      />
      <TextField
        name="new-code"
        // Isolated left to right: inside Arabic a phone's '+' would otherwise move to its end ('33612345678+').
        label={t('recovery.newCode', { identifier: `\u2066${props.status.new_identifier}\u2069` })}
        value={newCode}
        onChange={setNewCode}
        inputMode="numeric"
        error={fieldErrorText(props.error, 'new_code', t) ?? fieldErrorText(props.error, 'new_identifier', t)}
      />
      <div className={form.actions}>
        <button className={form.primary} type="submit" disabled={props.pending} data-testid="recovery-verify">
          {props.pending ? t('auth.verifying') : t('common.continue')}
        </button>
      </div>
    </form>
  );
}

function DocumentsStep(props: {
  status: RecoveryStatus;
  pending: boolean;
  error: unknown;
  onSubmit: (data: FormData) => void;
}) {
  const { t } = useTranslation();
  const onFile = props.status.document_type;
  const [type, setType] = useState<DocumentType>(onFile ?? 'national_id');
  const [files, setFiles] = useState<Partial<Record<'front' | 'back' | 'selfie', File>>>({});
  const typeId = useId();
  const parts = type === 'passport' ? (['front', 'selfie'] as const) : (['front', 'back', 'selfie'] as const);
  const errorOf = (field: string) => {
    if (!(props.error instanceof ApiError)) return undefined;
    const message = props.error.firstError(field);
    return message === undefined ? undefined : translateServerMessage(message, t);
  };
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    data.set('document_type', type);
    // The files as the pickers show them: what the customer sees chosen is what is sent.
    for (const part of parts) {
      const file = files[part];
      if (file) data.set(part, file);
    }
    props.onSubmit(data);
  }
  return (
    <form className={form.form} onSubmit={submit} noValidate>
      <p className={form.intro}>{t('recovery.documentsIntro')}</p>
      <div className={form.field}>
        <label className={form.label} htmlFor={typeId}>
          {t('kyc.documentType')}
        </label>
        <select
          id={typeId}
          className={form.select}
          value={type}
          disabled={onFile !== null}
          onChange={(event) => setType(event.target.value as DocumentType)}
          data-testid="recovery-document-type"
        >
          {DOCUMENT_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`kyc.types.${value}`)}
            </option>
          ))}
        </select>
        {onFile !== null ? <p className={form.hint}>{t('recovery.sameType')}</p> : null}
        <p className={form.error}>{errorOf('document_type') ?? ''}</p>
      </div>
      {/* The identity documents' own picker: its button speaks the app's language, not the browser's. */}
      {parts.map((part) => (
        <DocumentFilePicker
          key={part}
          part={part}
          file={files[part]}
          error={errorOf(part)}
          onChange={(file) => setFiles((chosen) => ({ ...chosen, [part]: file }))}
          accept="image/jpeg,image/png,application/pdf"
          testId={`recovery-file-${part}`}
        />
      ))}
      <div className={form.actions}>
        <button className={form.primary} type="submit" disabled={props.pending} data-testid="recovery-send-documents">
          {props.pending ? t('auth.sending') : t('recovery.sendDocuments')}
        </button>
      </div>
    </form>
  );
}
