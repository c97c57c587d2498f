import { useEffect, useId, useMemo } from 'react';
import type { KycPart } from '../../common/api/kyc';
import { useTranslation } from '../i18n/i18n';
import form from './Form.module.css';
import styles from './DocumentFilePicker.module.css';

/**
 * One photo or scan of an identity document: the phone's camera (`capture`) or a file, with its preview, behind a
 * button in the app's language (the browser's own says 'Choose file / No file chosen' in the system's). The identity
 * documents' screen and the recovery's identity step use it; `name` puts the file in the form's own data.
 */
export function DocumentFilePicker({
  part,
  file,
  error,
  onChange,
  accept = 'image/*,application/pdf',
  testId = `kyc-${part}`,
}: {
  part: KycPart;
  file: File | undefined;
  error: string | undefined;
  onChange: (file: File | undefined) => void;
  accept?: string;
  testId?: string;
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
        accept={accept}
        capture={part === 'selfie' ? 'user' : 'environment'}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint ${id}-error`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.files?.[0])}
        data-testid={testId}
      />
      <label htmlFor={id} className={`${form.secondary} ${styles.pick}`} aria-hidden="true">
        {file ? t('kyc.replace') : t('kyc.choose')}
      </label>
      {file ? (
        <div className={styles.preview} data-testid={`${testId}-preview`}>
          {preview ? (
            // A file that is no picture after all (the server will say so) hides rather than showing a broken image.
            <img src={preview} alt={t(`kyc.parts.${part}`)} onError={(event) => (event.currentTarget.hidden = true)} />
          ) : (
            <span className={styles.pdf}>PDF</span>
          )}
          <bdi className={styles.fileName}>{file.name}</bdi>
        </div>
      ) : null}
      <p id={`${id}-error`} className={form.error} data-testid={`${testId}-error`}>
        {error ?? ''}
      </p>
    </div>
  );
}
