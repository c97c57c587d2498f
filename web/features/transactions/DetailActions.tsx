import { useState } from 'react';
import { Link } from 'react-router';
import type { Transaction } from '../../../common/api/transactions';
import { useTranslation } from '../../i18n/i18n';
import { isLanguage } from '../../../common/i18n/languages';
import form from '../../ui/Form.module.css';
import { downloadFile } from '../../shared/files/download';
import cards from './Transactions.module.css';
import { useCancelTransaction } from '../../shared/pickups/use-pickups';
import { commonErrorText, translateServerMessage } from '../../ui/server-messages';
import { ApiError } from '../../shared/api/api-error';
import { useWithLang } from '../../ui/with-lang';
import { scheduleFromPath, sendAgainPath } from '../../shared/transactions/transaction-rules';

/**
 * What the sender may still take back: a pending withdrawal or a transfer waiting for its recipient (a
 * cash pickup has its own cancel in its block). The server decides in the end (a teller may hold it: 409).
 */
export function isCancellable(tx: Transaction): boolean {
  if (tx.delivery === 'cash_pickup') return false;
  return (
    (tx.category === 'withdrawal' && tx.status === 'pending' && !tx.validated) ||
    (tx.category === 'sending' && tx.status === 'unclaimed')
  );
}

function cancelErrorText(error: unknown, t: ReturnType<typeof useTranslation>['t'], language: string): string {
  const common = commonErrorText(error, t, language);
  if (common) return common;
  if (error instanceof ApiError && error.detail !== undefined) return translateServerMessage(error.detail, t);
  return t('selfService.cancelFailed');
}

function CancelButton({ tx }: { tx: Transaction }) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelTransaction(tx.id);
  // One key for this screen's intent: a retry after a lost answer is the same cancellation.
  const [key] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className={form.secondary}
        data-testid="cancel-transaction"
        disabled={cancel.isPending}
        onClick={() => {
          if (!window.confirm(t('selfService.cancelConfirm'))) return;
          setError(null);
          cancel.mutate(key, { onError: (err) => setError(cancelErrorText(err, t, i18n.language)) });
        }}
      >
        {t('selfService.cancel')}
      </button>
      {error ? (
        <p className={form.error} role="alert" data-testid="cancel-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * The detail's actions: cancel what can still be cancelled, send the same amount again to the same
 * person (a new transfer: its own key and a new security code), the receipt as a PDF in the screen's language.
 */
export function DetailActions({ tx }: { tx: Transaction }) {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const lang = isLanguage(i18n.language) ? i18n.language : 'fr';
  const again = sendAgainPath(tx);
  const repeat = scheduleFromPath(tx);
  return (
    <section className={cards.card} data-testid="detail-actions">
      {isCancellable(tx) ? <CancelButton tx={tx} /> : null}
      {again !== null ? (
        <Link className={form.secondary} to={withLang(again)} data-testid="send-again">
          {t('selfService.sendAgain')}
        </Link>
      ) : null}
      {/* A send by any way repeats on a schedule, the same way. */}
      {repeat !== null ? (
        <Link className={form.secondary} to={withLang(repeat)} data-testid="repeat-schedule">
          {t('schedules.repeat')}
        </Link>
      ) : null}
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
