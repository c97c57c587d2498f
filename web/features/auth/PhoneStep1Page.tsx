import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { useNavigate } from 'react-router';
import { COUNTRIES, prefixOfCountry } from '../../../common/identity/phone';
import type { Country } from '../../../common/identity/phone';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { countriesByName } from '../../ui/CountryOptions';
import styles from './PhoneStep1Page.module.css';
import { DEFAULT_COUNTRY, phoneStepUrl } from './phone-params';

/** Phone sign-in, step 1: the country of residence, which gives the number's prefix (France by default). */
export function Component() {
  const { t, i18n } = useTranslation();
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
        <label className={form.label} htmlFor="country">
          {t('auth.countryLabel')}
        </label>
        {/* A select, not one card per country: with the whole European Union the cards ran far below the
            button. The calling code stands beside it, outside the options: a closed select shows '+33' as '33+'
            in Arabic whatever the isolation marks. */}
        <div className={styles.choice}>
          <select
            id="country"
            className={form.select}
            value={country}
            onChange={(event) => {
              const chosen = COUNTRIES.find((code) => code === event.target.value);
              if (chosen) setCountry(chosen);
            }}
            data-testid="country-select"
          >
            {countriesByName(t, i18n.language).map((code) => (
              <option key={code} value={code}>
                {t(`countries.${code}`)}
              </option>
            ))}
          </select>
          <bdi className={styles.prefix} dir="ltr" data-testid="country-prefix">
            {prefixOfCountry[country]}
          </bdi>
        </div>
        <div className={form.actions}>
          <button className={form.primary} type="submit" data-testid="country-continue">
            {t('common.continue')}
          </button>
        </div>
      </form>
    </main>
  );
}
