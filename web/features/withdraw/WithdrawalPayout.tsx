import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { useNavigate } from 'react-router';
import { ApiError } from '../../app/api-error';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { PinInput } from '../../ui/PinInput';
import { commonErrorText, translateServerMessage } from '../../ui/server-messages';
import { useWithLang } from '../../ui/with-lang';
import { CopyButton } from '../../ui/CopyButton';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import styles from './Teller.module.css';
import { formatLongDate, identifierForTeller } from '../../shared/transactions/transaction-rules';
import { useValidateWithdrawal, useWithdrawalLookup, useWithdrawalReservation } from './use-withdrawals';
import { initialTellerState, pressValidate, submissionFailed, type TellerState } from './teller-steps';
import { transactionAddress } from '../../ui/address';

type T = ReturnType<typeof useTranslation>['t'];

function lookupErrorText(error: unknown, t: T): string {
  // SPEC.md section 8: a 404 at lookup reads as the wrong-agency message (an unknown token looks the same).
  if (error instanceof ApiError && error.status === 404) return t('withdraw.otherAgency');
  return t('errors.unknown');
}

/** Why the withdrawal could not be held: cancelled, expired, paid, held by another counter (server wording). */
function reserveErrorText(error: unknown, t: T, language: string): string {
  const common = commonErrorText(error, t, language);
  if (common !== undefined) return common;
  if (error instanceof ApiError && error.detail !== undefined) return translateServerMessage(error.detail, t);
  return t('errors.unknown');
}

/**
 * SPEC.md section 4's teller steps for one scanned withdrawal. Ticking the handover box first reserves the
 * withdrawal for this teller (issue 22 item 1), so the customer cannot cancel it nor another counter pay it while
 * the cash is counted; the box stays unticked if that fails. Unticking gives the reservation back.
 */
export function WithdrawalPayout({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const withLang = useWithLang();
  const navigate = useNavigate();
  const lookup = useWithdrawalLookup(token);
  const validate = useValidateWithdrawal();
  const reservation = useWithdrawalReservation(token);
  const [state, setState] = useState<TellerState>(initialTellerState);
  const [reserveError, setReserveError] = useState<string | null>(null);
  const errorId = useId();
  // One key per withdrawal: this component is keyed by the token, so the next scan gets a new one.
  const [key] = useState(() => crypto.randomUUID());
  const tx = lookup.data;

  function onTick(checked: boolean) {
    if (!tx) return;
    setReserveError(null);
    if (!checked) {
      setState({ ...state, confirmed: false, message: null });
      reservation.mutate({ id: tx.id, action: 'release' });
      return;
    }
    reservation.mutate(
      { id: tx.id, action: 'reserve' },
      {
        onSuccess: () => setState((s) => ({ ...s, confirmed: true, message: null })),
        onError: (error) => setReserveError(reserveErrorText(error, t, i18n.language)),
      },
    );
  }

  function onValidate() {
    const { state: next, submit } = pressValidate(state, tx !== undefined && !tx.validated && tx.status === 'pending');
    setState(next);
    if (!submit || !tx) return;
    validate.mutate(
      { token, body: { id: tx.id, security_code: next.code }, key },
      {
        onSuccess: () => void navigate(withLang('/')),
        onError: () => setState((s) => submissionFailed(s)),
      },
    );
  }

  const amount = tx ? moneyFromApi(tx.amount, 'MAD') : undefined;
  const address = tx ? transactionAddress(tx) : '';
  const statusText =
    tx?.status === 'validated' ? t('withdraw.done') : tx?.status === 'expired' ? t('withdraw.expired') : tx?.status === 'cancelled' ? t('withdraw.cancelled') : null;
  const reserving = reservation.isPending && reservation.variables.action === 'reserve';

  return (
    <>
      {validate.isPending ? <div className={styles.busy} role="progressbar" aria-label={t('withdraw.busy')} data-testid="busy-bar" /> : null}
      {lookup.isPending ? <p className={styles.muted}>{t('withdraw.loading')}</p> : null}
      {lookup.isError ? (
        <p className={form.error} role="alert" data-testid="withdraw-lookup-error">
          {lookupErrorText(lookup.error, t)}
        </p>
      ) : null}
      {tx ? (
        <section className={styles.card} data-testid="withdraw-transaction">
          <p className={styles.amount}>
            <bdi>-{amount ? formatMoney(amount, locale) : tx.amount}</bdi>
          </p>
          <p className={styles.muted}>{formatLongDate(tx.date, locale, t('transactions.at'))}</p>
          <p>
            {t('withdraw.identifier')} : <bdi data-testid="withdraw-identifier">{identifierForTeller(tx.identifier)}</bdi>
          </p>
          <div className={styles.inline}>
            <span>{address}</span>
            <CopyButton text={address} label={t('transactions.copyAddress')} testId="copy-address" />
          </div>
          <p data-testid="withdraw-sender">
            {t('withdraw.sender')} : {tx.sender} — <bdi>{`${tx.sender_first_name ?? ''} ${tx.sender_last_name ?? ''}`.trim()}</bdi>
          </p>
          {statusText ? <p className={styles.done}>{statusText}</p> : <h2 className={styles.heading}>{t('withdraw.confirmHeading')}</h2>}
        </section>
      ) : null}
      {tx && !statusText ? (
        <div className={form.form}>
          <label className={styles.inline}>
            <input
              type="checkbox"
              checked={state.confirmed || reserving}
              disabled={state.step === 'code' || reserving}
              onChange={(e) => onTick(e.target.checked)}
              data-testid="confirm-amount"
              style={{ inlineSize: 24, blockSize: 24 }}
            />
            {t('withdraw.confirmAmount')}
          </label>
          {reserveError !== null ? (
            <p className={form.error} role="alert" data-testid="withdraw-reserve-error">
              {reserveError}
            </p>
          ) : null}
          {state.step === 'code' ? (
            <PinInput
              label={t('withdraw.code')}
              value={state.code}
              onChange={(code) => setState({ ...state, code })}
              disabled={validate.isPending}
              errorId={errorId}
            />
          ) : null}
          {state.message ? (
            <p id={errorId} className={form.error} role="alert" data-testid="withdraw-message">
              {state.message === 'confirmAmount' ? t('withdraw.pleaseConfirm') : t('withdraw.invalidCode')}
            </p>
          ) : null}
        </div>
      ) : null}
      {lookup.isFetched && tx?.id !== undefined && !lookup.isError ? (
        <button
          type="button"
          className={form.primary}
          onClick={onValidate}
          disabled={validate.isPending || reserving}
          data-testid="withdraw-validate"
        >
          {t('withdraw.validate')}
        </button>
      ) : null}
    </>
  );
}
