import { useId, useRef } from 'react';
import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';
import styles from './Help.module.css';

/** One optional picture or PDF, with its name shown and a way to take it off again. */
export function FilePicker({
  file,
  onFile,
  error,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={`${form.field} ${styles.fileField}`}>
      <span id={`${id}-label`} className={form.label}>
        {t('help.fileLabel')}
      </span>
      <p className={form.hint} id={`${id}-hint`}>
        {t('help.fileHint')}
      </p>
      {/* The browser's own file button speaks the system's language: a button of ours, in the app's, opens it. */}
      <input
        ref={input}
        id={id}
        className={styles.file}
        type="file"
        accept="image/jpeg,image/png,application/pdf"
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint ${id}-error`}
        aria-invalid={error ? true : undefined}
        data-testid="case-file"
      />
      <label htmlFor={id} className={`${form.secondary} ${styles.pick}`} aria-hidden="true">
        {file ? t('help.replaceFile') : t('help.chooseFile')}
      </label>
      {file ? (
        <p className={styles.fileRow}>
          <bdi>{file.name}</bdi>
          <button
            type="button"
            className={form.link}
            onClick={() => {
              onFile(null);
              if (input.current) input.current.value = '';
            }}
            data-testid="case-file-remove"
          >
            {t('help.removeFile')}
          </button>
        </p>
      ) : null}
      <p className={form.error} id={`${id}-error`} role="alert">
        {error ?? ''}
      </p>
    </div>
  );
}
