import { useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CounterLookup } from '../../../common/api/counter';
import { ApiError } from '../../shared/api/api-error';
import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';
import { commonErrorText, fieldErrorText } from '../../ui/server-messages';
import { tIsolated } from '../../ui/bidi';
import { lookupAtCounter } from './withdrawals-api';
import styles from './CounterReferenceEntry.module.css';

type T = ReturnType<typeof useTranslation>['t'];

function lookupErrorText(error: unknown, t: T, language: string): string {
  const field = fieldErrorText(error, 'reference', t);
  if (field !== undefined) return field;
  if (error instanceof ApiError && error.status === 404) return t('withdraw.lookup.notFound');
  return commonErrorText(error, t, language) ?? t('errors.unknown');
}

/**
 * The counter's one field for when the camera fails: the teller types whatever the customer reads out (a
 * withdrawal reference, a cash pickup reference, with or without its dashes or spaces) and the server says which
 * it is. The hint shows both shapes as the customer sees them, so the teller knows what to ask for.
 */
export function CounterReferenceEntry({
  onFound,
  autoFocus = false,
  toReference = (value) => value,
}: {
  onFound: (found: CounterLookup) => void;
  autoFocus?: boolean;
  /** A scanned link of ours pasted in: the token it carries. */
  toReference?: (value: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const lookup = useMutation({ mutationFn: (reference: string) => lookupAtCounter(reference) });
  // 'Type again' after a failed lookup lands here; focused by hand, not by autofocus.
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  const error = lookup.isError ? lookupErrorText(lookup.error, t, i18n.language) : null;
  return (
    <form
      className={form.form}
      onSubmit={(e) => {
        e.preventDefault();
        lookup.mutate(toReference(value), { onSuccess: onFound });
      }}
      data-testid="counter-entry"
    >
      <label className={form.field}>
        <span className={form.label}>{t('withdraw.lookup.label')}</span>
        <input
          className={form.select}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            lookup.reset();
          }}
          ref={input}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          aria-invalid={error !== null || undefined}
          aria-describedby={error !== null ? `${hintId} ${errorId}` : hintId}
          data-testid="manual-token"
        />
      </label>
      <div id={hintId} className={styles.examples} data-testid="counter-entry-hint">
        <p className={form.hint}>
          {tIsolated(t, 'withdraw.lookup.withdrawalHint', { example: '9956-8QUF-HDGU' }, ['example'])}
        </p>
        <p className={form.hint}>
          {tIsolated(t, 'withdraw.lookup.pickupHint', { example: '184 686 1498' }, ['example'])}
        </p>
      </div>
      {error !== null ? (
        <p id={errorId} className={form.error} role="alert" data-testid="manual-token-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className={form.primary} disabled={lookup.isPending} data-testid="counter-open">
        {t('withdraw.open')}
      </button>
    </form>
  );
}
