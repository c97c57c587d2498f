import { PHONE_INPUT_MAX_LENGTH, PHONE_PREFIXES } from '../../../common/identity/phone';
import type { PhonePrefix } from '../../../common/identity/phone';
import { formatPhoneInput } from '../../ui/phone-input-format';
import styles from './RecipientPhoneInput.module.css';

interface Props {
  id: string;
  prefix: PhonePrefix | '';
  value: string;
  onChange: (next: { prefix: PhonePrefix | ''; phone: string }) => void;
  prefixLabel: string;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
}

function isPrefix(value: string): value is PhonePrefix {
  return (PHONE_PREFIXES as readonly string[]).includes(value);
}

/** Without a prefix there is no country rule to format by: digits only, within the 16 characters. */
export function formatRecipientPhone(prefix: PhonePrefix | '', typed: string): string {
  return prefix === '' ? typed.replace(/\D/g, '').slice(0, PHONE_INPUT_MAX_LENGTH) : formatPhoneInput(prefix, typed);
}

/**
 * The recipient's phone: a prefix choice (+33 by default, or none, SPEC.md section 5) and the national number
 * formatted while typed. Unlike the sign-in field the prefix may be left empty, since a phone is optional here.
 */
export function RecipientPhoneInput({
  id,
  prefix,
  value,
  onChange,
  prefixLabel,
  disabled,
  describedBy,
  invalid,
}: Props) {
  return (
    <div className={styles.phone} dir="ltr">
      <select
        className={styles.prefix}
        value={prefix}
        aria-label={prefixLabel}
        disabled={disabled}
        data-testid="recipient-prefix"
        onChange={(event) => {
          const next = isPrefix(event.target.value) ? event.target.value : '';
          onChange({ prefix: next, phone: formatRecipientPhone(next, value) });
        }}
      >
        <option value="">—</option>
        {PHONE_PREFIXES.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
      <input
        id={id}
        className={styles.input}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={PHONE_INPUT_MAX_LENGTH}
        value={value}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        data-testid="recipient-phone"
        onChange={(event) => onChange({ prefix, phone: formatRecipientPhone(prefix, event.target.value) })}
      />
    </div>
  );
}
