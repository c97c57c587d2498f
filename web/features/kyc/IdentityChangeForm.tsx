import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { KycStatus } from '../../../common/api/kyc';
import type { User } from '../../../common/api/users';
import { useTranslation } from '../../i18n/i18n';
import { CountryOptions } from '../../ui/CountryOptions';
import form from '../../ui/Form.module.css';
import { DocumentParts, SendFooter, useDocumentUpload } from './DocumentUpload';
import styles from './IdentityPage.module.css';
import type { KycFailure } from './kyc-failure';
import { TextField } from './KycFields';

type Identity = Record<'first_name' | 'last_name' | 'country' | 'date_of_birth', string>;

const names = [
  { name: 'first_name', label: 'profile.firstName', autoComplete: 'given-name' },
  { name: 'last_name', label: 'profile.lastName', autoComplete: 'family-name' },
] as const;

/**
 * A verified customer's identity changes only through a new document: the new name, country or date of birth as
 * the document shows them. The server keeps them on the submission until an operator approves it; the verified
 * identity and level stay meanwhile.
 */
export function IdentityChangeForm({ status, user }: { status: KycStatus; user: User }) {
  const { t } = useTranslation();
  const countryId = useId();
  const upload = useDocumentUpload();
  const current: Identity = {
    first_name: user.first_name,
    last_name: user.last_name,
    country: user.country ?? '',
    date_of_birth: status.profile.date_of_birth ?? '',
  };
  const [identity, setIdentity] = useState<Identity>(current);
  const set = (name: keyof Identity) => (value: string) => setIdentity((i) => ({ ...i, [name]: value }));
  const errors = upload.failure.fields;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: KycFailure['fields'] = {};
    for (const [name, value] of Object.entries(identity)) {
      if (!value.trim()) missing[name as keyof Identity] = t('errors.required');
    }
    // The server refuses a document that changes nothing; said here before the photos are uploaded.
    const changed = (Object.keys(identity) as (keyof Identity)[]).some((name) => identity[name] !== current[name]);
    if (!changed && Object.keys(missing).length === 0) {
      return upload.setFailure({ fields: {}, form: t('kyc.change.unchanged') });
    }
    await upload.send(identity, missing);
  };

  return (
    <form className={form.form} onSubmit={(event) => void submit(event)} noValidate data-testid="kyc-change-form">
      <fieldset className={styles.profile}>
        <legend className={form.label}>{t('kyc.change.newIdentity')}</legend>
        <p className={form.hint}>{t('kyc.change.why')}</p>
        {names.map(({ name, label, autoComplete }) => (
          <TextField
            key={name}
            name={name}
            label={t(label)}
            value={identity[name]}
            error={errors[name]}
            autoComplete={autoComplete}
            onChange={set(name)}
          />
        ))}
        <div className={form.field}>
          <label className={form.label} htmlFor={countryId}>
            {t('profile.country')}
          </label>
          <select
            id={countryId}
            className={form.select}
            value={identity.country}
            onChange={(event) => set('country')(event.target.value)}
            aria-describedby={`${countryId}-error`}
            aria-invalid={errors.country ? true : undefined}
            data-testid="kyc-country"
          >
            <CountryOptions />
          </select>
          <p id={`${countryId}-error`} className={form.error} data-testid="kyc-country-error">
            {errors.country ?? ''}
          </p>
        </div>
        <TextField
          name="date_of_birth"
          label={t('kyc.profile.date_of_birth')}
          type="date"
          value={identity.date_of_birth}
          error={errors.date_of_birth}
          autoComplete="bday"
          onChange={set('date_of_birth')}
        />
      </fieldset>
      <DocumentParts upload={upload} />
      <SendFooter upload={upload} />
    </form>
  );
}
