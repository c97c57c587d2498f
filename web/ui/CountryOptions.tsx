import { COUNTRIES } from '../../common/identity/phone';
import { useTranslation } from '../i18n/i18n';

/** A country select's options in the user's language, after a "choose" line for none yet. */
export function CountryOptions() {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{t('profile.chooseCountry')}</option>
      {COUNTRIES.map((country) => (
        <option key={country} value={country}>
          {t(`countries.${country}`)}
        </option>
      ))}
    </>
  );
}
