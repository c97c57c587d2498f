import { useId, useState } from 'react';
import { AgencySelect } from './AgencySelect';
import styles from './Ops.module.css';
import { DialogField, useOpsDialog } from './OpsDialog';
import { useOps } from './OpsParts';

/**
 * What the staff pages (operators, tellers) share around their dialogs: which dialog is open with its form, the
 * line that says what was done, and the dialog's fields, each under its label with the server's error for it.
 */

/** One dialog open at a time (`O` says which, and for whom), its form starting empty each time, and the result line. */
export function useStaffDialogs<O, F extends Record<string, string>>(emptyForm: F) {
  const [form, setForm] = useState(emptyForm);
  const dialog = useOpsDialog<O>(() => setForm(emptyForm));
  return {
    ...dialog,
    form,
    setField: (name: keyof F) => (value: string) => setForm((f) => ({ ...f, [name]: value })),
  };
}

/** A text field of a dialog; `email` makes it the required left-to-right e-mail field. */
export function DialogInput({
  name,
  label,
  value,
  onChange,
  email = false,
  testId,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  email?: boolean;
  testId?: string;
}) {
  const id = useId();
  return (
    <DialogField name={name} label={label} htmlFor={id}>
      {(a11y) => (
        <input
          id={id}
          className={styles.input}
          {...(email && { type: 'email', dir: 'ltr', required: true })}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
          {...a11y}
        />
      )}
    </DialogField>
  );
}

/** The new staff member's e-mail, which signs them in. */
export function DialogEmail({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const { ot } = useOps();
  return (
    <DialogInput name="email" label={ot('customers.email')} value={value} onChange={onChange} email testId={testId} />
  );
}

/** The open agencies to choose from in a dialog (a new teller's, a teller's next one). */
export function DialogAgency({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <DialogField name="agency" label={label} htmlFor={id}>
      {(a11y) => (
        <AgencySelect
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          openOnly
          required
          testId="teller-agency"
          a11y={a11y}
        />
      )}
    </DialogField>
  );
}
