import { Link } from 'react-router';
import type { Transaction } from '../../../common/api/transactions';
import { formatRib } from '../../../common/banking/rib';
import { useTranslation, type TranslationKey } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { tIsolated } from '../../ui/bidi';
import form from '../../ui/Form.module.css';
import { useWithLang } from '../../ui/with-lang';
import styles from './Delivery.module.css';
import cards from './Transactions.module.css';
import { formatCalendarDay } from './payout-format';
import { PayoutSteps, type PayoutStepState } from './PayoutSteps';

/** The bank's reason codes a sender reads in their language; any other code reads as a refusal of the bank. */
const returnReasons = ['AC01', 'AC04', 'AC06', 'AM05', 'BE01'] as const;

export function returnReasonKey(code: string): TranslationKey {
  return (returnReasons as readonly string[]).includes(code)
    ? (`payouts.returnReasons.${code}` as TranslationKey)
    : 'payouts.returnReasons.other';
}

type Step = 'processing' | 'submitted' | 'completed' | 'refunded';

/**
 * Where a deposit is: waiting for its payment file, sent to the bank, then credited or returned. The statuses
 * are the server's; a returned deposit's last step is the return, with the bank's reason.
 */
export function depositSteps(status: Transaction['status']): { step: Step; state: PayoutStepState }[] {
  const last: Step = status === 'refunded' ? 'refunded' : 'completed';
  const reached = status === 'processing' ? 0 : status === 'submitted' ? 1 : status === 'completed' || status === 'refunded' ? 2 : 0;
  return (['processing', 'submitted', last] as const).map((step, i) => ({
    step,
    state:
      i < reached
        ? 'done'
        : i === reached
          ? step === 'refunded'
            ? 'returned'
            : step === 'completed'
              ? 'done'
              : 'current'
          : 'todo',
  }));
}

/** A bank deposit's detail for its sender: to whom, to which account, and where the money is. */
export function BankDepositBlock({ tx }: { tx: Transaction }) {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const locale = intlLocale(i18n.language);
  const payout = tx.payout;
  if (!payout) return null;
  const name = `${tx.recipient_first_name ?? ''} ${tx.recipient_last_name ?? ''}`.trim();
  const waiting = tx.status === 'processing' || tx.status === 'submitted';
  return (
    <section className={cards.card} data-testid="payout-block" aria-labelledby="payout-heading">
      <h2 className={cards.heading} id="payout-heading">
        {t('payouts.detail.title')}
      </h2>
      {tx.contact !== null ? (
        <Link className={`${form.tapLink} ${cards.startLink}`} to={withLang(`/contacts/${tx.contact}`)}>
          <bdi>{name}</bdi>
        </Link>
      ) : (
        <bdi>{name}</bdi>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>{t('payouts.check.rib')}</dt>
          <dd className={styles.ltr} dir="ltr" data-testid="payout-rib">
            {formatRib(payout.rib)}
          </dd>
        </div>
        {payout.bank !== null ? (
          <div>
            <dt>{t('payouts.check.bank')}</dt>
            <dd data-testid="payout-bank">
              <bdi>{payout.bank}</bdi>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('payouts.check.holder')}</dt>
          <dd className={styles.ltr} dir="ltr" data-testid="payout-holder">
            {payout.holder_name}
          </dd>
        </div>
      </dl>
      <PayoutSteps
        steps={depositSteps(tx.status)}
        label={(step) => t(`payouts.detail.steps.${step}`)}
        testId="payout-steps"
      />
      {tx.status === 'on_hold' ? (
        <p className={cards.muted} data-testid="under-review">
          {t('transactions.underReviewExplain')}
        </p>
      ) : waiting && payout.expected_arrival !== null ? (
        <p className={cards.muted} data-testid="payout-arrival">
          {tIsolated(t, 'payouts.detail.arrival', { date: formatCalendarDay(payout.expected_arrival, locale) })}
        </p>
      ) : null}
      {tx.status === 'refunded' && payout.return_reason !== null ? (
        <p data-testid="payout-return-reason">
          {t('payouts.detail.returnedReason', { reason: t(returnReasonKey(payout.return_reason)) })}
        </p>
      ) : null}
    </section>
  );
}
