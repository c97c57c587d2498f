import { useId } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { Keypad } from './Keypad';
import styles from './PinInput.module.css';
import { CODE_LENGTH, digitsOnly } from './code-digits';

interface PinInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  errorId?: string;
  invalid?: boolean;
  /** Shown between the dots and the keypad, where the eyes are while typing (the error message). */
  children?: ReactNode;
}

/**
 * A 6-digit secret entered on the on-screen keypad, or typed and pasted on a keyboard. The real field is a
 * transparent input laid over the dots, so screen readers announce a labelled field. It is a numeric one-time
 * code field, not a password field: password managers offered to save the security code as the site's password
 * and ignore one-time codes. inputMode none keeps the phone's own keyboard from covering the
 * keypad.
 */
export function PinInput({ label, value, onChange, disabled = false, errorId, invalid = false, children }: PinInputProps) {
  const inputId = useId();

  function onInput(event: ChangeEvent<HTMLInputElement>) {
    onChange(digitsOnly(event.target.value).slice(0, CODE_LENGTH));
  }

  return (
    <div className={styles.pin}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.dots} dir="ltr">
        {Array.from({ length: CODE_LENGTH }, (_, index) => (
          <span key={index} className={index < value.length ? styles.filled : styles.dot} aria-hidden="true" />
        ))}
        <input
          id={inputId}
          className={styles.input}
          type="text"
          inputMode="none"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          value={value}
          onChange={onInput}
          disabled={disabled}
          aria-describedby={errorId}
          aria-invalid={invalid || undefined}
          data-testid="pin-input"
        />
      </div>
      {/* A fixed slot: a message appearing here never moves the keypad under the thumb. */}
      <div className={styles.message}>{children}</div>
      <Keypad
        disabled={disabled}
        onDigit={(digit) => onChange((value + digit).slice(0, CODE_LENGTH))}
        onDelete={() => onChange(value.slice(0, -1))}
      />
    </div>
  );
}
