import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { CopyButton } from '../../ui/CopyButton';
import { formatLongDate } from '../../shared/transactions/transaction-rules';
import styles from './Transactions.module.css';
import { WithdrawalQr } from './WithdrawalQr';

/** A withdrawal's card: where it is paid out, then its state (`children`); online and offline alike. */
export function WithdrawalFrame({ agency, address, children }: { agency: string | null; address: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} data-testid="withdrawal-block">
      <h2 className={styles.heading}>{t('transactions.withdrawalAt')}</h2>
      <p className={styles.muted}>
        <bdi>{agency}</bdi>
      </p>
      <div className={styles.inline}>
        <bdi data-testid="agency-address">{address}</bdi>
        <CopyButton text={address} label={t('transactions.copyAddress')} testId="copy-address" />
      </div>
      {children}
    </section>
  );
}

/** What the customer shows at the counter: the QR of the token, its expiry and the reference. */
export function WithdrawalPass({ token, identifier, expiresAt }: { token: string; identifier: string | null; expiresAt: string | null }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <p className={styles.muted}>
        {t('transactions.qrExplain', {
          date: expiresAt ? formatLongDate(expiresAt, intlLocale(i18n.language), t('transactions.at')) : '',
        })}
      </p>
      <WithdrawalQr token={token} />
      <p className={styles.muted}>
        {t('transactions.identifierLabel')} <bdi>{identifier}</bdi>
      </p>
    </>
  );
}
