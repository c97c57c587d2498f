import { useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import styles from './RatesPage.module.css';

interface CancelSubscriptionProps {
  /** The last day of the paid period, in the locale's words: the better rate stays until then. */
  until: string;
  pending: boolean;
  onConfirm: () => void;
}

/** Cancelling takes two taps: the second after reading until when the better rate stays. */
export function CancelSubscription({ until, pending, onConfirm }: CancelSubscriptionProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className={styles.secondary}
        onClick={() => setAsking(true)}
        data-testid="cancel-subscription"
      >
        {t('rates.cancel')}
      </button>
    );
  }
  return (
    <div className={styles.confirm} role="group" aria-labelledby="cancel-question" data-testid="cancel-confirmation">
      <p id="cancel-question">{t('rates.cancelQuestion', { date: until })}</p>
      <button
        type="button"
        className={styles.secondary}
        disabled={pending}
        onClick={onConfirm}
        data-testid="cancel-confirm"
      >
        {t('rates.cancelConfirm')}
      </button>
      <button
        type="button"
        className={styles.primary}
        disabled={pending}
        onClick={() => setAsking(false)}
        data-testid="cancel-keep"
      >
        {t('rates.cancelKeep')}
      </button>
    </div>
  );
}
