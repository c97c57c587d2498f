import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import {
  KYC_DOCUMENT_TYPES,
  KYC_MAX_FILE_BYTES,
  partsFor,
  type KycDocumentType,
  type KycPart,
  type KycProfileField,
  type KycStatus,
} from '../../../common/api/kyc';
import { ApiError } from '../../app/api-error';
import { useTranslation, type TFunction } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { dateTimeFormat } from '../../ui/intl-format';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { commonErrorText } from '../../ui/server-messages';
import { kycMessageText as messageText } from './kyc-errors';
import { useWithLang } from '../../ui/with-lang';
import { CURRENT_USER_KEY } from '../../shared/users/use-current-user';
import styles from './IdentityPage.module.css';
import { fetchKycStatus, KYC_KEY, uploadDocuments } from './kyc-upload';

type FieldName = KycPart | KycProfileField | 'document_type';

interface Failure {
  fields: Partial<Record<FieldName, string>>;
  form?: string;
}

function failureOf(error: unknown, t: TFunction, language: string): Failure {
  const common = commonErrorText(error, t, language);
  if (common) return { fields: {}, form: common };
  if (error instanceof ApiError) {
    const fields: Failure['fields'] = {};
    for (const [name, messages] of Object.entries(error.fieldErrors)) {
      if (messages[0] !== undefined) fields[name as FieldName] = messageText(messages[0], t);
    }
    if (Object.keys(fields).length > 0) return { fields };
    if (error.status === 413) return { fields: {}, form: t('kyc.errors.tooLarge') };
    if (error.detail !== undefined) return { fields: {}, form: messageText(error.detail, t) };
  }
  return { fields: {}, form: t('errors.unknown') };
}

/** One photo or scan: the phone's camera (`capture`) or a file, with its preview. */
function FilePart({
  part,
  file,
  error,
  onChange,
}: {
  part: KycPart;
  file: File | undefined;
  error: string | undefined;
  onChange: (file: File | undefined) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const preview = useMemo(
    () => (file && file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined),
    [file],
  );
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  return (
    <div className={`${form.field} ${styles.part}`}>
      <span id={`${id}-label`} className={form.label}>
        {t(`kyc.parts.${part}`)}
      </span>
      <p id={`${id}-hint`} className={form.hint}>
        {t(`kyc.hints.${part}`)}
      </p>
      {/* The browser's own file button speaks the system's language: a button of ours, in the app's, opens it. */}
      <input
        id={id}
        className={styles.file}
        type="file"
        name={part}
        accept="image/*,application/pdf"
        capture={part === 'selfie' ? 'user' : 'environment'}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint ${id}-error`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.files?.[0])}
        data-testid={`kyc-${part}`}
      />
      <label htmlFor={id} className={`${form.secondary} ${styles.pick}`} aria-hidden="true">
        {file ? t('kyc.replace') : t('kyc.choose')}
      </label>
      {file ? (
        <div className={styles.preview} data-testid={`kyc-${part}-preview`}>
          {preview ? (
            // A file that is no picture after all (the server will say so) hides rather than showing a broken image.
            <img src={preview} alt={t(`kyc.parts.${part}`)} onError={(event) => (event.currentTarget.hidden = true)} />
          ) : (
            <span className={styles.pdf}>PDF</span>
          )}
          <bdi className={styles.fileName}>{file.name}</bdi>
        </div>
      ) : null}
      <p id={`${id}-error`} className={form.error} data-testid={`kyc-${part}-error`}>
        {error ?? ''}
      </p>
    </div>
  );
}

function TextField({
  name,
  type = 'text',
  value,
  error,
  onChange,
  autoComplete,
}: {
  name: KycProfileField;
  type?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  autoComplete: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={form.field}>
      <label className={form.label} htmlFor={id}>
        {t(`kyc.profile.${name}`)}
      </label>
      <input
        id={id}
        className={form.input}
        type={type}
        value={value}
        autoComplete={autoComplete}
        dir="auto"
        aria-describedby={`${id}-error`}
        aria-invalid={error ? true : undefined}
        onInput={(event) => onChange(event.currentTarget.value)}
        data-testid={`kyc-${name}`}
      />
      <p id={`${id}-error`} className={form.error} data-testid={`kyc-${name}-error`}>
        {error ?? ''}
      </p>
    </div>
  );
}

const autoCompletes: Record<KycProfileField, string> = {
  date_of_birth: 'bday',
  address: 'street-address',
  postcode: 'postal-code',
  city: 'address-level2',
};

function UploadForm({ status }: { status: KycStatus }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [documentType, setDocumentType] = useState<KycDocumentType>('national_id');
  const [files, setFiles] = useState<Partial<Record<KycPart, File>>>({});
  const [profile, setProfile] = useState<Partial<Record<KycProfileField, string>>>({});
  const [failure, setFailure] = useState<Failure>({ fields: {} });
  const [progress, setProgress] = useState<number | undefined>();
  const parts = partsFor(documentType);

  const choose = (part: KycPart) => (file: File | undefined) => {
    setFiles((f) => ({ ...f, [part]: file }));
    // Said at once, before minutes of upload; the server checks again (size, and the type by the file's bytes).
    const tooLarge = file !== undefined && file.size > KYC_MAX_FILE_BYTES;
    setFailure((f) => ({ ...f, fields: { ...f.fields, [part]: tooLarge ? t('kyc.errors.tooLarge') : undefined } }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Failure['fields'] = {};
    for (const part of parts) if (!files[part]) missing[part] = t('errors.required');
    for (const name of status.missing) if (!profile[name]?.trim()) missing[name] = t('errors.required');
    for (const part of parts) {
      const file = files[part];
      if (file && file.size > KYC_MAX_FILE_BYTES) missing[part] = t('kyc.errors.tooLarge');
    }
    if (Object.keys(missing).length > 0) return setFailure({ fields: missing });
    const data = new FormData();
    data.append('document_type', documentType);
    for (const name of status.missing) data.append(name, profile[name] ?? '');
    for (const part of parts) data.append(part, files[part] as File);
    setFailure({ fields: {} });
    setProgress(0);
    try {
      const answer = await uploadDocuments(data, setProgress);
      client.setQueryData(KYC_KEY, answer);
      await client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    } catch (error) {
      setFailure(failureOf(error, t, i18n.language));
    } finally {
      setProgress(undefined);
    }
  };

  const sending = progress !== undefined;
  return (
    <form className={form.form} onSubmit={(event) => void submit(event)} noValidate data-testid="kyc-form">
      <fieldset className={styles.types}>
        <legend className={form.label}>{t('kyc.documentType')}</legend>
        {KYC_DOCUMENT_TYPES.map((type) => (
          <label key={type} className={styles.type}>
            <input
              type="radio"
              name="document_type"
              value={type}
              checked={documentType === type}
              onChange={() => setDocumentType(type)}
              data-testid={`kyc-type-${type}`}
            />
            {t(`kyc.types.${type}`)}
          </label>
        ))}
        <p className={form.error}>{failure.fields.document_type ?? ''}</p>
      </fieldset>
      {parts.map((part) => (
        <FilePart key={part} part={part} file={files[part]} error={failure.fields[part]} onChange={choose(part)} />
      ))}
      {status.missing.length > 0 ? (
        <fieldset className={styles.profile}>
          <legend className={form.label}>{t('kyc.profile.title')}</legend>
          <p className={form.hint}>{t('kyc.profile.why')}</p>
          {status.missing.map((name) => (
            <TextField
              key={name}
              name={name}
              type={name === 'date_of_birth' ? 'date' : 'text'}
              value={profile[name] ?? ''}
              error={failure.fields[name]}
              autoComplete={autoCompletes[name]}
              onChange={(value) => setProfile((p) => ({ ...p, [name]: value }))}
            />
          ))}
        </fieldset>
      ) : null}
      {sending ? (
        <div className={styles.progress} data-testid="kyc-progress">
          <progress max={1} value={progress} aria-label={t('kyc.sending')} />
          <span>{t('kyc.sendingPercent', { percent: Math.round((progress ?? 0) * 100) })}</span>
        </div>
      ) : null}
      <p className={form.error} role="alert" data-testid="kyc-form-error">
        {failure.form ?? ''}
      </p>
      <div className={form.actions}>
        <button className={form.primary} type="submit" disabled={sending} data-testid="kyc-submit">
          {sending ? t('kyc.sending') : t('kyc.submit')}
        </button>
      </div>
    </form>
  );
}

function StateCard({ status }: { status: KycStatus }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const date = (iso: string | null) =>
    iso ? dateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso)) : '';
  if (status.state === 'none') return null;
  return (
    <section
      className={`${styles.state} ${styles[status.state]}`}
      role="status"
      data-testid="kyc-state"
      data-state={status.state}
    >
      <h2 className={styles.stateTitle}>{t(`kyc.states.${status.state}`)}</h2>
      {status.state === 'pending' ? <p>{t('kyc.pendingText', { date: date(status.submitted_at) })}</p> : null}
      {status.state === 'approved' ? <p>{t('kyc.approvedText')}</p> : null}
      {status.state === 'rejected' ? (
        <>
          <p>{t('kyc.rejectedText')}</p>
          <blockquote className={styles.reason} data-testid="kyc-reason">
            <bdi>{status.reason}</bdi>
          </blockquote>
        </>
      ) : null}
    </section>
  );
}

/** Issue 16: the customer sends an identity document (level 2) and follows its review. */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const status = useQuery({ queryKey: KYC_KEY, queryFn: ({ signal }) => fetchKycStatus(signal) });
  const data = status.data;
  return (
    <main className={form.page}>
      <ScreenHeader title={t('pages.identity')} backTo={withLang('/')} />
      {data ? (
        <>
          {data.state === 'none' || data.state === 'rejected' ? <p className={form.intro}>{t('kyc.intro')}</p> : null}
          <StateCard status={data} />
          {data.level === 1 && (data.state === 'none' || data.state === 'rejected') ? (
            <UploadForm status={data} />
          ) : null}
        </>
      ) : status.isError ? (
        <p className={form.error} role="alert">
          {t('errors.unknown')}
        </p>
      ) : (
        <p className={form.hint}>{t('common.loading')}</p>
      )}
    </main>
  );
}
