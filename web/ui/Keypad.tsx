import { useTranslation } from '../i18n/i18n';
import styles from './Keypad.module.css';

interface KeypadProps {
  onDigit: (digit: string) => void;
  onDelete: () => void;
  disabled?: boolean;
}

const DIGIT_ROWS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * An on-screen numeric keypad, as phone PIN pads are: large keys, same layout in every language (it stays left
 * to right in Arabic, like the phone's own dialler), so the delete key's arrow keeps pointing at what it erases.
 */
export function Keypad({ onDigit, onDelete, disabled = false }: KeypadProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.keypad} role="group" aria-label={t('keypad.label')} dir="ltr">
      {DIGIT_ROWS.map((digit) => (
        <button
          key={digit}
          type="button"
          className={styles.key}
          onClick={() => onDigit(digit)}
          disabled={disabled}
          data-testid={`keypad-${digit}`}
        >
          {digit}
        </button>
      ))}
      <span aria-hidden="true" />
      <button type="button" className={styles.key} onClick={() => onDigit('0')} disabled={disabled} data-testid="keypad-0">
        0
      </button>
      <button
        type="button"
        className={`${styles.key} ${styles.delete}`}
        onClick={onDelete}
        disabled={disabled}
        aria-label={t('keypad.delete')}
        data-testid="keypad-delete"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
          <path d="M21 5H9l-6 7 6 7h12a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1z" />
          <path d="M12 9l6 6M18 9l-6 6" />
        </svg>
      </button>
    </div>
  );
}
