import { useTranslation } from '../../i18n/i18n';
import { tIsolated } from '../../ui/bidi';
import type { User } from '../../../common/api/users';
import { intlLocale } from '../../i18n/intl-locale';
import { formatMoney } from '../../ui/money-format';
import { balanceView } from './balance';
import styles from './HomePage.module.css';

/** The balance card: the user's of now, or the one this phone kept, with no network. */
export function Balance({ user, eur = true }: { user: Pick<User, 'balance' | 'rate'>; eur?: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const balance = balanceView(user.balance, user.rate);
  return (
    <section className={styles.balance} aria-labelledby="home-balance">
      <h2 id="home-balance" className={styles.balanceLabel}>
        {t('home.balance')}
      </h2>
      <p className={styles.mad} data-testid="balance-mad">
        <bdi>{balance ? formatMoney(balance.mad, locale) : '—'}</bdi>
      </p>
      {eur && balance?.eur ? (
        <p className={styles.eur} data-testid="balance-eur">
          {/* Not what was paid: the MAD balance at today's official rate. */}
          {tIsolated(t, 'home.balanceEur', { amount: formatMoney(balance.eur, locale) })}
        </p>
      ) : null}
    </section>
  );
}
