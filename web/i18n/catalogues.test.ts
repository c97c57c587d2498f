import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../common/i18n/languages';
import ar from './ar.json';
import {
  foreignSentences,
  keys,
  missingPluralForms,
  placeholderMismatches,
  untranslated,
  type Tree,
} from './catalogue-lint';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it_ from './it.json';
import nl from './nl.json';

/**
 * Every screen in the seven languages. A key in one catalogue and not in another, a placeholder lost,
 * a plural form missing or a string left in another language fails here, whoever added it.
 */
const catalogues: Record<Language, Tree> = { fr, en, ar, es, it: it_, nl, de };

/** Keys whose word is really the same as the English or French one in that language. */
// Country names written alike in several languages (Portugal, Malta, Austria in Spanish...).
const sameCountries = (...codes: string[]) => codes.map((code) => `countries.${code}`);

const sameWords: Partial<Record<Language, string[]>> = {
  es: sameCountries('AT', 'BG', 'EE', 'MT', 'PT'),
  it: [
    'pages.home',
    'nav.home',
    'contacts.detail.email',
    'tellerMenu.menu',
    ...sameCountries('AT', 'BG', 'EE', 'MT', 'RO', 'SI'),
  ],
  nl: [
    ...sameCountries('CY', 'FI', 'MT', 'PT'),
    'tellerMenu.menu',
    'transactions.filters',
    'transactions.filtersOn',
    'profile.account',
    'contacts.detail.email',
    'limits.level1',
    'kyc.documentType',
    'kyc.profile.postcode',
    'payouts.check.bank',
  ],
  de: ['contacts.detail.address', 'kyc.profile.address', 'payouts.check.bank', ...sameCountries('MT', 'PT')],
};

describe('the catalogues of the seven languages', () => {
  const french = [...keys(fr)].sort();

  it('lists every language of common/i18n/languages.ts', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'fr'))('%s has exactly the keys of French', (language) => {
    const theirs = keys(catalogues[language]);
    expect(
      french.filter((k) => !theirs.has(k)),
      'missing',
    ).toEqual([]);
    expect(
      [...theirs].filter((k) => !french.includes(k)),
      'not in French',
    ).toEqual([]);
  });

  it.each(LANGUAGES)('%s: each string non-empty, each plural with the forms of its language', (language) => {
    const tree = catalogues[language];
    const empty = [...keys(tree)].filter((k) => k.trim() === '');
    expect(empty).toEqual([]);
    expect(missingPluralForms(tree, language)).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'fr'))('%s keeps the placeholders of French', (language) => {
    expect(placeholderMismatches(fr, catalogues[language])).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'fr' && l !== 'en'))(
    '%s leaves no string as it is in English or French',
    (language) => {
      expect(untranslated(catalogues[language], [en, fr], sameWords[language])).toEqual([]);
    },
  );

  it('lists as the same word only keys that really are the same', () => {
    for (const [language, paths] of Object.entries(sameWords)) {
      for (const path of paths) {
        const rest = untranslated(catalogues[language as Language], [en, fr]);
        expect(
          rest.some((line) => line.startsWith(`${path}:`) || line.startsWith(`${path}_`)),
          `${language} ${path}`,
        ).toBe(true);
      }
    }
  });

  it.each(LANGUAGES)('%s holds no sentence in another language', (language) => {
    expect(foreignSentences(catalogues[language], language)).toEqual([]);
  });

  it('catches a string left in English, a French sentence, a lost placeholder and a missing plural form', () => {
    const dutch: Tree = { a: 'Your balance is too low.', b: 'Votre solde est insuffisant.', c: 'Hallo', d_other: 'x' };
    expect(untranslated(dutch, [{ a: 'Your balance is too low.' }])).toHaveLength(1);
    expect(foreignSentences(dutch, 'nl').map((line) => line.split(' ')[0])).toEqual(['a', 'b']);
    expect(placeholderMismatches({ c: 'Bonjour {{name}}' }, dutch)).toHaveLength(1);
    expect(missingPluralForms(dutch, 'nl')).toEqual(['d_one']);
    // Brand names, codes and numbers are the same everywhere.
    expect(untranslated({ name: 'Sila', amount: '{{amount}} MAD', km: '{{distance}} km' }, [en])).toEqual([]);
  });
});
