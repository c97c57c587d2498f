import { PHONE_INPUT_MAX_LENGTH, PHONE_PREFIXES } from '../../common/identity/phone';
import type { PhonePrefix } from '../../common/identity/phone';
import styles from './PhoneNumberInput.module.css';
import { formatPhoneInput } from './phone-input-format';

interface PhoneNumberInputProps {
  id: string;
  prefix: PhonePrefix | '';
  value: string;
  onChange: (formatted: string) => void;
  /** When given, the prefix is a choice (+33, +212, +1) instead of fixed text. */
  onPrefixChange?: (prefix: PhonePrefix | '') => void;
  /** Offers "no prefix" ('') among the choices, where a phone is optional (a recipient's). */
  allowNoPrefix?: boolean;
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
  const { id, prefix, value, onChange, onPrefixChange, allowNoPrefix, prefixLabel, disabled, describedBy, invalid } =
    props;
  return (
    <div className={styles.phone} dir="ltr">
      {onPrefixChange ? (
        <select
          className={styles.prefixSelect}
          value={prefix}
          onChange={(event) => {
            const next = isPrefix(event.target.value) ? event.target.value : '';
            if (next === '' && !allowNoPrefix) return;
            onPrefixChange(next);
            onChange(formatPhoneInput(next, value));
          }}
          disabled={disabled}
          aria-label={prefixLabel}
          data-testid="phone-prefix"
        >
          {allowNoPrefix ? <option value="">—</option> : null}
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
        autoFocus={props.autoFocus}
        data-testid="phone-input"
      />
    </div>
  );
}
