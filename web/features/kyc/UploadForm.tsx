import { useState } from 'react';
import type { FormEvent } from 'react';
import type { KycProfileField, KycStatus } from '../../../common/api/kyc';
import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';
import { DocumentParts, SendFooter, useDocumentUpload } from './DocumentUpload';
import styles from './IdentityPage.module.css';
import type { KycFailure } from './kyc-failure';
import { TextField } from './KycFields';

const autoCompletes: Record<KycProfileField, string> = {
  date_of_birth: 'bday',
  address: 'street-address',
  postcode: 'postal-code',
  city: 'address-level2',
};

/** The first identity document (level 1 to 2), with the profile fields level 2 still needs. */
export function UploadForm({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  const upload = useDocumentUpload();
  const [profile, setProfile] = useState<Partial<Record<KycProfileField, string>>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: KycFailure['fields'] = {};
    const fields: Record<string, string> = {};
    for (const name of status.missing) {
      fields[name] = profile[name] ?? '';
      if (!profile[name]?.trim()) missing[name] = t('errors.required');
    }
    await upload.send(fields, missing);
  };

  return (
    <form className={form.form} onSubmit={(event) => void submit(event)} noValidate data-testid="kyc-form">
      <DocumentParts upload={upload} />
      {status.missing.length > 0 ? (
        <fieldset className={styles.profile}>
          <legend className={form.label}>{t('kyc.profile.title')}</legend>
          <p className={form.hint}>{t('kyc.profile.why')}</p>
          {status.missing.map((name) => (
            <TextField
              key={name}
              name={name}
              label={t(`kyc.profile.${name}`)}
              type={name === 'date_of_birth' ? 'date' : 'text'}
              value={profile[name] ?? ''}
              error={upload.failure.fields[name]}
              autoComplete={autoCompletes[name]}
              onChange={(value) => setProfile((p) => ({ ...p, [name]: value }))}
            />
          ))}
        </fieldset>
      ) : null}
      <SendFooter upload={upload} />
    </form>
  );
}
