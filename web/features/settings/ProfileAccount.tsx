import { useTranslation } from '../../i18n/i18n';
import { Link } from 'react-router';
import type { User } from '../../../common/api/users';
import form from '../../ui/Form.module.css';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { WalletAddress } from '../../ui/WalletAddress';
import { useWithLang } from '../../ui/with-lang';
import { useLogout } from '../../shared/session/use-logout';
import styles from './ProfileAccount.module.css';
import { useChainInfo } from '../../shared/chain/use-chain-info';

/** The read-only part of the profile: wallet, security code, language and logout. */
export function ProfileAccount({ user, onboarding }: { user: User; onboarding: boolean }) {
  const { t } = useTranslation();
  const chain = useChainInfo().data;
  const withLang = useWithLang();
  const logout = useLogout();
  const securityCodeLink = `/settings/security-code${onboarding ? '?onboarding=true' : ''}`;

  return (
    <section className={styles.account} aria-labelledby="profile-account-title">
      <h2 id="profile-account-title" className={styles.heading}>
        {t('profile.account')}
      </h2>
      <dl className={styles.list}>
        <div className={styles.row}>
          <dt className={form.label}>{t('profile.wallet')}</dt>
          <dd className={styles.value}>
            {/* What the address is for in words; the 0x… itself (to compare or copy) behind 'details'. */}
            <span>{t('profile.walletExplain')}</span>
            <details className={styles.walletDetails} data-testid="wallet-details">
              <summary>{t('transactions.ledgerDetails')}</summary>
              <WalletAddress
                address={user.account_id}
                chain={chain}
                linkText={t('profile.viewWallet')}
                linkLabel={t('profile.viewWalletLabel')}
                addressTestId="wallet-address"
                addressClassName={styles.address}
                linkClassName={form.link}
              />
            </details>
          </dd>
        </div>
        <div className={styles.row}>
          <dt className={form.label}>{t('profile.securityCode')}</dt>
          <dd className={styles.value}>
            <span data-testid="security-code-status">
              {user.has_security_code ? t('profile.securityCodeSet') : t('profile.securityCodeNotSet')}
            </span>
            <Link className={form.link} to={withLang(securityCodeLink)} data-testid="change-security-code">
              {user.has_security_code ? t('profile.changeSecurityCode') : t('profile.setSecurityCode')}
            </Link>
          </dd>
        </div>
        {user.role === 'customer' ? (
          // The identity page was reachable only from the limits on home, and not at all once documents were sent.
          <div className={styles.row}>
            <dt className={form.label}>{t('profile.identityTitle')}</dt>
            <dd className={styles.value}>
              <span data-testid="identity-status">
                {user.level === 2
                  ? t('profile.identityVerified')
                  : user.identity_under_review
                    ? t('profile.identityUnderReview')
                    : t('profile.identityNotVerified')}
              </span>
              <Link className={form.link} to={withLang('/settings/identity')} data-testid="identity-link">
                {t('profile.identityOpen')}
              </Link>
            </dd>
          </div>
        ) : null}
        {user.role === 'customer' ? (
          <div className={styles.row}>
            <dd className={styles.value}>
              <Link className={form.link} to={withLang('/settings/money-safe')} data-testid="money-safe-link">
                {t('profile.moneySafe')}
              </Link>
              <Link className={form.link} to={withLang('/schedules')} data-testid="schedules-link">
                {t('schedules.title')}
              </Link>
            </dd>
          </div>
        ) : null}
        <div className={styles.row}>
          <dt className={form.label}>{t('profile.language')}</dt>
          <dd className={styles.value}>
            <LanguageSwitcher />
          </dd>
        </div>
      </dl>
      <button
        className={form.secondary}
        type="button"
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
        data-testid="logout"
      >
        {logout.isPending ? t('profile.loggingOut') : t('profile.logout')}
      </button>
    </section>
  );
}
