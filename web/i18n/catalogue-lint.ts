import type { Language } from '../../common/i18n/languages';

/**
 * The checks every translation catalogue passes, for the customer's (web/i18n) and the back-office's
 * (web/features/ops/i18n) alike: used by their completeness tests only, never by the app.
 *
 * - the same keys as French, plural forms folded under their base key, and each plural base with the forms its
 *   language needs (Intl.PluralRules: Arabic's six; 'many' elsewhere only concerns millions and falls back to
 *   'other');
 * - every `{{placeholder}}` of the French string, and no other;
 * - no string left in another language: a string identical to the English or French one (beyond brand names,
 *   codes, numbers and an explicit list of words that are the same in both languages), or a sentence made of
 *   another language's function words (an English sentence in the Dutch file, a French one in the Spanish file).
 */

export type Tree = { [key: string]: string | Tree };

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every string of a catalogue by its dotted path (plural forms keep their suffix). */
export function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

/** Every key of a catalogue, plural forms folded under their base key. */
export function keys(tree: Tree): Set<string> {
  return new Set(leaves(tree).map(([path]) => path.replace(PLURAL, '')));
}

/** Plural bases missing a form their language needs: `path_form`. */
export function missingPluralForms(tree: Tree, language: Language): string[] {
  const present = new Set(leaves(tree).map(([path]) => path));
  const bases = new Set(
    leaves(tree)
      .filter(([path]) => PLURAL.test(path))
      .map(([path]) => path.replace(PLURAL, '')),
  );
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const needed = categories.filter((c) => language === 'ar' || c !== 'many');
  return [...bases].flatMap((base) => needed.filter((c) => !present.has(`${base}_${c}`)).map((c) => `${base}_${c}`));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

/**
 * Strings whose placeholders differ from the French string of the same key. A plural form may leave out
 * `{{count}}` (Arabic writes 'one attempt' and 'two attempts' in words) but names nothing else.
 */
export function placeholderMismatches(source: Tree, tree: Tree): string[] {
  const french = new Map(leaves(source).map(([path, text]) => [path.replace(PLURAL, ''), placeholders(text)]));
  return leaves(tree).flatMap(([path, text]) => {
    const expected = french.get(path.replace(PLURAL, '')) ?? [];
    const found = placeholders(text);
    const same = PLURAL.test(path)
      ? found.every((name) => expected.includes(name)) &&
        expected.filter((name) => name !== 'count').every((name) => found.includes(name))
      : found.join() === expected.join();
    return same ? [] : [`${path}: {{${found.join('}} {{')}}} instead of {{${expected.join('}} {{')}}}`];
  });
}

// Names, codes and units that are the same in every language.
const NEUTRAL_TOKENS =
  /\b(Sila|MAD|EUR|UTC|SHA-256|SHA|QR|SMS|PDF|JPEG|PNG|MB|Mo|km|ADR|npm|CNIE|IBAN|ID|min|s|Max|OK)\b/g;

/** What is left of a string once placeholders, neutral tokens, digits and punctuation are taken out. */
function words(text: string): string {
  return text
    .replace(/\S+@\S+/g, ' ')
    .replace(/\{\{\s*\w+\s*\}\}/g, ' ')
    .replace(NEUTRAL_TOKENS, ' ')
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
}

/**
 * Strings identical to the English or French string of the same key, where something is left to translate.
 * `sameWords` lists the keys whose word really is the same in the language (Dutch 'Filters', Italian 'Home').
 */
export function untranslated(tree: Tree, references: readonly Tree[], sameWords: readonly string[] = []): string[] {
  const refs = references.map((ref) => new Map(leaves(ref)));
  return leaves(tree).flatMap(([path, text]) => {
    if (sameWords.includes(path.replace(PLURAL, '')) || words(text).length < 3) return [];
    const copied = refs.some((ref) => ref.get(path)?.trim() === text.trim());
    return copied ? [`${path}: "${text}"`] : [];
  });
}

const WORD = /\p{L}+(?:[-'’]\p{L}+)*/gu;

/**
 * Each language's most frequent function words (one-letter ones, 'a', 'e', 'i', 'o', 'y', are too ambiguous): a sentence is written in the language whose words it uses. A
 * word shared by two languages ('de', 'en', 'is', 'a') counts for neither when one of them is the catalogue's.
 */
const FUNCTION_WORDS: Record<Exclude<Language, 'ar'>, string[]> = {
  en: 'the and your you this that with for not was will can has have been our we of to it please from is are be by or an at on there in no am per as so my too very now again here all any'.split(
    ' ',
  ),
  fr: 'le la les des du est vous votre vos une un pour dans avec sur pas ne et au aux ce cette qui que sont ou nous été être par plus à de en il on se sa son ses leur non mon ma mes'.split(
    ' ',
  ),
  es: 'el la los las de del que en tu tus te es un una para con por no se su sus al lo has ha está este esta esto más ya le nos si mi como pero'.split(
    ' ',
  ),
  it: 'il lo la gli le di del della che è un una per con non su sul al alla tuo tua tuoi ti si ha hai sono da in nel nella questo questa più dei ci se ne mi ma anche come'.split(
    ' ',
  ),
  nl: 'de het een en van is je jouw jij niet op te met voor naar dat dit die er zijn wordt kan of bij in aan om als ook nog we wij ons uw geen tot al dan door per'.split(
    ' ',
  ),
  de: 'der die das und ist sie ihr ihre ihren ihrem ihres nicht mit für ein eine einen auf zu den dem des von wird wurde sind in an es im am bei oder kein keine noch nach was wir uns als um bis vor du dein deine per je'.split(
    ' ',
  ),
};

/**
 * Strings that read as another language: at least two of its function words that are not the catalogue
 * language's, and more of them than of the catalogue language's own (words of both count for neither); or, in a string of three words or more,
 * one such word and none of the language's own. Arabic, which has no Latin function words, flags any such word.
 */
export function foreignSentences(tree: Tree, language: Language, allowed: readonly string[] = []): string[] {
  const own = new Set(language === 'ar' ? [] : FUNCTION_WORDS[language]);
  return leaves(tree).flatMap(([path, text]) => {
    if (allowed.includes(path)) return [];
    // Words as written: 'e-mail' and 'l’adresse' stay one word each.
    const tokens = (
      text
        .replace(/\S+@\S+|\{\{\s*\w+\s*\}\}/g, ' ')
        .replace(NEUTRAL_TOKENS, ' ')
        .toLowerCase()
        .match(WORD) ?? []
    ).map((w) => w.replace(/^\p{L}+['’]/u, ''));
    for (const [other, list] of Object.entries(FUNCTION_WORDS)) {
      if (other === language) continue;
      const foreign = tokens.filter((w) => list.includes(w) && !own.has(w)).length;
      const ownCount = tokens.filter((w) => own.has(w) && !list.includes(w)).length;
      const reads =
        (foreign >= 2 && foreign > ownCount) ||
        (foreign >= 1 && ownCount === 0 && tokens.length >= 3 && language !== 'ar') ||
        (language === 'ar' && foreign >= 1);
      if (reads) return [`${path} reads as ${other}: "${text}"`];
    }
    return [];
  });
}
