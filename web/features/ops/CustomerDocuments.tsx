import { Link } from 'react-router';
import type { OpsCustomerDocument } from '../../../common/api/ops';
import { DocumentFile } from './KycDocuments';
import styles from './Ops.module.css';
import { DateTime, StatusBadge, useOps } from './OpsParts';

/**
 * A customer's identity documents on their page: each submission's type and files, and the decision on it (who,
 * when, why), linked to the review it was decided in; what an operator looks for once the review queue moved on.
 */
export function CustomerDocuments({ customerId, documents }: { customerId: number; documents: OpsCustomerDocument[] }) {
  const { ot, withLang } = useOps();
  return (
    <section aria-labelledby="customer-documents-title" data-testid="customer-documents">
      <h2 id="customer-documents-title" className={styles.subtitle}>
        {ot('customer.documents')}
      </h2>
      {documents.length === 0 ? (
        <p className={styles.muted}>{ot('customer.documentsNone')}</p>
      ) : (
        documents.map((doc) => (
          <article key={doc.id} className={styles.document} data-testid="customer-document">
            <p>
              <strong>{ot(`reviews.kyc.types.${doc.document_type}`)}</strong> — <StatusBadge status={doc.state} />{' '}
              <span className={styles.muted}>
                {ot('customer.documentSent')} <DateTime iso={doc.created_at} />
              </span>
            </p>
            {doc.decided_at ? (
              <p data-testid="customer-document-decision">
                {doc.decided_by_name ?? (doc.decided_by === null ? '' : `#${doc.decided_by}`)} ·{' '}
                <DateTime iso={doc.decided_at} />
                {doc.reason ? ` — ${doc.reason}` : null}
              </p>
            ) : null}
            {doc.review === null ? null : (
              <p>
                <Link
                  to={withLang(
                    `/ops/reviews?state=${doc.state === 'pending' ? 'open' : doc.state}&subject=user:${customerId}`,
                  )}
                >
                  {ot('customer.documentReview', { id: doc.review })}
                </Link>
              </p>
            )}
            <div className={styles.kycFiles}>
              {doc.files.map((file) => (
                <DocumentFile key={file.id} file={file} />
              ))}
            </div>
          </article>
        ))
      )}
    </section>
  );
}
