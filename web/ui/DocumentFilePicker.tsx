import { useEffect, useId, useMemo, useRef } from 'react';
import type { KycPart } from '../../common/api/kyc';
import { useTranslation } from '../i18n/i18n';
import { documentFileError } from './document-file';
import form from './Form.module.css';
import styles from './DocumentFilePicker.module.css';

/** The words of a picker that is no part of an identity document: its label, hint and buttons. */
export interface FilePickerTexts {
  label: string;
  hint: string;
  choose: string;
  replace: string;
  /** The button that takes the chosen file off again: the file is optional. */
  remove: string;
}

/** An identity document's part (its name, words and camera come from the part), or another file with its own words. */
type Kind =
  { part: KycPart; testId?: string } | { part?: undefined; name: string; texts: FilePickerTexts; testId: string };

/**
 * One photo or scan of a document: the phone's camera (`capture`, for an identity document's part) or a file, with
 * its preview, behind a button in the app's language (the browser's own says 'Choose file / No file chosen' in the
 * system's). The identity documents' screen, the recovery's identity step and a help case's attachment use it;
 * `name` puts the file in the form's own data. `onChange` gets the chosen file with what is wrong with it (size,
 * kind), checked the same way for every document.
 */
export function DocumentFilePicker(
  props: Kind & {
    file: File | undefined;
    error: string | undefined;
    onChange: (file: File | undefined, problem: string | undefined) => void;
    accept?: string;
  },
) {
  const { file, error, onChange, accept = 'image/*,application/pdf' } = props;
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { part } = props;
  const texts =
    part === undefined
      ? props.texts
      : {
          label: t(`kyc.parts.${part}`),
          hint: t(`kyc.hints.${part}`),
          choose: t('kyc.choose'),
          replace: t('kyc.replace'),
        };
  const testId = props.testId ?? `kyc-${part}`;
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
  const remove = part === undefined ? props.texts.remove : undefined;
  return (
    <div className={`${form.field} ${styles.part}`}>
      <span id={`${id}-label`} className={form.label}>
        {texts.label}
      </span>
      <p id={`${id}-hint`} className={form.hint}>
        {texts.hint}
      </p>
      {/* The browser's own file button speaks the system's language: a button of ours, in the app's, opens it. */}
      <input
        ref={input}
        id={id}
        className={styles.file}
        type="file"
        name={part ?? props.name}
        accept={accept}
        capture={part === undefined ? undefined : part === 'selfie' ? 'user' : 'environment'}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint ${id}-error`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          onChange(chosen, documentFileError(chosen, t));
        }}
        data-testid={testId}
      />
      <label htmlFor={id} className={`${form.secondary} ${styles.pick}`} aria-hidden="true">
        {file ? texts.replace : texts.choose}
      </label>
      {file ? (
        <div className={styles.preview} data-testid={`${testId}-preview`}>
          {preview ? (
            // A file that is no picture after all (the server will say so) hides rather than showing a broken image.
            <img src={preview} alt={texts.label} onError={(event) => (event.currentTarget.hidden = true)} />
          ) : (
            <span className={styles.pdf}>PDF</span>
          )}
          <bdi className={styles.fileName}>{file.name}</bdi>
          {remove !== undefined ? (
            <button
              type="button"
              className={`${form.link} ${form.linkButton} ${styles.remove}`}
              onClick={() => {
                onChange(undefined, undefined);
                // The same file chosen again must still be a change the input reports.
                if (input.current) input.current.value = '';
              }}
              data-testid={`${testId}-remove`}
            >
              {remove}
            </button>
          ) : null}
        </div>
      ) : null}
      <p id={`${id}-error`} className={form.error} data-testid={`${testId}-error`}>
        {error ?? ''}
      </p>
    </div>
  );
}
