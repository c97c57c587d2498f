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
    <div className={form.field}>
      <label className={form.label} htmlFor={id}>
        {t('help.fileLabel')}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,application/pdf"
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        aria-describedby={`${id}-hint ${id}-error`}
        data-testid="case-file"
      />
      {file ? (
        <p className={styles.fileRow}>
          <bdi dir="ltr">{file.name}</bdi>
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
      <p className={form.hint} id={`${id}-hint`}>
        {t('help.fileHint')}
      </p>
      <p className={form.error} id={`${id}-error`} role="alert">
        {error ?? ''}
      </p>
    </div>
  );
}
