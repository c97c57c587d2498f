import { useId, useState } from 'react';
import { idDocumentTypes, type IdDocumentType } from '../../../common/api/pickups';
import { ApiError } from '../api/api-error';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { PinInput } from '../../ui/PinInput';
import { commonErrorText, fieldErrorText, translateServerMessage } from '../../ui/server-messages';
import { tIsolated } from '../../ui/bidi';
import { formatPhone } from '../../../common/identity/phone';
import { OtherAgencyNotice, otherAgencyOf, PaidText, PayoutSuccess, TellerNextActions } from '../payouts/TellerOutcome';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { formatLongDate } from '../transactions/transaction-rules';
import styles from './Pickups.module.css';
import payout from '../payouts/PayoutAction.module.css';
import { usePayPickup, usePickupLookup, usePickupReservation } from './use-pickups';

type T = ReturnType<typeof useTranslation>['t'];

function errorText(error: unknown, t: T, language: string): string {
  if (error instanceof ApiError && error.status === 404) return t('pickups.notFound');
  const common = commonErrorText(error, t, language);
  if (common !== undefined) return common;
  for (const field of [
    'reference',
    'id_document_type',
    'id_document_number',
    'recipient_name_matches',
    'security_code',
  ]) {
    const text = fieldErrorText(error, field, t);
    if (text !== undefined) return text;
  }
  if (error instanceof ApiError && error.detail !== undefined) return translateServerMessage(error.detail, t);
  return t('errors.unknown');
}

/**
 * The teller pays a cash pickup out: the recipient's name large, the amount, the ID checked (type,
 * number), 'the name on the ID matches' (ticking it reserves the pickup for this counter), then the
 * teller's security code. Keyed by the reference by its parent, so the next one starts afresh.
 */
export function PickupPayout({ reference }: { reference: string }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const lookup = usePickupLookup(reference);
  const reservation = usePickupReservation(reference);
  const pay = usePayPickup(reference);
  const [docType, setDocType] = useState<IdDocumentType | ''>('');
  const [docNumber, setDocNumber] = useState('');
  const [matches, setMatches] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(() => crypto.randomUUID());
  const [paid, setPaid] = useState(false);
  const errorId = useId();
  const p = lookup.data;

  if (lookup.isPending) return <p className={styles.muted}>{t('transactions.loading')}</p>;
  const elsewhere = otherAgencyOf(lookup.error);
  if (elsewhere) return <OtherAgencyNotice agency={elsewhere} />;
  if (lookup.isError || !p)
    return (
      <>
        <p className={form.error} role="alert" data-testid="pickup-lookup-error">
          {errorText(lookup.error, t, i18n.language)}
        </p>
        <TellerNextActions retry="pickup" />
      </>
    );
  const amount = moneyFromApi(p.amount, 'MAD');
  const amountText = amount ? formatMoney(amount, locale) : p.amount;
  const recipient = `${p.recipient_first_name} ${p.recipient_last_name}`;
  const payable = p.status === 'available';
  if (paid) return <PayoutSuccess title={t('pickups.paidTitle')} amount={amountText} name={recipient} />;

  function onTick(checked: boolean) {
    setError(null);
    setMatches(checked);
    if (!checked) return reservation.mutate('release');
    reservation.mutate('reserve', {
      onError: (err) => {
        setMatches(false);
        setError(errorText(err, t, i18n.language));
      },
    });
  }

  function submit() {
    if (docType === '') return setError(t('pickups.chooseIdType'));
    if (docNumber.trim() === '') return setError(t('pickups.enterIdNumber'));
    if (!matches) return setError(t('pickups.confirmName'));
    if (code.length !== 6) return setError(t('withdraw.invalidCode'));
    pay.mutate(
      {
        body: {
          security_code: code,
          id_document_type: docType,
          id_document_number: docNumber,
          recipient_name_matches: true,
        },
        key,
      },
      {
        onSuccess: () => setPaid(true),
        onError: (err) => {
          setCode('');
          setError(errorText(err, t, i18n.language));
        },
      },
    );
  }

  return (
    <div className={form.form} data-testid="pickup-payout">
      <section className={styles.card}>
        <p className={form.label}>{t('pickups.recipient')}</p>
        <p className={styles.name} data-testid="pickup-recipient">
          <bdi>{recipient}</bdi>
        </p>
        <p className={styles.amount} data-testid="pickup-amount">
          <bdi>{amountText}</bdi>
        </p>
        <p className={styles.muted}>
          {tIsolated(t, 'pickups.from', { name: `${p.sender_first_name ?? ''} ${p.sender_last_name ?? ''}`.trim() })} ·{' '}
          <bdi dir="ltr">{formatPhone(p.recipient_phone_number)}</bdi>
        </p>
        {p.expires_at ? (
          <p className={styles.muted}>
            {t('pickups.expires', { date: formatLongDate(p.expires_at, locale, t('transactions.at')) })}
          </p>
        ) : null}
        {p.agency ? <p className={styles.muted}>{tIsolated(t, 'pickups.onlyAt', { agency: p.agency.name })}</p> : null}
        {!payable ? (
          <p className={form.error} role="alert" data-testid="pickup-not-payable">
            {/* Refunded by an operator: the teller reads where the money went, not the sender's status. */}
            {p.status === 'refunded' ? (
              t('pickups.errors.refundedToSender')
            ) : p.paid ? (
              <PaidText paid={p.paid} />
            ) : (
              t(`pickups.status.${p.status}`)
            )}
          </p>
        ) : null}
      </section>
      {!payable ? <TellerNextActions /> : null}
      {payable ? (
        <>
          <h2 className={styles.heading}>{t('pickups.checkId')}</h2>
          <label className={form.field}>
            <span className={form.label}>{t('pickups.idType')}</span>
            <select
              className={form.select}
              value={docType}
              onChange={(e) => setDocType(e.target.value as IdDocumentType | '')}
              data-testid="pickup-id-type"
            >
              <option value="">{t('pickups.chooseIdType')}</option>
              {idDocumentTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`pickups.idTypes.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={form.field}>
            <span className={form.label}>{t('pickups.idNumber')}</span>
            <input
              className={form.select}
              value={docNumber}
              onChange={(e) => setDocNumber(e.target.value)}
              autoComplete="off"
              dir="ltr"
              data-testid="pickup-id-number"
            />
          </label>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={matches}
              onChange={(e) => onTick(e.target.checked)}
              data-testid="pickup-name-matches"
            />
            {t('pickups.nameMatches')}
          </label>
          {matches ? (
            <PinInput
              label={t('withdraw.code')}
              value={code}
              onChange={setCode}
              disabled={pay.isPending}
              errorId={errorId}
              invalid={error !== null}
            >
              <span />
            </PinInput>
          ) : null}
          <p id={errorId} className={form.error} role="alert" data-testid="pickup-error">
            {error ?? ''}
          </p>
          <div className={payout.action}>
            <button
              type="button"
              className={form.primary}
              onClick={submit}
              disabled={pay.isPending}
              data-testid="pickup-pay"
            >
              {pay.isPending ? t('transactions.create.busy') : t('pickups.pay')}
            </button>
          </div>
        </>
      ) : null}
    </div>
  );
}
