import { useMemo, useRef, useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from '../i18n/i18n';
import { tIsolated } from './bidi';
import { intlLocale } from '../i18n/intl-locale';
import styles from './DateInput.module.css';
import { acceptDateInput, datePattern, formatTypedDate, parseTypedDate } from './date-input-format';

type TextProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'min' | 'max'>;

interface DateInputProps extends TextProps {
  id: string;
  /** The day as the API takes it (YYYY-MM-DD), or '' while none is typed whole. */
  value: string;
  onChange: (day: string) => void;
  /** The earliest and latest day the calendar offers (YYYY-MM-DD). */
  min?: string;
  max?: string;
  /** The typed field's test id; the calendar's field gets it with '-picker'. */
  'data-testid'?: string;
}

/**
 * A calendar day typed the way the page's language writes it (31/12/2026 in French and Arabic, 31.12.2026 in
 * German, 12/31/2026 in American English), whatever the browser's own language. It is a plain text field (the
 * phone's number keyboard, its label, its error and the format read out by screen readers), with the browser's own
 * calendar one button away: the native date picker, whose choice lands in the field in the page's order.
 */
export function DateInput(props: DateInputProps) {
  const { id, value, onChange, min, max, className, 'data-testid': testId, ...rest } = props;
  const { t, i18n } = useTranslation();
  const pattern = useMemo(() => datePattern(intlLocale(i18n.language)), [i18n.language]);
  // The text on screen and the day it last gave its owner: a value from elsewhere (a prefill, a reset) replaces the
  // text; the one the typing produced leaves it as typed ('1/2/2027' stays, and so does a half-typed date, given as '').
  const [typed, setTyped] = useState(() => ({ text: formatTypedDate(value, pattern), given: value, pattern }));
  if (typed.given !== value || typed.pattern !== pattern)
    setTyped({ text: formatTypedDate(value, pattern), given: value, pattern });
  const picker = useRef<HTMLInputElement>(null);
  const hintId = `${id}-format`;
  const placeholder = t('common.dateInput.placeholder');

  function show(text: string, day: string) {
    setTyped({ text, given: day, pattern });
    onChange(day);
  }

  function onType(event: ChangeEvent<HTMLInputElement>) {
    const next = acceptDateInput(event.target.value);
    show(next, parseTypedDate(next, pattern) ?? '');
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    show(formatTypedDate(event.target.value, pattern), event.target.value);
  }

  function openCalendar() {
    const field = picker.current;
    if (!field) return;
    field.value = value;
    try {
      field.showPicker();
    } catch {
      // A browser without showPicker (or refusing it): the typed field is the way in.
      document.getElementById(id)?.focus();
    }
  }

  const describedBy = [rest['aria-describedby'], hintId].filter(Boolean).join(' ');
  return (
    <div className={styles.wrap}>
      <div className={styles.date} dir="ltr">
        <input
          {...rest}
          id={id}
          className={[styles.input, className].filter(Boolean).join(' ')}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={typed.text}
          onChange={onType}
          aria-describedby={describedBy}
          data-testid={testId}
        />
        <button
          type="button"
          className={styles.calendar}
          onClick={openCalendar}
          aria-label={t('common.dateInput.pick')}
          title={t('common.dateInput.pick')}
          disabled={rest.disabled}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
            <path
              fill="currentColor"
              d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7zm-2 7h14v11H5V9zm2 2v2h2v-2H7zm4 0v2h2v-2h-2zm4 0v2h2v-2h-2zm-8 4v2h2v-2H7zm4 0v2h2v-2h-2z"
            />
          </svg>
        </button>
        <input
          ref={picker}
          className={styles.picker}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          min={min}
          max={max}
          onChange={onPick}
          data-testid={testId === undefined ? undefined : `${testId}-picker`}
        />
      </div>
      <p id={hintId} className={styles.hint}>
        {/* The format reads left to right, as the field does, in Arabic too. */}
        {tIsolated(t, 'common.dateInput.hint', { pattern: placeholder }, ['pattern'])}
      </p>
    </div>
  );
}
