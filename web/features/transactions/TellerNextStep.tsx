import { Link } from 'react-router';
import type { Transaction } from '../../../common/api/transactions';
import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';
import { useWithLang } from '../../ui/with-lang';
import styles from './Transactions.module.css';

/**
 * A teller who opens a withdrawal still waiting for its customer learns what to do: it is paid at the counter
 * from the customer's QR code or reference, not from this list (a teller must not pay out a withdrawal nobody
 * came for), so the screen says so and leads to the counter.
 */
export function TellerNextStep({ tx }: { tx: Transaction }) {
  const { t } = useTranslation();
  const withLang = useWithLang();
  if (tx.category !== 'withdrawal' || tx.status !== 'pending' || tx.delivery === 'cash_pickup') return null;
  return (
    <section className={styles.card} data-testid="teller-next-step">
      <p>{t('transactions.tellerPending')}</p>
      <Link className={form.primary} to={withLang('/withdraw')} data-testid="teller-next-step-link">
        {t('home.acceptWithdrawal')}
      </Link>
    </section>
  );
}
