import { useEffect, useState } from 'react';
import { apiUrl } from '../../shared/api/api-client';
import { readStored } from '../../shared/api/browser-storage';
import { STORAGE_KEYS } from '../../shared/api/storage-keys';
import styles from './Ops.module.css';
import { CalendarDay, countryName, useOps } from './OpsParts';

export interface KycFile {
  id: number;
  part: 'front' | 'back' | 'selfie';
  media_type: string;
}

/** The files of a `kyc_document` review item, as its payload lists them. */
export function kycFilesOf(payload: Record<string, unknown>): KycFile[] {
  const files = payload.files;
  return Array.isArray(files) ? (files as KycFile[]).filter((f) => typeof f?.id === 'number') : [];
}

/**
 * One identity document file: the bearer token cannot ride on an <img src>, so the file is fetched into
 * a blob URL that lives as long as the row is shown; the server sends it with Cache-Control: no-store.
 */
export function DocumentFile({ file }: { file: KycFile }) {
  const { ot } = useOps();
  const [url, setUrl] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | undefined;
    const token = readStored(STORAGE_KEYS.token);
    fetch(apiUrl(`/ops/kyc/files/${file.id}/`), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
      cache: 'no-store',
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        objectUrl = URL.createObjectURL(await response.blob());
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file.id]);
  const label = ot(`reviews.kyc.${file.part}`);
  return (
    <figure className={styles.kycFile} data-testid={`kyc-file-${file.part}`}>
      {url === undefined ? (
        <span className={styles.muted}>{failed ? ot('reviews.kyc.unavailable') : ot('common.loading')}</span>
      ) : file.media_type === 'application/pdf' ? (
        <a href={url} target="_blank" rel="noreferrer">
          {ot('reviews.kyc.openPdf')}
        </a>
      ) : (
        <a href={url} target="_blank" rel="noreferrer">
          <img src={url} alt={label} />
        </a>
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** The documents of a submission beside the profile they are checked against. */
export function KycDocuments({ payload }: { payload: Record<string, unknown> }) {
  const { ot, locale } = useOps();
  const profile = (payload.profile ?? {}) as Record<string, string | null>;
  const type = typeof payload.document_type === 'string' ? payload.document_type : '';
  return (
    <div className={styles.kyc} data-testid="kyc-documents">
      <p>
        <strong>{ot(`reviews.kyc.types.${type as 'passport'}`)}</strong>
        {' — '}
        <bdi>
          {profile.first_name} {profile.last_name}
        </bdi>
        {profile.date_of_birth ? (
          <>
            {', '}
            {ot('reviews.kyc.born')} <CalendarDay day={profile.date_of_birth} />
          </>
        ) : null}
      </p>
      <p>
        <bdi>
          {[profile.address, profile.postcode, profile.city, profile.country && countryName(profile.country, locale)]
            .filter(Boolean)
            .join(', ')}
        </bdi>
      </p>
      <div className={styles.kycFiles}>
        {kycFilesOf(payload).map((file) => (
          <DocumentFile key={file.id} file={file} />
        ))}
      </div>
    </div>
  );
}
