import type { InputHTMLAttributes } from 'react';
import type { Currency } from '../../common/money/money';
import styles from './AmountInput.module.css';

interface AmountInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'inputMode' | 'dir'> {
  currency: Currency;
  /** The screen's main figure (add money): a taller field in a larger type. */
  large?: boolean;
}

/**
 * A money field that says its currency, as typed in the locale (parseLocaleAmount reads it). The code is part
 * of the field's box but not of its value; screen readers get it from the label's context.
 */
export function AmountInput({ currency, large = false, ...input }: AmountInputProps) {
  return (
    <span className={styles.box} dir="ltr">
      <input {...input} className={large ? `${styles.input} ${styles.large}` : styles.input} inputMode="decimal" autoComplete="off" />
      <span className={styles.currency} aria-hidden="true" data-testid="amount-currency">
        {currency}
      </span>
    </span>
  );
}
