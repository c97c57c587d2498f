import { Link } from 'react-router';
import type { WalletFailureReason, WalletPayoutDetails } from '../../../common/api/payouts';
import type { Transaction } from '../../../common/api/transactions';
import { formatPhone } from '../../../common/identity/phone';
import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';
import { useWithLang } from '../../ui/with-lang';
import styles from './Delivery.module.css';
import cards from './Transactions.module.css';
import { PayoutSteps, type PayoutStepState } from './PayoutSteps';

type Stage = WalletPayoutDetails['stage'];
type Step = 'processing' | 'sent_to_wallet' | 'credited' | 'returned';

const order: Record<Stage, number> = { processing: 0, sent_to_wallet: 1, credited: 2, returned: 2 };

/**
 * Where a mobile wallet payout is, from the server's stage: processing, sent to the wallet, then credited or
 * returned to the sender's balance (the last step is the one that happened).
 */
export function walletSteps(stage: Stage): { step: Step; state: PayoutStepState }[] {
  const reached = order[stage];
  const last: Step = stage === 'returned' ? 'returned' : 'credited';
  return (['processing', 'sent_to_wallet', last] as const).map((step, i) => ({
    step,
    state: i < reached ? 'done' : i > reached ? 'todo' : step === 'returned' ? 'returned' : step === 'credited' ? 'done' : 'current',
  }));
}

/** The operator's reasons, each in the sender's words. */
export const walletReturnKeys = {
  wallet_not_found: 'payouts.walletReturnReasons.wallet_not_found',
  wallet_ceiling_exceeded: 'payouts.walletReturnReasons.wallet_ceiling_exceeded',
  partner_unavailable: 'payouts.walletReturnReasons.partner_unavailable',
} as const satisfies Record<WalletFailureReason, string>;

/** A mobile wallet payout's detail for its sender: to whom, to which number, and where the money is. */
export function MobileWalletBlock({ tx }: { tx: Transaction }) {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const payout = tx.wallet_payout;
  if (!payout) return null;
  const name = payout.recipient_name || `${tx.recipient_first_name ?? ''} ${tx.recipient_last_name ?? ''}`.trim();
  return (
    <section className={cards.card} data-testid="wallet-payout-block" aria-labelledby="wallet-payout-heading">
      <h2 className={cards.heading} id="wallet-payout-heading">
        {t('payouts.mobileWallet.title')}
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
          <dt>{t('payouts.mobileWallet.number')}</dt>
          <dd className={styles.ltr} dir="ltr" data-testid="wallet-payout-phone">
            {formatPhone(payout.phone)}
          </dd>
        </div>
        {payout.partner_reference !== null ? (
          <div>
            <dt>{t('payouts.mobileWallet.reference')}</dt>
            <dd className={styles.ltr} dir="ltr" data-testid="wallet-payout-reference">
              {payout.partner_reference}
            </dd>
          </div>
        ) : null}
      </dl>
      <PayoutSteps
        steps={walletSteps(payout.stage)}
        label={(step) => t(`payouts.mobileWallet.steps.${step}`)}
        testId="wallet-payout-steps"
      />
      {tx.status === 'on_hold' ? (
        <p className={cards.muted} data-testid="under-review">
          {t('transactions.underReviewExplain')}
        </p>
      ) : payout.stage === 'processing' || payout.stage === 'sent_to_wallet' ? (
        <p className={cards.muted} data-testid="wallet-payout-delay">
          {t('payouts.choice.mobileWalletMinutes')}
        </p>
      ) : null}
      {/* No reason without the operator's: a payout refused by a review says nothing of why (tipping-off). */}
      {payout.stage === 'returned' && payout.return_reason !== null ? (
        <p data-testid="wallet-payout-return-reason">
          {t('payouts.mobileWallet.returned', { reason: t(walletReturnKeys[payout.return_reason]) })}
        </p>
      ) : null}
    </section>
  );
}
