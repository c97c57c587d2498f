import { useEffect, useRef, useState } from 'react';
import { checkPickupReference, groupPickupReference } from '../../../common/pickups/reference';
import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';
import { Keypad } from '../../ui/Keypad';
import styles from './Pickups.module.css';

/**
 * 'Enter a pickup reference' (issue 17): typed on the keyboard or the on-screen keypad, grouped as it is printed;
 * a mistyped digit is caught by the check digit before any lookup.
 */
export function PickupReferenceEntry({ onOpen, autoFocus = false }: { onOpen: (reference: string) => void; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const [digits, setDigits] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // 'Type again' after a failed lookup lands here (issue 14 item 10); focused by hand, not by autofocus.
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  const set = (value: string) => {
    setDigits(value.replace(/\D/g, '').slice(0, 10));
    setError(null);
  };
  return (
    <form
      className={form.form}
      onSubmit={(e) => {
        e.preventDefault();
        const check = checkPickupReference(digits);
        if (!check.ok) return setError(t(check.reason === 'format' ? 'pickups.referenceFormat' : 'pickups.checkDigit'));
        onOpen(check.reference);
      }}
      data-testid="pickup-entry"
    >
      <label className={form.field}>
        <span className={form.label}>{t('pickups.enterReference')}</span>
        <input
          className={`${form.select} ${styles.reference}`}
          value={groupPickupReference(digits)}
          onChange={(e) => set(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          ref={input}
          aria-invalid={error !== null || undefined}
          data-testid="pickup-reference-input"
        />
      </label>
      <Keypad onDigit={(d) => set(digits + d)} onDelete={() => set(digits.slice(0, -1))} />
      <p className={form.error} role="alert" data-testid="pickup-entry-error">
        {error ?? ''}
      </p>
      <button type="submit" className={form.primary} data-testid="pickup-open">
        {t('pickups.open')}
      </button>
    </form>
  );
}
