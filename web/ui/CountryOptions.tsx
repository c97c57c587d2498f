import { COUNTRIES } from '../../common/identity/phone';
import type { Country } from '../../common/identity/phone';
import type { TFunction } from '../i18n/i18n';
import { useTranslation } from '../i18n/i18n';

/** The countries of residence, alphabetical in the user's language (29 of them: no one should hunt for theirs). */
export function countriesByName(t: TFunction, language: string): Country[] {
  const collator = new Intl.Collator(language);
  return [...COUNTRIES].sort((a, b) => collator.compare(t(`countries.${a}`), t(`countries.${b}`)));
}

/** A country select's options in the user's language, after a "choose" line for none yet. */
export function CountryOptions() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <option value="">{t('profile.chooseCountry')}</option>
      {countriesByName(t, i18n.language).map((country) => (
        <option key={country} value={country}>
          {t(`countries.${country}`)}
        </option>
      ))}
    </>
  );
}
