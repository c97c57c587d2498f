import { PHONE_INPUT_MAX_LENGTH, PHONE_PREFIXES } from '../../common/identity/phone';
import type { PhonePrefix } from '../../common/identity/phone';
import styles from './PhoneNumberInput.module.css';
import { formatPhoneInput } from './phone-input-format';

interface PhoneNumberInputProps {
  id: string;
  prefix: PhonePrefix;
  value: string;
  onChange: (formatted: string) => void;
  /** When given, the prefix is a choice (+33, +212, +1) instead of fixed text. */
  onPrefixChange?: (prefix: PhonePrefix) => void;
  prefixLabel?: string;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
  autoFocus?: boolean;
}

function isPrefix(value: string): value is PhonePrefix {
  return (PHONE_PREFIXES as readonly string[]).includes(value);
}

/** A national number after its country prefix, formatted while typed. Numbers read left to right, in Arabic too. */
export function PhoneNumberInput(props: PhoneNumberInputProps) {
  const { id, prefix, value, onChange, onPrefixChange, prefixLabel, disabled, describedBy, invalid, autoFocus } = props;
  return (
    <div className={styles.phone} dir="ltr">
      {onPrefixChange ? (
        <select
          className={styles.prefixSelect}
          value={prefix}
          onChange={(event) => {
            if (!isPrefix(event.target.value)) return;
            onPrefixChange(event.target.value);
            onChange(formatPhoneInput(event.target.value, value));
          }}
          disabled={disabled}
          aria-label={prefixLabel}
          data-testid="phone-prefix"
        >
          {PHONE_PREFIXES.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : (
        <span className={styles.prefix} aria-hidden="true">
          {prefix}
        </span>
      )}
      <input
        id={id}
        className={styles.input}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={PHONE_INPUT_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(formatPhoneInput(prefix, event.target.value))}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        autoFocus={autoFocus}
        data-testid="phone-input"
      />
    </div>
  );
}
