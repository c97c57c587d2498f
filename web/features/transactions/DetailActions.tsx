import { useState } from 'react';
import type { Transaction } from '../../../common/api/transactions';
import { useTranslation } from '../../i18n/i18n';
import { isLanguage } from '../../../common/i18n/languages';
import form from '../../ui/Form.module.css';
import { downloadFile } from '../../shared/files/download';
import cards from './Transactions.module.css';

/** The detail's actions (issue 18): the receipt as a PDF in the screen's language. */
export function DetailActions({ tx }: { tx: Transaction }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const lang = isLanguage(i18n.language) ? i18n.language : 'fr';
  return (
    <section className={cards.card} data-testid="detail-actions">
      <button
        type="button"
        className={form.secondary}
        data-testid="download-receipt"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setFailed(false);
          downloadFile(`/transactions/${tx.id}/receipt/`, { lang }, `receipt-${tx.id}-${lang}.pdf`)
            .catch(() => setFailed(true))
            .finally(() => setBusy(false));
        }}
      >
        {t('receipt.download')}
      </button>
      {failed ? (
        <p className={form.error} role="alert">
          {t('receipt.failed')}
        </p>
      ) : null}
    </section>
  );
}
