import { useEffect, useId, useState } from 'react';
import { moroccanBankName } from '../../../common/banking/moroccan-banks';
import { formatRib, parseRib, RIB_INPUT_MAX_LENGTH } from '../../../common/banking/rib';
import type { FormEvent } from 'react';
import type { Contact } from '../../../common/api/contacts';
import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';
import { createErrorTexts, contactMessageText, type RecipientField } from './contact-errors';
import styles from './NewRecipientForm.module.css';
import { asksHolderName, checkDraft, emptyDraft, hasArabicScript, type RecipientDraft } from './recipient-form';
import { PhoneNumberInput } from '../../ui/PhoneNumberInput';
import { useCreateContact } from './use-contacts';

type LocalProblem = { field?: RecipientField; text: string };

/**
 * Closed, open, creating, then closed again with the list refreshed; Cancel resets. The
 * section 5 rules are checked here first, and the server's field messages land under their inputs.
 */
export function NewRecipientForm({
  initiallyOpen = false,
  onCreated,
}: {
  /** Opened at once (the send flow's 'add a recipient' lands on the form, not on a button to tap again). */
  initiallyOpen?: boolean;
  /** Called with the saved recipient (the send flow goes on with them chosen). */
  onCreated?: (contact: Contact) => void;
} = {}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  const [draft, setDraft] = useState<RecipientDraft>(emptyDraft);
  const [problem, setProblem] = useState<LocalProblem | null>(null);
  const create = useCreateContact();
  const ids = { first: useId(), last: useId(), email: useId(), phone: useId(), rib: useId(), holder: useId(), error: useId() };
  // The holder's name in Latin letters is the sender's to write; until they touch it, it follows the romanised
  // recipient's name as a suggestion to start from (its table is loaded only when the field is asked).
  const [holderEdited, setHolderEdited] = useState(false);
  const asksHolder = asksHolderName(draft);
  useEffect(() => {
    if (!asksHolder || holderEdited) return;
    let current = true;
    void import('../../../common/banking/payee-name').then(({ payeeNameForFile }) => {
      if (current) setDraft((d) => ({ ...d, ribHolder: payeeNameForFile(d.firstName, d.lastName) }));
    });
    return () => {
      current = false;
    };
  }, [asksHolder, holderEdited, draft.firstName, draft.lastName]);

  function reset() {
    setDraft(emptyDraft);
    setHolderEdited(false);
    setProblem(null);
    create.reset();
    setOpen(false);
  }

  function change(patch: Partial<RecipientDraft>) {
    setDraft((d) => ({ ...d, ...patch }));
    setProblem(null);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    const checked = checkDraft(draft);
    if (!checked.ok) {
      const p = checked.problem;
      if (p.kind === 'required') setProblem({ text: t('contacts.form.required') });
      else if (p.kind === 'prefixAndNumber')
        setProblem({ field: 'phone_number', text: t('contacts.form.prefixAndNumber') });
      else if (p.kind === 'rib') setProblem({ field: 'rib', text: contactMessageText(p.message, t) });
      else if (p.kind === 'ribHolder') setProblem({ field: 'rib_holder', text: contactMessageText(p.message, t) });
      else setProblem({ field: 'phone_number', text: contactMessageText(p.message, t) });
      return;
    }
    create.mutate(checked.body, {
      onSuccess: (contact) => {
        reset();
        onCreated?.(contact);
      },
    });
  }

  if (!open) {
    return (
      <button type="button" className={form.primary} onClick={() => setOpen(true)} data-testid="recipient-open">
        {t('contacts.form.open')}
      </button>
    );
  }

  const server = create.error ? createErrorTexts(create.error, t, i18n.language) : { fields: {} };
  const fieldText = (field: RecipientField) => (problem?.field === field ? problem.text : server.fields[field]);
  const formText = problem && !problem.field ? problem.text : server.form;
  const busy = create.isPending;
  // The bank shows as soon as the first 3 digits name one, so the sender sees whose account it is while typing.
  const ribBank = moroccanBankName(draft.rib.replace(/\s/g, '').slice(0, 3));
  const nameDir = (value: string) => (hasArabicScript(value) ? 'rtl' : value ? 'ltr' : undefined);

  const nameField = (key: 'firstName' | 'lastName', field: RecipientField, id: string, label: string) => (
    <div className={form.field}>
      <label className={form.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={form.input}
        value={draft[key]}
        dir={nameDir(draft[key])}
        maxLength={100}
        autoComplete="off"
        disabled={busy}
        aria-invalid={Boolean(fieldText(field)) || undefined}
        data-testid={`recipient-${field}`}
        onChange={(event) => change({ [key]: event.target.value })}
      />
      <p className={form.error}>{fieldText(field) ?? ''}</p>
    </div>
  );

  return (
    <form
      className={styles.card}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${ids.first}-title`}
      data-testid="recipient-form"
    >
      <h2 id={`${ids.first}-title`} className={styles.title}>
        {t('contacts.form.title')}
      </h2>
      {nameField('firstName', 'first_name', ids.first, t('contacts.form.firstName'))}
      {nameField('lastName', 'last_name', ids.last, t('contacts.form.lastName'))}
      <div className={form.field}>
        <label className={form.label} htmlFor={ids.email}>
          {t('contacts.form.email')}
        </label>
        <input
          id={ids.email}
          className={form.input}
          type="email"
          inputMode="email"
          dir="ltr"
          autoComplete="off"
          value={draft.email}
          disabled={busy}
          aria-invalid={Boolean(fieldText('email')) || undefined}
          data-testid="recipient-email"
          onChange={(event) => change({ email: event.target.value })}
        />
        <p className={form.error}>{fieldText('email') ?? ''}</p>
      </div>
      <div className={form.field}>
        <label className={form.label} htmlFor={ids.phone}>
          {t('contacts.form.phone')}
        </label>
        <PhoneNumberInput
          id={ids.phone}
          prefix={draft.prefix}
          value={draft.phone}
          allowNoPrefix
          prefixLabel={t('contacts.form.prefix')}
          disabled={busy}
          invalid={Boolean(fieldText('phone_number'))}
          onPrefixChange={(prefix) => change({ prefix })}
          onChange={(phone) => change({ phone })}
        />
        <p className={form.error} data-testid="recipient-phone-error">
          {fieldText('phone_number') ?? ''}
        </p>
      </div>
      <div className={form.field}>
        <label className={form.label} htmlFor={ids.rib}>
          {t('contacts.form.rib')}
        </label>
        <input
          id={ids.rib}
          className={form.input}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          maxLength={RIB_INPUT_MAX_LENGTH}
          value={draft.rib}
          disabled={busy}
          aria-invalid={Boolean(fieldText('rib')) || undefined}
          aria-describedby={`${ids.rib}-hint`}
          data-testid="recipient-rib"
          onChange={(event) => change({ rib: event.target.value })}
          onBlur={() => {
            // Shown grouped as banks print it, once it is a whole valid RIB.
            const parsed = parseRib(draft.rib);
            if (parsed.ok) setDraft((d) => ({ ...d, rib: formatRib(parsed.value.digits) }));
          }}
        />
        <p id={`${ids.rib}-hint`} className={form.hint} data-testid="recipient-rib-bank">
          {ribBank ? <bdi>{ribBank}</bdi> : t('contacts.form.ribHint')}
        </p>
        <p className={form.error} data-testid="recipient-rib-error">
          {fieldText('rib') ?? ''}
        </p>
      </div>
      {asksHolder ? (
        <div className={form.field}>
          <label className={form.label} htmlFor={ids.holder}>
            {t('contacts.form.ribHolderName')}
          </label>
          <input
            id={ids.holder}
            className={form.input}
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={100}
            value={draft.ribHolder}
            disabled={busy}
            aria-invalid={Boolean(fieldText('rib_holder')) || undefined}
            aria-describedby={`${ids.holder}-hint`}
            data-testid="recipient-rib-holder"
            onChange={(event) => {
              setHolderEdited(true);
              change({ ribHolder: event.target.value });
            }}
          />
          <p id={`${ids.holder}-hint`} className={form.hint}>
            {t('contacts.form.ribHolderNameHint')}
          </p>
          <p className={form.error} data-testid="recipient-rib-holder-error">
            {fieldText('rib_holder') ?? ''}
          </p>
        </div>
      ) : null}
      <p id={ids.error} className={form.error} role="alert" data-testid="recipient-error">
        {formText ?? ''}
      </p>
      <div className={styles.buttons}>
        <button type="button" className={form.secondary} onClick={reset} disabled={busy} data-testid="recipient-cancel">
          {t('contacts.form.cancel')}
        </button>
        <button type="submit" className={form.primary} disabled={busy} data-testid="recipient-submit">
          {busy ? t('contacts.form.creating') : t('contacts.form.validate')}
        </button>
      </div>
    </form>
  );
}
