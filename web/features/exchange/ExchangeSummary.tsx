import { useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { formatMoney, formatPercentNumber, formatRate } from '../../ui/money-format';
import type { ExchangeFigures } from './exchange-calc';
import styles from './ExchangePage.module.css';

interface SummaryProps {
  figures: ExchangeFigures | undefined;
  officialRate: string;
}

/** Add money: official rate, your rate, MAD bought, fees in percent, cost, and a details toggle. */
export function ExchangeSummary({ figures, officialRate }: SummaryProps) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const [open, setOpen] = useState(false);
  const dash = '—';
  return (
    <section className={styles.summary} aria-live="polite" data-testid="exchange-summary">
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{t('exchange.madBought')}</dt>
          <dd className={styles.big} data-testid="exchange-mad">
            <bdi>{figures ? formatMoney(figures.mad, locale) : dash}</bdi>
          </dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('exchange.cost')}</dt>
          <dd data-testid="exchange-cost">
            <bdi>{figures ? formatMoney(figures.cost, locale) : dash}</bdi>
          </dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('exchange.yourRate')}</dt>
          <dd data-testid="exchange-rate">
            <bdi>{figures ? `1 EUR = ${formatRate(figures.rate, locale)}` : dash}</bdi>
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls="exchange-details"
        onClick={() => setOpen((v) => !v)}
        data-testid="exchange-details-toggle"
      >
        {open ? t('exchange.hideDetails') : t('exchange.showDetails')}
      </button>
      {open ? (
        <dl id="exchange-details" className={styles.details} data-testid="exchange-details">
          <div className={styles.figure}>
            <dt>{t('exchange.officialRate')}</dt>
            <dd data-testid="exchange-official">
              <bdi>1 EUR = {formatRate(officialRate, locale)}</bdi>
            </dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('exchange.fees')}</dt>
            <dd data-testid="exchange-fees">
              {/* The percent is rounded to 2 decimals; the amount beside it is what the card is charged. */}
              <bdi>{figures ? `${formatPercentNumber(figures.feePercent, locale)} %` : dash}</bdi>
              {figures ? (
                <>
                  {' = '}
                  <bdi data-testid="exchange-fee-amount">{formatMoney(figures.fee, locale)}</bdi>
                </>
              ) : null}
            </dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('exchange.feeMad')}</dt>
            <dd data-testid="exchange-fee-mad">
              <bdi>{figures ? formatMoney(figures.feeMad, locale) : dash}</bdi>
            </dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('exchange.converted')}</dt>
            <dd>
              <bdi>{figures ? formatMoney(figures.from, locale) : dash}</bdi>
            </dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
