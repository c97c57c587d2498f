import { useId, useState } from 'react';
import { cityIn } from '../../../common/i18n/city-names';
import { tIsolated } from '../../ui/bidi';
import type { Transaction } from '../../../common/api/transactions';
import { ApiError } from '../api/api-error';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { PinInput } from '../../ui/PinInput';
import { commonErrorText, fieldErrorText, translateServerMessage } from '../../ui/server-messages';
import { formatLongDate } from '../transactions/transaction-rules';
import { PickupReference } from './PickupReference';
import styles from './Pickups.module.css';
import { useCancelTransaction, useCorrectPickupName } from './use-pickups';

type T = ReturnType<typeof useTranslation>['t'];

function errorText(error: unknown, t: T, language: string): string {
  const common = commonErrorText(error, t, language);
  if (common !== undefined) return common;
  for (const field of ['security_code', 'first_name', 'last_name']) {
    const text = fieldErrorText(error, field, t);
    if (text !== undefined) return text;
  }
  if (error instanceof ApiError && error.detail !== undefined) return translateServerMessage(error.detail, t);
  return t('errors.unknown');
}

/** Correct the name the ID must carry: new first and last name, then the security code. */
function NameForm({ tx, onDone }: { tx: Transaction; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const correct = useCorrectPickupName(tx.id);
  const [first, setFirst] = useState(tx.recipient_first_name ?? '');
  const [last, setLast] = useState(tx.recipient_last_name ?? '');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  return (
    <form
      className={form.form}
      onSubmit={(e) => {
        e.preventDefault();
        if (code.length !== 6) return setError(t('transactions.create.invalidCode'));
        correct.mutate(
          { first_name: first, last_name: last, security_code: code },
          {
            onSuccess: onDone,
            onError: (err) => {
              setCode('');
              setError(errorText(err, t, i18n.language));
            },
          },
        );
      }}
    >
      <label className={form.field}>
        <span className={form.label}>{t('pickups.firstName')}</span>
        <input
          className={form.select}
          value={first}
          onChange={(e) => setFirst(e.target.value)}
          data-testid="pickup-first-name"
        />
      </label>
      <label className={form.field}>
        <span className={form.label}>{t('pickups.lastName')}</span>
        <input
          className={form.select}
          value={last}
          onChange={(e) => setLast(e.target.value)}
          data-testid="pickup-last-name"
        />
      </label>
      <PinInput
        label={t('transactions.create.code')}
        value={code}
        onChange={setCode}
        disabled={correct.isPending}
        errorId={errorId}
        invalid={error !== null}
      >
        <p id={errorId} className={form.error} role="alert">
          {error ?? ''}
        </p>
      </PinInput>
      <button type="submit" className={form.primary} disabled={correct.isPending} data-testid="pickup-name-save">
        {t('pickups.saveName')}
      </button>
    </form>
  );
}

/** The sender's detail of a cash pickup: reference, status, expiry, the name on the transfer, correct, cancel. */
export function PickupSenderBlock({ tx }: { tx: Transaction }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const cancel = useCancelTransaction(tx.id);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cancelKey] = useState(() => crypto.randomUUID());
  const available = tx.status === 'available';
  const name = `${tx.recipient_first_name ?? ''} ${tx.recipient_last_name ?? ''}`.trim();
  // Held for a compliance review: under review, as on the history row, never 'Expired'.
  const status =
    tx.status === 'on_hold'
      ? t('transactions.underReview')
      : t(
          `pickups.status.${tx.status === 'available' || tx.status === 'collected' || tx.status === 'cancelled' || tx.status === 'refunded' ? tx.status : 'expired'}`,
        );
  return (
    <section className={styles.card} data-testid="pickup-block">
      <h2 className={styles.heading}>{t('pickups.title')}</h2>
      <p className={styles.status} data-testid="pickup-status">
        {status}
      </p>
      {available && tx.pickup_reference ? <PickupReference tx={tx} /> : null}
      {available && tx.expires_at ? (
        <p className={styles.muted} data-testid="pickup-expiry">
          {t('pickups.expires', { date: formatLongDate(tx.expires_at, locale, t('transactions.at')) })}
        </p>
      ) : null}
      <p className={form.label}>{t('pickups.nameOnTransfer')}</p>
      <p className={styles.name} data-testid="pickup-name">
        <bdi>{name}</bdi>
      </p>
      {tx.pickup?.agency ? (
        <p className={styles.muted} data-testid="pickup-agency">
          {tIsolated(t, 'pickups.onlyAt', {
            agency: [tx.pickup.agency.name, tx.pickup.agency.city && cityIn(i18n.language, tx.pickup.agency.city)]
              .filter(Boolean)
              .join(', '),
          })}
        </p>
      ) : available ? (
        <p className={styles.muted}>{t('pickups.anyAgency')}</p>
      ) : null}
      {tx.pickup?.reserved ? <p className={styles.muted}>{t('errors.pickupBeingPaidOut')}</p> : null}
      {available && editing ? <NameForm tx={tx} onDone={() => setEditing(false)} /> : null}
      {error ? (
        <p className={form.error} role="alert" data-testid="pickup-error">
          {error}
        </p>
      ) : null}
      {available && !editing ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={form.secondary}
            onClick={() => setEditing(true)}
            data-testid="pickup-correct-name"
          >
            {t('pickups.correctName')}
          </button>
          <button
            type="button"
            className={form.secondary}
            disabled={cancel.isPending}
            onClick={() => {
              if (!window.confirm(t('pickups.cancelConfirm'))) return;
              setError(null);
              cancel.mutate(cancelKey, { onError: (err) => setError(errorText(err, t, i18n.language)) });
            }}
            data-testid="pickup-cancel"
          >
            {t('pickups.cancel')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
