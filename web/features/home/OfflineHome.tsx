import { Link } from 'react-router';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { tIsolated } from '../../ui/bidi';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { useWithLang } from '../../ui/with-lang';
import { codeExpired, offlineBalance, offlineCodes, type OfflineCode } from '../../shared/offline/offline-store';
import { OfflineMark } from '../../shared/offline/OfflineMark';
import offline from '../../shared/offline/Offline.module.css';
import { Balance } from './BalanceCard';
import styles from './HomePage.module.css';

export const hasOfflineHome = (userId: string | null) => offlineBalance(userId) !== null || offlineCodes(userId).length > 0;

function CodeRow({ code }: { code: OfflineCode }) {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const amount = moneyFromApi(code.amount, 'MAD');
  const detail =
    code.kind === 'withdrawal' ? (
      <bdi>{code.agency_name}</bdi>
    ) : (
      tIsolated(t, 'offline.toName', { name: code.recipient_name })
    );
  return (
    <li>
      <Link className={offline.code} to={withLang(`/transactions/${code.id}`)} data-testid="offline-code">
        <span className={offline.codeText}>
          <strong>{t(code.kind === 'withdrawal' ? 'transactions.myWithdrawal' : 'pickups.title')}</strong>
          <small>{detail}</small>
          {codeExpired(code) ? <small className={offline.codeExpired}>{t('pickups.status.expired')}</small> : null}
        </span>
        <bdi>{amount ? formatMoney(amount, intlLocale(i18n.language)) : code.amount}</bdi>
      </Link>
    </li>
  );
}

/**
 * The home with no network: the last balance this phone saw and the withdrawal and pickup codes it
 * kept, each opening its detail, all under the 'offline' mark. Nothing here asks the server.
 */
export function OfflineHome({ userId }: { userId: string | null }) {
  const { t } = useTranslation();
  const balance = offlineBalance(userId);
  const codes = offlineCodes(userId);
  return (
    <main className={styles.page} data-testid="offline-home">
      <h1 className={styles.hello}>
        {balance?.first_name ? tIsolated(t, 'home.hello', { name: balance.first_name }) : t('home.helloNoName')}
      </h1>
      <OfflineMark savedAt={balance?.saved_at ?? codes[0]?.saved_at ?? ''} />
      {/* The EUR line reads 'at today's official rate': not said of a rate kept from another day. */}
      {balance ? <Balance user={balance} eur={false} /> : null}
      {codes.length > 0 ? (
        <section>
          <h2 className={styles.heading}>{t('offline.savedCodes')}</h2>
          <ul className={offline.codes}>
            {codes.map((code) => (
              <CodeRow key={code.id} code={code} />
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
