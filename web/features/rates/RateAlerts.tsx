import { useState, type FormEvent } from 'react';
import { formatListDate } from '../../shared/transactions/transaction-rules';
import { THRESHOLD_PATTERN } from '../../../common/api/messages';
import type { RateAlert } from '../../../common/api/rate-alerts';
import { ApiError } from '../../shared/api/api-error';
import { useTranslation } from '../../i18n/i18n';
import { tIsolated } from '../../ui/bidi';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { commonErrorText, fieldErrorText, translateServerMessage } from '../../ui/server-messages';
import { formatRate } from '../../ui/money-format';
import { rateFromInput, rateText } from '../../ui/rate-format';
import styles from './RatesPage.module.css';
import { useCreateRateAlert, useDeleteRateAlert, useRateAlerts } from './use-rate-alerts';

/** A rate's ten-thousandths ("10.7" -> 107000n), or undefined. */
function tenThousandths(rate: string): bigint | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,4}))?$/.exec(rate);
  if (!match) return undefined;
  return BigInt((match[1] ?? '') + (match[2] ?? '').padEnd(4, '0'));
}

const decimalOf = (units: bigint) => {
  const digits = units.toString().padStart(5, '0');
  return `${digits.slice(0, -4)}.${digits.slice(-4)}`;
};

/** What the field offers first: 1 % above the customer's rate, rounded up to the hundredth ("10.70" -> "10.81"). */
export function suggestedThreshold(rate: string): string {
  const units = tenThousandths(rate);
  if (units === undefined) return '';
  const hundredths = (units * 101n + 9_999n) / 10_000n;
  return decimalOf(hundredths * 100n);
}

/** The highest threshold the server takes: 50 % above the rate (rateAlertMessages.tooHigh), to the ten-thousandth. */
export function highestThreshold(rate: string): string {
  const units = tenThousandths(rate);
  return units === undefined ? '' : decimalOf((units * 150n) / 100n);
}

/**
 * Rate alerts: on /rates, a customer sets the rate (MAD per EUR) at which to be told, once, and sees
 * their alerts, waiting or reached, each with a delete button. The field starts 1 % above their own rate.
 */
export function RateAlerts({ rate }: { rate: string }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const alerts = useRateAlerts(true);
  const [value, setValue] = useState(() => rateText(suggestedThreshold(rate), locale));
  const [formatError, setFormatError] = useState(false);
  const create = useCreateRateAlert(() => setValue(rateText(suggestedThreshold(rate), locale)));
  const remove = useDeleteRateAlert();
  const error = (() => {
    if (formatError) return t('rates.alerts.errors.threshold');
    const failure = create.error;
    if (!failure) return undefined;
    // A refused threshold is said under the field; so is the 11th alert (the server's `detail`).
    if (failure instanceof ApiError && failure.status === 400) {
      return (
        fieldErrorText(failure, 'threshold', t) ??
        (failure.detail ? translateServerMessage(failure.detail, t) : t('errors.unknown'))
      );
    }
    return commonErrorText(failure, t, i18n.language) ?? t('errors.unknown');
  })();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const threshold = rateFromInput(value);
    const wellFormed = THRESHOLD_PATTERN.test(threshold) && /[1-9]/.test(threshold);
    setFormatError(!wellFormed);
    if (wellFormed) create.mutate(threshold);
  };
  // The month in letters, as every list writes it (a medium date style is all digits in Arabic).
  const when = (iso: string) => formatListDate(iso, locale);
  const items = alerts.data?.results ?? [];
  const row = (alert: RateAlert) => (
    <li key={alert.id} className={styles.alert} data-testid="rate-alert" data-state={alert.state}>
      <span className={styles.alertText}>
        <bdi className={styles.alertRate}>1 EUR = {formatRate(alert.threshold, locale)}</bdi>
        <span className={alert.state === 'active' ? styles.alertActive : styles.alertReached}>
          {alert.state === 'active'
            ? t('rates.alerts.active')
            : tIsolated(t, 'rates.alerts.reached', {
                date: alert.triggered_at ? when(alert.triggered_at) : '',
                rate: formatRate(alert.triggered_rate ?? alert.threshold, locale),
              })}
        </span>
      </span>
      <button
        type="button"
        className={styles.alertDelete}
        onClick={() => remove.mutate(alert.id)}
        disabled={remove.isPending && remove.variables === alert.id}
        aria-label={t('rates.alerts.deleteOne', { rate: formatRate(alert.threshold, locale) })}
        data-testid="rate-alert-delete"
      >
        {t('rates.alerts.delete')}
      </button>
    </li>
  );
  return (
    <section className={styles.alerts} aria-labelledby="rate-alerts-title" data-testid="rate-alerts">
      <h2 id="rate-alerts-title" className={styles.planTitle}>
        {t('rates.alerts.title')}
      </h2>
      <p>{t('rates.alerts.intro')}</p>
      <form className={styles.alertForm} onSubmit={submit} noValidate>
        <label className={form.label} htmlFor="rate-alert-threshold">
          {t('rates.alerts.label')}
        </label>
        <div className={styles.thresholdRow}>
          <input
            id="rate-alert-threshold"
            className={form.input}
            inputMode="decimal"
            autoComplete="off"
            value={value}
            onInput={(event) => {
              setValue(event.currentTarget.value);
              setFormatError(false);
              create.reset();
            }}
            aria-invalid={error !== undefined}
            aria-describedby="rate-alert-hint rate-alert-error"
            data-testid="rate-alert-threshold"
          />
          <span aria-hidden="true">MAD</span>
        </div>
        <p id="rate-alert-hint" className={form.hint}>
          {tIsolated(t, 'rates.alerts.bounds', {
            rate: formatRate(rate, locale),
            max: formatRate(highestThreshold(rate), locale),
          })}
        </p>
        <p id="rate-alert-error" className={form.error} role="alert" data-testid="rate-alert-error">
          {error ?? ''}
        </p>
        <button type="submit" className={styles.alertSubmit} disabled={create.isPending} data-testid="rate-alert-set">
          {t('rates.alerts.set')}
        </button>
      </form>
      <h3 className={styles.alertsTitle}>{t('rates.alerts.listTitle')}</h3>
      {alerts.isError ? <p role="alert">{t('rates.alerts.loadError')}</p> : null}
      {alerts.isSuccess && items.length === 0 ? <p className={form.hint}>{t('rates.alerts.empty')}</p> : null}
      {items.length > 0 ? <ul className={styles.alertList}>{items.map(row)}</ul> : null}
      {remove.isError ? (
        <p className={form.error} role="alert">
          {commonErrorText(remove.error, t, i18n.language) ?? t('errors.unknown')}
        </p>
      ) : null}
    </section>
  );
}
