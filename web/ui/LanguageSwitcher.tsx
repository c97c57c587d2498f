import type { ChangeEvent } from 'react';
import { useTranslation } from '../i18n/i18n';
import { useLocation, useNavigate } from 'react-router';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '../../common/i18n/languages';
import { writeStored } from '../shared/api/browser-storage';
import { STORAGE_KEYS } from '../shared/api/storage-keys';
import styles from './LanguageSwitcher.module.css';

/**
 * Stores the choice, then puts `lang` in the URL: the route gate switches the catalogue and <html dir>
 * from there, the same path a shared ?lang= link takes. Each language is named in itself.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();

  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const language = event.target.value;
    if (!isLanguage(language)) return;
    writeStored(STORAGE_KEYS.language, language);
    writeStored(STORAGE_KEYS.preferredLanguage, language);
    const params = new URLSearchParams(location.search);
    params.set('lang', language);
    void navigate({ pathname: location.pathname, search: `?${params.toString()}`, hash: location.hash });
  }

  return (
    <div className={styles.switcher}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
      </svg>
      <select
        className={styles.select}
        value={i18n.language}
        onChange={onChange}
        aria-label={t('language.label')}
        data-testid="language-switcher"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
