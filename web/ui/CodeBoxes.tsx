import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent, ClipboardEvent, KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/i18n';
import styles from './CodeBoxes.module.css';
import { CODE_LENGTH, digitsOnly, fillDigits } from './code-digits';

interface CodeBoxesProps {
  /** The group's accessible name, also shown above the boxes. */
  label: string;
  /** Called once when the sixth box is filled: the screen submits at once. */
  onComplete: (code: string) => void;
  disabled?: boolean;
  /** Id of the element holding the current error, read by screen readers with the group. */
  errorId?: string;
  invalid?: boolean;
}

const emptyBoxes = () => Array.from({ length: CODE_LENGTH }, () => '');

/**
 * The digits meant for a box. A box normally has its digit selected, so typing replaces it; when the caret sat
 * beside the old digit instead, the box holds two and the new one is whichever is not the old one. Longer input
 * is a paste or an autofill, taken whole.
 */
function typedOver(previous: string, digits: string): string {
  if (digits.length !== 2 || previous === '') return digits;
  return digits[0] === previous ? digits.slice(1) : digits.slice(0, 1);
}

/**
 * Six single-digit boxes. Uncontrolled: the screen clears them by remounting with a new `key`.
 * Every box accepts a whole code, because Android's SMS autofill and iOS's one-time-code suggestion write into
 * the focused box, and people paste into whichever box they tapped.
 */
export function CodeBoxes({ label, onComplete, disabled = false, errorId, invalid = false }: CodeBoxesProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [boxes, setBoxes] = useState<string[]>(emptyBoxes);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  // On mount and when re-enabled after a submission, the first empty box takes the focus (read from the DOM so
  // that typing, which moves the focus itself, does not re-run this).
  useEffect(() => {
    if (disabled) return;
    const firstEmpty = inputs.current.find((input) => input?.value === '');
    firstEmpty?.focus();
  }, [disabled]);

  function focusBox(index: number) {
    const input = inputs.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))];
    input?.focus();
    input?.select();
  }

  function update(next: string[], focusIndex: number) {
    setBoxes(next);
    const code = next.join('');
    if (code.length === CODE_LENGTH) {
      inputs.current[CODE_LENGTH - 1]?.blur();
      onComplete(code);
    } else {
      focusBox(focusIndex);
    }
  }

  function onChange(index: number, event: ChangeEvent<HTMLInputElement>) {
    const digits = digitsOnly(event.target.value);
    if (digits === '') {
      update(boxes.map((box, i) => (i === index ? '' : box)), index);
      return;
    }
    const incoming = typedOver(boxes[index] ?? '', digits);
    update(fillDigits(boxes, index, incoming), Math.min(index + incoming.length, CODE_LENGTH - 1));
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && boxes[index] === '' && index > 0) {
      event.preventDefault();
      setBoxes(boxes.map((box, i) => (i === index - 1 ? '' : box)));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const digits = digitsOnly(event.clipboardData.getData('text'));
    if (digits === '') return;
    const start = digits.length >= CODE_LENGTH ? 0 : index;
    update(fillDigits(boxes, start, digits), Math.min(start + digits.length, CODE_LENGTH - 1));
  }

  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      {/* Codes read left to right in every language, Arabic included. */}
      <div
        className={styles.boxes}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={errorId}
        dir="ltr"
        data-testid="code-boxes"
      >
        {boxes.map((box, index) => (
          <input
            // The boxes never reorder: the position is the identity.
            key={index}
            ref={(element) => {
              inputs.current[index] = element;
            }}
            className={styles.box}
            value={box}
            onChange={(event) => onChange(index, event)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('auth.codeDigit', { position: index + 1 })}
            aria-invalid={invalid || undefined}
            disabled={disabled}
            data-testid={`code-box-${index}`}
          />
        ))}
      </div>
    </div>
  );
}
