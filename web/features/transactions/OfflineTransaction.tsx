import { groupPickupReference } from '../../../common/pickups/reference';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { CopyButton } from '../../ui/CopyButton';
import form from '../../ui/Form.module.css';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { tIsolated } from '../../ui/bidi';
import { codeExpired, type OfflineCode } from '../../shared/offline/offline-store';
import { OfflineMark } from '../../shared/offline/OfflineMark';
import offline from '../../shared/offline/Offline.module.css';
import pickups from '../../shared/pickups/Pickups.module.css';
import { detailSign, formatLongDate } from '../../shared/transactions/transaction-rules';
import styles from './Transactions.module.css';
import { WithdrawalFrame, WithdrawalPass } from './WithdrawalParts';

type PickupCode = Extract<OfflineCode, { kind: 'pickup' }>;

function PickupCodeBlock({ code, expired }: { code: PickupCode; expired: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  return (
    <section className={pickups.card} data-testid="pickup-block">
      <h2 className={pickups.heading}>{t('pickups.title')}</h2>
      {expired ? null : (
        <>
          <p className={pickups.status} data-testid="pickup-status">
            {t('pickups.status.available')}
          </p>
          <p className={form.label}>{t('pickups.reference')}</p>
          <p className={pickups.reference} data-testid="pickup-reference">
            {groupPickupReference(code.reference)}
          </p>
          <div className={pickups.actions}>
            <CopyButton text={code.reference} label={t('pickups.copy')} testId="pickup-copy" />
          </div>
          {code.expires_at ? (
            <p className={pickups.muted} data-testid="pickup-expiry">
              {t('pickups.expires', { date: formatLongDate(code.expires_at, locale, t('transactions.at')) })}
            </p>
          ) : null}
        </>
      )}
      <p className={form.label}>{t('pickups.nameOnTransfer')}</p>
      <p className={pickups.name} data-testid="pickup-name">
        <bdi>{code.recipient_name}</bdi>
      </p>
      {code.agency ? (
        <p className={pickups.muted} data-testid="pickup-agency">
          {tIsolated(t, 'pickups.onlyAt', { agency: code.agency })}
        </p>
      ) : expired ? null : (
        <p className={pickups.muted}>{t('pickups.anyAgency')}</p>
      )}
    </section>
  );
}

/**
 * The detail of a pending withdrawal or cash pickup with no network: the copy this phone kept when it
 * was last seen online, under the 'offline' mark. Past its expiry it says so and shows no QR or reference.
 */
export function OfflineTransaction({ code }: { code: OfflineCode }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const amount = moneyFromApi(code.amount, 'MAD');
  const expired = codeExpired(code);
  return (
    <>
      <OfflineMark savedAt={code.saved_at} />
      <section className={styles.card}>
        <p className={styles.amount} data-testid="detail-amount">
          <bdi>
            {amount ? formatMoney(amount, locale, detailSign(code.kind === 'withdrawal' ? 'withdrawal' : 'sending')) : code.amount}
          </bdi>
        </p>
        <p className={styles.muted}>{formatLongDate(code.date, locale, t('transactions.at'))}</p>
      </section>
      {expired ? (
        <p className={offline.expired} role="alert" data-testid="offline-expired">
          {t('offline.expired')}
        </p>
      ) : null}
      {code.kind === 'withdrawal' ? (
        <WithdrawalFrame agency={code.agency_name} address={code.agency_address}>
          {expired ? null : <WithdrawalPass token={code.token} identifier={code.identifier} expiresAt={code.expires_at} />}
        </WithdrawalFrame>
      ) : (
        <PickupCodeBlock code={code} expired={expired} />
      )}
    </>
  );
}
