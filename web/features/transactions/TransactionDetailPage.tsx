import { useTranslation } from '../../i18n/i18n';
import { Link, useLocation, useParams } from 'react-router';
import type { Transaction } from '../../../common/api/transactions';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { useCurrentUser } from '../../shared/users/use-current-user';
import styles from './Transactions.module.css';
import { detailSign, formatLongDate } from '../../shared/transactions/transaction-rules';
import { LedgerLine } from './LedgerLine';
import { useTransaction } from './use-transactions';
import { WithdrawalFrame, WithdrawalPass } from './WithdrawalParts';
import { Timeline } from './Timeline';
import { DetailActions } from './DetailActions';
import { transactionAddress } from '../../ui/address';
import { PickupSenderBlock } from '../../shared/pickups/PickupSenderBlock';
import { useEffect } from 'react';
import { currentSessionUserId, offlineCode, rememberTransaction } from '../../shared/offline/offline-store';
import { unreachable } from '../../shared/offline/use-offline';
import { OfflineTransaction } from './OfflineTransaction';
import { TellerNextStep } from './TellerNextStep';
import { BankDepositBlock } from './BankDepositBlock';
import { MobileWalletBlock } from './MobileWalletBlock';
import { TopUpBlock } from './TopUpBlock';

/**
 * Where the back arrow leads: the screen the detail was opened from (the history with its filters and page, a
 * contact's list, home), given by its link; home when opened directly (a shared link, a notification, a reload
 * in a new tab). Only a path of this app, never another site.
 */
export function backFrom(state: unknown): string | undefined {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') ? from : undefined;
}

function agencyAddress(tx: Transaction): string {
  return transactionAddress(tx);
}

function WithdrawalBlock({ tx }: { tx: Transaction }) {
  const { t } = useTranslation();
  return (
    <WithdrawalFrame agency={tx.recipient_first_name} address={agencyAddress(tx)}>
      {tx.validated ? (
        <p className={styles.done} data-testid="withdrawal-done">
          {t('transactions.withdrawalDone')}
        </p>
      ) : tx.token ? (
        <WithdrawalPass token={tx.token} identifier={tx.identifier} expiresAt={tx.expires_at} />
      ) : (
        <p className={styles.muted}>
          {t(
            tx.status === 'cancelled'
              ? 'transactions.cancelled'
              : tx.status === 'refunded'
                ? 'transactions.refunded'
                : 'transactions.expired',
          )}
        </p>
      )}
    </WithdrawalFrame>
  );
}

function PartyBlock({ tx, banker }: { tx: Transaction; banker: boolean }) {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const showSender = tx.category === 'reception' || (banker && tx.category !== 'exchange');
  if (tx.category === 'exchange' && !banker) return null;
  const name = showSender
    ? `${tx.sender_first_name ?? ''} ${tx.sender_last_name ?? ''}`
    : `${tx.recipient_first_name ?? ''} ${tx.recipient_last_name ?? ''}`;
  return (
    <section className={styles.card} data-testid={showSender ? 'sender-block' : 'recipient-block'}>
      <h2 className={styles.heading}>
        {t(banker && tx.category === 'withdrawal' ? 'transactions.customer' : showSender ? 'transactions.sender' : 'transactions.recipient')}
      </h2>
      {!showSender && tx.contact !== null ? (
        <Link className={`${form.tapLink} ${styles.startLink}`} to={withLang(`/contacts/${tx.contact}`)}>
          <bdi>{name.trim()}</bdi>
        </Link>
      ) : (
        <bdi>{name.trim()}</bdi>
      )}
      {tx.status === 'unclaimed' ? <p className={styles.muted}>{t('transactions.unclaimed')}</p> : null}
      {tx.status === 'on_hold' ? (
        <p className={styles.muted} data-testid="under-review">
          {t('transactions.underReviewExplain')}
        </p>
      ) : null}
    </section>
  );
}

/** A transaction's detail. */
export function Component() {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const backTo = backFrom(useLocation().state);
  const { id = '' } = useParams();
  const me = useCurrentUser();
  const query = useTransaction(id);
  const banker = me.data?.role === 'BANKER';
  const tx = query.data;
  // A pending withdrawal or pickup seen here is kept for the agency with no network; once no longer
  // payable, its kept copy goes.
  useEffect(() => {
    if (tx && !banker && me.data) rememberTransaction(currentSessionUserId(), tx);
  }, [tx, banker, me.data]);
  const offline = unreachable(query);
  const kept = offline ? offlineCode(currentSessionUserId(), id) : null;
  // A teller's withdrawal is a customer's, paid at their counter: not 'my withdrawal'.
  const title =
    (tx?.category ?? (kept?.kind === 'withdrawal' ? 'withdrawal' : undefined)) === 'withdrawal'
      ? t(banker ? 'transactions.tellerWithdrawal' : 'transactions.myWithdrawal')
      : t('transactions.myTransaction');
  const locale = intlLocale(i18n.language);
  const amount = tx ? moneyFromApi(tx.amount, 'MAD') : undefined;
  return (
    <main className={form.page}>
      <ScreenHeader title={title} backTo={backTo ?? withLang('/')} />
      {kept ? <OfflineTransaction code={kept} /> : null}
      {offline && !kept ? (
        <p className={styles.muted} role="status" data-testid="offline-not-saved">
          {t('offline.notSaved')}
        </p>
      ) : null}
      {query.isPending && !offline ? <p className={styles.muted}>{t('transactions.loading')}</p> : null}
      {query.isError && !offline ? <p className={styles.muted}>{t('errors.unknown')}</p> : null}
      {tx ? (
        <>
          <section className={styles.card}>
            <p className={styles.amount} data-testid="detail-amount">
              <bdi>{amount ? formatMoney(amount, locale, detailSign(tx.category)) : tx.amount}</bdi>
            </p>
            <p className={styles.muted}>{formatLongDate(tx.date, locale, t('transactions.at'))}</p>
            <LedgerLine tx={tx} />
          </section>
          {tx.delivery === 'cash_pickup' && tx.category === 'sending' ? (
            <PickupSenderBlock tx={tx} />
          ) : tx.delivery === 'bank_deposit' && tx.payout && !banker ? (
            <BankDepositBlock tx={tx} />
          ) : tx.delivery === 'mobile_wallet' && tx.wallet_payout && !banker ? (
            <MobileWalletBlock tx={tx} />
          ) : tx.category === 'withdrawal' && !banker ? (
            <WithdrawalBlock tx={tx} />
          ) : tx.category === 'exchange' && tx.top_up && !banker ? (
            <TopUpBlock topUp={tx.top_up} credited={tx.amount} />
          ) : (
            <PartyBlock tx={tx} banker={banker} />
          )}
          {banker ? <TellerNextStep tx={tx} /> : null}
          <Timeline tx={tx} />
          {banker ? null : <DetailActions tx={tx} />}
          {banker ? null : (
            <Link className={form.link} to={withLang(`/help/new?transaction=${tx.id}`)} data-testid="get-help">
              {t('help.getHelpTransfer')}
            </Link>
          )}
        </>
      ) : null}
    </main>
  );
}
