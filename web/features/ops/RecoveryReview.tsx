import styles from './Ops.module.css';
import { DocumentFile, kycFilesOf } from './KycDocuments';
import { Fact, useOps } from './OpsParts';

type DocumentType = 'national_id' | 'passport' | 'residence_permit';
const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * An account recovery's identity check: who asks for which change (the identifier still held, the new one, the one
 * it replaces), the document type sent beside the type on file, and the selfie and document to compare. Approving
 * replaces the sign-in identifier and ends every session; rejecting changes nothing.
 */
export function RecoveryReview({ payload }: { payload: Record<string, unknown> }) {
  const { ot } = useOps();
  const sent = text(payload.document_type) as DocumentType | null;
  const onFile = text(payload.document_type_on_file) as DocumentType | null;
  const rows: [string, string | null][] = [
    [ot('reviews.recovery.known'), text(payload.known_identifier)],
    [ot('reviews.recovery.new'), text(payload.new_identifier)],
    [ot('reviews.recovery.replaces'), text(payload.replaces)],
  ];
  return (
    <div className={styles.kyc} data-testid="recovery-review">
      <p>
        <strong>{ot('reviews.recovery.title')}</strong>
      </p>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <bdi dir="ltr">{value ?? '—'}</bdi>
            </dd>
          </div>
        ))}
        <Fact label={ot('reviews.recovery.documentType')}>
          {sent ? ot(`reviews.kyc.types.${sent}`) : '—'}
          {' · '}
          {ot('reviews.recovery.onFile')} {onFile ? ot(`reviews.kyc.types.${onFile}`) : ot('reviews.recovery.none')}
        </Fact>
      </dl>
      <p className={styles.muted}>{ot('reviews.recovery.decision')}</p>
      <div className={styles.kycFiles}>
        {kycFilesOf(payload).map((file) => (
          <DocumentFile key={file.id} file={file} />
        ))}
      </div>
    </div>
  );
}
