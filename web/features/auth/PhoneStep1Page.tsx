import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { useNavigate } from 'react-router';
import { COUNTRIES, prefixOfCountry } from '../../../common/identity/phone';
import type { Country } from '../../../common/identity/phone';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import styles from './PhoneStep1Page.module.css';
import { DEFAULT_COUNTRY, phoneStepUrl } from './phone-params';

/** Phone sign-in, step 1: the country of residence, which gives the number's prefix (France by default). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const withLang = useWithLang();
  const [country, setCountry] = useState<Country>(DEFAULT_COUNTRY);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void navigate(withLang(phoneStepUrl('step2', prefixOfCountry[country])));
  }

  return (
    <main className={form.page}>
      <ScreenHeader title={t('pages.phoneStep1')} backTo={withLang('/auth/step1')} />
      <form className={form.form} onSubmit={onSubmit}>
        <fieldset className={styles.countries}>
          <legend className={form.label}>{t('auth.countryLabel')}</legend>
          {COUNTRIES.map((code) => (
            <label key={code} className={styles.country}>
              <input
                type="radio"
                name="country"
                value={code}
                checked={country === code}
                onChange={() => setCountry(code)}
                className={styles.radio}
                data-testid={`country-${code}`}
              />
              <span className={styles.name}>{t(`countries.${code}`)}</span>
              <bdi className={styles.prefix} dir="ltr">
                {prefixOfCountry[code]}
              </bdi>
            </label>
          ))}
        </fieldset>
        <div className={form.actions}>
          <button className={form.primary} type="submit" data-testid="country-continue">
            {t('common.continue')}
          </button>
        </div>
      </form>
    </main>
  );
}
