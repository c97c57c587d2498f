import { useId } from 'react';
import form from '../../ui/Form.module.css';

/** A text (or date) field of a submission, with its server message under it. */
export function TextField({
  name,
  label,
  type = 'text',
  value,
  error,
  onChange,
  autoComplete,
}: {
  name: string;
  label: string;
  type?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  autoComplete: string;
}) {
  const id = useId();
  return (
    <div className={form.field}>
      <label className={form.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={form.input}
        type={type}
        value={value}
        autoComplete={autoComplete}
        dir="auto"
        aria-describedby={`${id}-error`}
        aria-invalid={error ? true : undefined}
        onInput={(event) => onChange(event.currentTarget.value)}
        data-testid={`kyc-${name}`}
      />
      <p id={`${id}-error`} className={form.error} data-testid={`kyc-${name}-error`}>
        {error ?? ''}
      </p>
    </div>
  );
}
