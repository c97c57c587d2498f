import { groupPickupReference } from '../../../common/pickups/reference';
import type { Transaction } from '../../../common/api/transactions';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { CopyButton } from '../../ui/CopyButton';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { formatLongDate } from '../transactions/transaction-rules';
import styles from './Pickups.module.css';

/**
 * The reference the recipient shows at the agency: large, grouped 123 456 7890, copied or shared. The
 * Web Share API where the browser has it (the phone's share sheet: SMS, WhatsApp…), else an sms: link with the text.
 */
export function PickupReference({ tx }: { tx: Transaction }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const reference = tx.pickup_reference ?? '';
  const grouped = groupPickupReference(reference);
  const amount = moneyFromApi(tx.amount, 'MAD');
  const text = t('pickups.shareText', {
    amount: amount ? formatMoney(amount, locale) : tx.amount,
    reference: grouped,
    date: tx.expires_at ? formatLongDate(tx.expires_at, locale, t('transactions.at')) : '',
    name: `${tx.recipient_first_name ?? ''} ${tx.recipient_last_name ?? ''}`.trim(),
  });
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const phone = tx.recipient_phone_number ?? '';
  return (
    <div>
      <p className={form.label}>{t('pickups.reference')}</p>
      <p className={styles.reference} data-testid="pickup-reference">
        {grouped}
      </p>
      <div className={styles.actions}>
        <CopyButton text={reference} label={t('pickups.copy')} testId="pickup-copy" />
        {canShare ? (
          <button
            type="button"
            className={form.secondary}
            onClick={() => void navigator.share({ text }).catch(() => undefined)}
            data-testid="pickup-share"
          >
            {t('pickups.share')}
          </button>
        ) : (
          <a
            className={form.secondary}
            href={`sms:${phone}?&body=${encodeURIComponent(text)}`}
            data-testid="pickup-share"
          >
            {t('pickups.share')}
          </a>
        )}
      </div>
    </div>
  );
}
