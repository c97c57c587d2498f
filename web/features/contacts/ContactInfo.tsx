import { useTranslation } from '../../i18n/i18n';
import { cityIn } from '../../../common/i18n/city-names';
import type { Contact } from '../../../common/api/contacts';
import { formatRib } from '../../../common/banking/rib';
import { formatPhone } from '../../../common/identity/phone';
import { WalletAddress } from '../../ui/WalletAddress';
import styles from './ContactDetailPage.module.css';
import { CopyButton } from '../../ui/CopyButton';
import { useChainInfo } from '../../shared/chain/use-chain-info';
import { formatAddress } from '../../ui/address';

/** Phone as a call link, e-mail, copy buttons, the agency address, and the wallet with its explorer link. */
export function ContactInfo({ contact }: { contact: Contact }) {
  const { t, i18n } = useTranslation();
  const chain = useChainInfo().data;
  const address = formatAddress(contact.address, contact.zip_code, contact.city && cityIn(i18n.language, contact.city));
  return (
    <section className={styles.card} aria-labelledby="contact-info">
      <h2 id="contact-info" className={styles.sectionTitle}>
        {t('contacts.detail.info')}
      </h2>
      <dl className={styles.info}>
        {contact.public && address ? (
          <div className={styles.item}>
            <dt>{t('contacts.detail.address')}</dt>
            <dd dir="auto" data-testid="contact-address">
              {address}
            </dd>
          </div>
        ) : null}
        {contact.phone_number ? (
          <div className={styles.item}>
            <dt>{t('contacts.detail.phone')}</dt>
            <dd className={styles.value}>
              <a
                href={`tel:${contact.phone_number}`}
                dir="ltr"
                aria-label={t('contacts.detail.call', { phone: formatPhone(contact.phone_number) })}
                data-testid="contact-phone"
              >
                {formatPhone(contact.phone_number)}
              </a>
              <CopyButton text={contact.phone_number} label={t('contacts.detail.copyPhone')} testId="copy-phone" />
            </dd>
          </div>
        ) : null}
        {contact.email ? (
          <div className={styles.item}>
            <dt>{t('contacts.detail.email')}</dt>
            <dd className={styles.value}>
              <span dir="ltr" className={styles.breakable} data-testid="contact-email">
                {contact.email}
              </span>
              <CopyButton text={contact.email} label={t('contacts.detail.copyEmail')} testId="copy-email" />
            </dd>
          </div>
        ) : null}
        {contact.rib ? (
          <div className={styles.item}>
            <dt>{t('contacts.detail.rib')}</dt>
            <dd className={styles.value}>
              <span>
                {/* Its own left-to-right run, so the digit groups keep their order in Arabic text. */}
                <bdi dir="ltr" className={styles.breakable} data-testid="contact-rib">
                  {formatRib(contact.rib)}
                </bdi>
                {contact.rib_bank ? (
                  <span className={styles.muted} data-testid="contact-rib-bank">
                    {' '}
                    <bdi>{contact.rib_bank}</bdi>
                  </span>
                ) : null}
              </span>
              <CopyButton text={contact.rib} label={t('contacts.detail.copyRib')} testId="copy-rib" />
            </dd>
          </div>
        ) : null}
        {contact.rib && contact.rib_holder ? (
          <div className={styles.item}>
            <dt>{t('contacts.detail.ribHolder')}</dt>
            <dd>
              <bdi dir="ltr" data-testid="contact-rib-holder">
                {contact.rib_holder}
              </bdi>
            </dd>
          </div>
        ) : null}
        {contact.public ? null : (
          <div className={styles.item}>
            <dt>{t('contacts.detail.wallet')}</dt>
            {contact.account_id ? (
              <dd className={styles.value}>
                <WalletAddress
                  address={contact.account_id}
                  chain={chain}
                  linkText={t('contacts.detail.view')}
                  linkLabel={t('contacts.detail.viewWallet')}
                  addressTestId="contact-wallet"
                  addressClassName={styles.breakable}
                  linkClassName={styles.copy}
                />
              </dd>
            ) : (
              <dd className={styles.muted}>{t('contacts.detail.walletNone')}</dd>
            )}
          </div>
        )}
      </dl>
    </section>
  );
}
