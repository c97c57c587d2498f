import { useTranslation } from '../../i18n/i18n';
import { Link } from 'react-router';
import type { Transaction } from '../../../common/api/transactions';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { SuccessState } from '../../ui/SuccessState';
import { useWithLang } from '../../ui/with-lang';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { formatLongDate, scheduleFromPath } from '../../shared/transactions/transaction-rules';
import { WithdrawalQr } from './WithdrawalQr';
import { PickupReference } from '../../shared/pickups/PickupReference';
import type { ReactNode } from 'react';
import { tIsolated } from '../../ui/bidi';
import { formatCalendarDay } from './payout-format';

/**
 * After a send or a withdrawal: what happened, to whom, and the next step. A withdrawal shows
 * its QR code at once, since showing it at the agency is the next step.
 */
export function CreateSuccess({ tx, party }: { tx: Transaction; party: string }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const withLang = useWithLang();
  const amount = moneyFromApi(tx.amount, 'MAD');
  const shown = amount ? formatMoney(amount, locale) : tx.amount;
  const expires = tx.expires_at ? formatLongDate(tx.expires_at, locale, t('transactions.at')) : '';
  const withdrawal = tx.category === 'withdrawal';
  const pickup = tx.delivery === 'cash_pickup';
  // A bank deposit is on its way to the bank: it arrives by the date the server computed.
  const deposit = tx.delivery === 'bank_deposit';
  const arrival = tx.payout?.expected_arrival;
  // A mobile wallet payout is with the operator (or about to be): credited within minutes, or returned.
  const mobileWallet = tx.delivery === 'mobile_wallet';
  // Held for a compliance review: nothing was sent yet. A neutral pending state, not a success, and only
  // that it is being processed (tipping-off: never that it is reviewed).
  const held = tx.status === 'on_hold';
  const monthly = scheduleFromPath(tx, 'monthly');
  const title = held
    ? t('success.pending')
    : pickup
    ? t('pickups.success')
    : deposit
    ? t('payouts.success.title')
    : mobileWallet
    ? t('payouts.mobileWallet.successTitle')
    : withdrawal
    ? t('success.withdrawal')
    : tx.status === 'unclaimed'
      ? t('success.sentWaiting')
      : t('success.sent');
  const next: ReactNode = held
    ? t('success.pendingNext')
    : pickup
    ? t('pickups.successNext', { date: expires })
    : deposit
    ? arrival
      ? tIsolated(t, 'payouts.success.next', { date: formatCalendarDay(arrival, locale) })
      : t('success.pendingNext')
    : mobileWallet
    ? t('payouts.mobileWallet.successNext')
    : withdrawal
    ? t('success.withdrawalNext', { date: expires })
    : tx.status === 'unclaimed'
      ? t('success.sentWaitingNext', { date: expires })
      : t('success.sentNext');
  return (
    <SuccessState
      title={title}
      pending={held}
      actions={
        <>
          <Link className={form.primary} to={withLang('/')} data-testid="success-home">
            {t('success.home')}
          </Link>
          <Link
            className={form.secondary}
            to={withLang(`/transactions/${tx.id}?category=${tx.category}`)}
            data-testid="success-view"
          >
            {t('success.view')}
          </Link>
          {/* A send by any way can become a monthly one: the schedule form starts from this recipient, amount and
              way. */}
          {!withdrawal && monthly !== null ? (
            <Link className={form.secondary} to={withLang(monthly)} data-testid="success-make-monthly">
              {t('schedules.makeMonthly')}
            </Link>
          ) : null}
        </>
      }
    >
      <p data-testid="success-amount">
        <strong>
          <bdi>{shown}</bdi>
        </strong>
        {' · '}
        <bdi data-testid="success-party">{party}</bdi>
      </p>
      <p data-testid="success-next">{next}</p>
      {withdrawal && tx.token ? <WithdrawalQr token={tx.token} /> : null}
      {pickup && tx.pickup_reference ? <PickupReference tx={tx} /> : null}
    </SuccessState>
  );
}
