import { isLanguage, type Language } from './languages.ts';

/**
 * The cities of our agencies as each language writes them ('Tanger' in French, 'Tangier' in English, 'طنجة' in
 * Arabic). An agency's city is stored as an operator typed it; wherever we show it, it is written in the reader's
 * language when it is one of these, in any of its spellings, and as typed otherwise.
 */
const CITIES: readonly Record<Language, string>[] = [
  { fr: 'Casablanca', en: 'Casablanca', ar: 'الدار البيضاء', es: 'Casablanca', it: 'Casablanca', nl: 'Casablanca', de: 'Casablanca' },
  { fr: 'Rabat', en: 'Rabat', ar: 'الرباط', es: 'Rabat', it: 'Rabat', nl: 'Rabat', de: 'Rabat' },
  { fr: 'Marrakech', en: 'Marrakesh', ar: 'مراكش', es: 'Marrakech', it: 'Marrakech', nl: 'Marrakesh', de: 'Marrakesch' },
  { fr: 'Tanger', en: 'Tangier', ar: 'طنجة', es: 'Tánger', it: 'Tangeri', nl: 'Tanger', de: 'Tanger' },
  { fr: 'Agadir', en: 'Agadir', ar: 'أكادير', es: 'Agadir', it: 'Agadir', nl: 'Agadir', de: 'Agadir' },
  { fr: 'Fès', en: 'Fez', ar: 'فاس', es: 'Fez', it: 'Fès', nl: 'Fez', de: 'Fès' },
  { fr: 'Meknès', en: 'Meknes', ar: 'مكناس', es: 'Mequinez', it: 'Meknès', nl: 'Meknes', de: 'Meknès' },
  { fr: 'Oujda', en: 'Oujda', ar: 'وجدة', es: 'Uchda', it: 'Oujda', nl: 'Oujda', de: 'Oujda' },
  { fr: 'Tétouan', en: 'Tetouan', ar: 'تطوان', es: 'Tetuán', it: 'Tétouan', nl: 'Tetouan', de: 'Tétouan' },
  { fr: 'Kénitra', en: 'Kenitra', ar: 'القنيطرة', es: 'Kenitra', it: 'Kenitra', nl: 'Kenitra', de: 'Kenitra' },
  { fr: 'Nador', en: 'Nador', ar: 'الناظور', es: 'Nador', it: 'Nador', nl: 'Nador', de: 'Nador' },
];

// Case, accents and spaces aside: 'TANGER', 'tétouan ' and 'Tetouan' are one city.
const key = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase();

const byName = new Map(CITIES.flatMap((names) => Object.values(names).map((name) => [key(name), names] as const)));

/** `city` as `language` writes it, or as typed when it is not a city we know (or the language is none of ours). */
export function cityIn(language: string, city: string): string {
  return (isLanguage(language) ? byName.get(key(city))?.[language] : undefined) ?? city;
}
