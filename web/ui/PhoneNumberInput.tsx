import { useLayoutEffect, useRef } from 'react';
import type { ChangeEvent } from 'react';
import { PHONE_PREFIXES } from '../../common/identity/phone';
import type { PhonePrefix } from '../../common/identity/phone';
import { digitsOnly } from './code-digits';
import styles from './PhoneNumberInput.module.css';
import { acceptPhoneInput, caretAfterFormat, formatPhoneInput } from './phone-input-format';

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
  const input = useRef<HTMLInputElement>(null);
  // Digits before the caret at the last edit: the reformatted value puts the caret back after as many digits,
  // instead of at the end (editing the middle of a number used to throw the caret to its end).
  const digitsBeforeCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const field = input.current;
    const digits = digitsBeforeCaret.current;
    if (!field || digits === null || document.activeElement !== field) return;
    digitsBeforeCaret.current = null;
    const caret = caretAfterFormat(value, digits);
    field.setSelectionRange(caret, caret);
  }, [value]);

  function onInput(event: ChangeEvent<HTMLInputElement>) {
    const raw = event.target.value;
    const next = acceptPhoneInput(prefix, raw, onPrefixChange !== undefined);
    const typedUpToCaret = raw.slice(0, event.target.selectionStart ?? raw.length);
    // After a paste with an international prefix the caret stays at the end, where the browser put it.
    digitsBeforeCaret.current = next.international ? null : digitsOnly(typedUpToCaret).length;
    if (next.prefix !== prefix) onPrefixChange?.(next.prefix);
    onChange(next.value);
  }
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
        ref={input}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        // No maxLength: the browser would cut a pasted '+33 6 12 34 56 78' (17 characters) before it is read;
        // the formatted value is kept within the 16 characters a phone number may have instead.
        value={value}
        onChange={onInput}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        autoFocus={props.autoFocus}
        data-testid="phone-input"
      />
    </div>
  );
}
