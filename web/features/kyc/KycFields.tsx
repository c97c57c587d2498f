import { useEffect, useId, useMemo } from 'react';
import type { KycPart } from '../../../common/api/kyc';
import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';
import styles from './IdentityPage.module.css';

/** One photo or scan: the phone's camera (`capture`) or a file, with its preview. */
export function FilePart({
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

/** A text (or date) field of a submission, with its server message under it. */
export function TextField({
  name,
  label,
  type = 'text',
  value,
  error,
  onChange,
  autoComplete,
}: {
  name: string;
  label: string;
  type?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  autoComplete: string;
}) {
  const id = useId();
  return (
    <div className={form.field}>
      <label className={form.label} htmlFor={id}>
        {label}
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
