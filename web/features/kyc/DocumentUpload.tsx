import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { KYC_DOCUMENT_TYPES, partsFor } from '../../../common/api/kyc';
import type { KycDocumentType, KycPart } from '../../../common/api/kyc';
import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';
import { CURRENT_USER_KEY } from '../../shared/users/use-current-user';
import styles from './IdentityPage.module.css';
import { kycFailureOf, type KycFailure } from './kyc-failure';
import { DocumentFilePicker } from '../../ui/DocumentFilePicker';
import { documentFileError } from '../../ui/document-file';
import { KYC_KEY, uploadDocuments } from './kyc-upload';

/**
 * The document part of a submission, shared by the first one (level 1) and a verified customer's identity change:
 * the document type, its photos, the upload with its progress and the server's answer.
 */
export function useDocumentUpload() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [documentType, setDocumentType] = useState<KycDocumentType>('national_id');
  const [files, setFiles] = useState<Partial<Record<KycPart, File>>>({});
  const [failure, setFailure] = useState<KycFailure>({ fields: {} });
  const [progress, setProgress] = useState<number | undefined>();
  const parts = partsFor(documentType);

  const choose = (part: KycPart) => (file: File | undefined, problem: string | undefined) => {
    setFiles((f) => ({ ...f, [part]: file }));
    // Said at once, before minutes of upload; the server checks again (size, and the type by the file's bytes).
    setFailure((f) => ({ ...f, fields: { ...f.fields, [part]: problem } }));
  };

  /** Sends the document with `fields`, unless a photo or one of the caller's fields (`invalid`) is missing. */
  const send = async (fields: Record<string, string>, invalid: KycFailure['fields']) => {
    const missing: KycFailure['fields'] = { ...invalid };
    for (const part of parts) {
      const file = files[part];
      const problem = file ? documentFileError(file, t) : t('errors.required');
      if (problem !== undefined) missing[part] = problem;
    }
    if (Object.keys(missing).length > 0) return setFailure({ fields: missing });
    const data = new FormData();
    data.append('document_type', documentType);
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    for (const part of parts) data.append(part, files[part] as File);
    setFailure({ fields: {} });
    setProgress(0);
    try {
      const answer = await uploadDocuments(data, setProgress);
      client.setQueryData(KYC_KEY, answer);
      await client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    } catch (error) {
      setFailure(kycFailureOf(error, t, i18n.language));
    } finally {
      setProgress(undefined);
    }
  };

  return { documentType, setDocumentType, files, choose, failure, setFailure, progress, parts, send };
}
export type DocumentUpload = ReturnType<typeof useDocumentUpload>;

/** The document type and its photos. */
export function DocumentParts({ upload }: { upload: DocumentUpload }) {
  const { t } = useTranslation();
  const { documentType, setDocumentType, files, choose, failure, parts } = upload;
  return (
    <>
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
        <DocumentFilePicker
          key={part}
          part={part}
          file={files[part]}
          error={failure.fields[part]}
          onChange={choose(part)}
        />
      ))}
    </>
  );
}

/** The upload's progress, the form's message and the send button. */
export function SendFooter({ upload }: { upload: DocumentUpload }) {
  const { t } = useTranslation();
  const { progress, failure } = upload;
  const sending = progress !== undefined;
  return (
    <>
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
    </>
  );
}
