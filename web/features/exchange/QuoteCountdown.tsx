import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import styles from './ExchangePage.module.css';

/** The countdown is shown for the quote's last minute only: before that it is noise. */
export const COUNTDOWN_FROM_MS = 60_000;

/** "0:42" for 42 s left. */
export function formatLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * How long the price shown still holds. Ticks every second in the last minute, and sleeps until then, so a page
 * left open does not re-render for nothing. After it, paying shows the new price first (the server's 409).
 */
export function QuoteCountdown({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation();
  const end = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  const left = end - now;
  useEffect(() => {
    if (!(left > 0)) return undefined;
    const wait = left > COUNTDOWN_FROM_MS ? left - COUNTDOWN_FROM_MS : Math.min(1000, left);
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [left]);
  if (Number.isNaN(end) || left > COUNTDOWN_FROM_MS) return null;
  return (
    <p className={styles.countdown} data-testid="quote-countdown">
      {left > 0 ? t('exchange.quoteLeft', { time: formatLeft(left) }) : t('exchange.quoteExpired')}
    </p>
  );
}
