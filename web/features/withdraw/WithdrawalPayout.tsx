import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { withdrawalMessages } from '../../../common/api/messages';
import { ApiError } from '../../shared/api/api-error';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import card from '../../ui/Card.module.css';
import payout from '../../shared/payouts/PayoutAction.module.css';
import { PinInput } from '../../ui/PinInput';
import { commonErrorText, translateServerMessage } from '../../ui/server-messages';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { formatLongDate } from '../../shared/transactions/transaction-rules';
import {
  OtherAgencyNotice,
  otherAgencyOf,
  PaidText,
  PayoutSuccess,
  TellerNextActions,
} from '../../shared/payouts/TellerOutcome';
import { useValidateWithdrawal, useWithdrawalLookup, useWithdrawalReservation } from './use-withdrawals';
import { initialTellerState, pressValidate, submissionFailed, type TellerState } from './teller-steps';
import { tIsolated } from '../../ui/bidi';

type T = ReturnType<typeof useTranslation>['t'];

/** Why the withdrawal could not be held: cancelled, expired, paid, held by another counter (server wording). */
function reserveErrorText(error: unknown, t: T, language: string): string {
  const common = commonErrorText(error, t, language);
  if (common !== undefined) return common;
  if (error instanceof ApiError && error.detail !== undefined) return translateServerMessage(error.detail, t);
  return t('errors.unknown');
}

/**
 * Another agency's withdrawal reads 'Transaction intended for another agency.' (the server says so in its 404); a
 * token that names no withdrawal is 'not found'. A withdrawal whose customer is frozen is a 409 that says only that
 * it cannot be paid out (no reason, as for holds), in the server's wording translated.
 */
export function lookupErrorText(error: unknown, t: T, language: string): string {
  if (error instanceof ApiError && error.status === 404)
    return error.detail === withdrawalMessages.otherAgency ? t('withdraw.otherAgency') : t('withdraw.notFound');
  return reserveErrorText(error, t, language);
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/**
 * The teller's steps for one scanned withdrawal. Ticking the handover box first reserves the
 * withdrawal for this teller, so the customer cannot cancel it nor another counter pay it while
 * the cash is counted; the box stays unticked if that fails. Unticking gives the reservation back.
 *
 * The teller sees what they hand over and to whom, by name (never an internal id), and what to check before the
 * cash leaves the till. Only a pending withdrawal offers the steps and the validate button;
 * a paid, expired or cancelled one says so and offers the next scan. A payout ends on a success state.
 */
export function WithdrawalPayout({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const lookup = useWithdrawalLookup(token);
  const validate = useValidateWithdrawal();
  const reservation = useWithdrawalReservation(token);
  const [state, setState] = useState<TellerState>(initialTellerState);
  const [reserveError, setReserveError] = useState<string | null>(null);
  const [paid, setPaid] = useState(false);
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
        onSuccess: () => setPaid(true),
        onError: () => setState((s) => submissionFailed(s)),
      },
    );
  }

  const amount = tx ? moneyFromApi(tx.amount, 'MAD') : undefined;
  const amountText = tx ? (amount ? formatMoney(amount, locale) : tx.amount) : '';
  const customer = tx ? fullName(tx.sender_first_name, tx.sender_last_name) : '';

  if (paid && tx) return <PayoutSuccess title={t('withdraw.paidTitle')} amount={amountText} name={customer} />;

  const statusText =
    tx?.status === 'validated'
      ? t('withdraw.done')
      : tx?.status === 'expired'
        ? t('withdraw.expired')
        : tx?.status === 'cancelled'
          ? t('withdraw.cancelled')
          : tx?.status === 'refunded'
            ? t('withdraw.refunded')
            : null;
  const payable = tx !== undefined && statusText === null;
  const reserving = reservation.isPending && reservation.variables.action === 'reserve';
  const elsewhere = otherAgencyOf(lookup.error);

  return (
    <>
      {validate.isPending ? (
        <div className={card.busy} role="progressbar" aria-label={t('withdraw.busy')} data-testid="busy-bar" />
      ) : null}
      {lookup.isPending ? <p className={card.muted}>{t('withdraw.loading')}</p> : null}
      {elsewhere ? (
        <OtherAgencyNotice agency={elsewhere} />
      ) : lookup.isError ? (
        <>
          <p className={form.error} role="alert" data-testid="withdraw-lookup-error">
            {lookupErrorText(lookup.error, t, i18n.language)}
          </p>
          <TellerNextActions retry="withdrawal" />
        </>
      ) : null}
      {tx ? (
        <section className={card.card} data-testid="withdraw-transaction">
          <p className={card.muted}>{t('withdraw.toHandOver')}</p>
          <p className={card.amount} data-testid="withdraw-amount">
            <bdi>{amountText}</bdi>
          </p>
          <dl className={card.facts}>
            <dt>{t('withdraw.customer')}</dt>
            <dd data-testid="withdraw-sender">
              <bdi>{customer}</bdi>
            </dd>
            <dt>{t('withdraw.identifier')}</dt>
            <dd>
              <bdi dir="ltr" data-testid="withdraw-identifier">
                {tx.identifier}
              </bdi>
            </dd>
            <dt>{t('withdraw.requested')}</dt>
            <dd>{formatLongDate(tx.date, locale, t('transactions.at'))}</dd>
          </dl>
          {statusText ? (
            <p className={card.done} role="status" data-testid="withdraw-status">
              {tx.paid ? <PaidText paid={tx.paid} /> : statusText}
            </p>
          ) : (
            <>
              <h2 className={card.heading}>{t('withdraw.confirmHeading')}</h2>
              <ul className={card.checklist} data-testid="withdraw-checklist">
                <li>{tIsolated(t, 'withdraw.checkName', { name: customer })}</li>
                <li>{t('withdraw.checkCode')}</li>
                <li>{t('withdraw.checkAmount')}</li>
              </ul>
            </>
          )}
        </section>
      ) : null}
      {tx && !payable ? <TellerNextActions /> : null}
      {payable ? (
        <div className={form.form}>
          <label className={form.check}>
            <input
              type="checkbox"
              checked={state.confirmed || reserving}
              disabled={state.step === 'code' || reserving}
              onChange={(e) => onTick(e.target.checked)}
              data-testid="confirm-amount"
            />
            <span>{t('withdraw.confirmAmount')}</span>
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
          <div className={payout.action}>
            <button
              type="button"
              className={form.primary}
              onClick={onValidate}
              disabled={validate.isPending || reserving}
              data-testid="withdraw-validate"
            >
              {t('withdraw.validate')}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
