import { arabicLetterReadings, droppedParticles, givenNameGroups, turkishLetterReadings } from './name-tables.ts';

/**
 * Names as comparable parts ("matching that survives real names"): one canonical Latin spelling per
 * part, and a phonetic skeleton that Arabic names' Latin spellings share.
 *
 * nameTokens('Mohammed Al-Hassan')  -> ['mohammed', 'hassan']
 * nameTokens('محمد الحسن')           -> ['mhmd', 'hasan']    (Arabic script transliterated letter by letter)
 * skeleton('mohammed') = skeleton('muhammad') = skeleton('mhmd') = 'mhmd'; skeleton('hassan') = skeleton('hasan') = 'hsn'
 *
 * Steps: Arabic script -> Latin (article ال dropped, و/ي as w/y at a word's start, as vowels inside); Latin
 * letters without accents (NFKD), lower case; apostrophes join ("Ja'far" -> "jafar"), every other mark separates
 * (hyphens, dots, commas); articles and particles that a spelling may or may not carry are dropped (al, el, ad, es,
 * de, van...); the parts a spelling may write apart or together are joined (abd + next, ben/bin/ibn + next, abu +
 * next) and written one way ("Abd al-Rahman", "Abderrahmane", "Abdulrahman" -> "abdrahman"...). A glued article
 * ("Elhassan") is kept, and its absence is one of the part's other spellings (otherSpellings(): with the letters
 * the transliteration tables of name-tables.ts read more than one way). Single letters (initials) are left out.
 * Word order is not kept: the matcher compares sets.
 */

const arabicMarks = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;
const arabicScript = /[\u0600-\u06ff]/;

function transliterateWord(word: string): string {
  let w = word.replace(arabicMarks, '');
  if (w.length > 3 && w.startsWith('ال')) w = w.slice(2);
  let out = '';
  [...w].forEach((ch, i, letters) => {
    // و is a consonant at a word's start, after a long a and before a final ي ("qasrawi", "naqwi"), a vowel
    // elsewhere ("zaytouni").
    if (ch === 'و')
      out += i === 0 || letters[i - 1] === 'ا' || (letters[i + 1] === 'ي' && i + 2 === letters.length) ? 'w' : 'u';
    else if (ch === 'ي' || ch === 'ی') out += i === 0 ? 'y' : 'i';
    else out += arabicLetterReadings[ch]?.[0] ?? (/[a-z]/i.test(ch) ? ch : '');
  });
  return out;
}

export const hasArabicScript = (text: string): boolean => arabicScript.test(text);

/** Arabic-script words in Latin letters; other text unchanged. */
export function transliterate(text: string): string {
  if (!arabicScript.test(text)) return text;
  return text
    .split(/\s+/)
    .map((word) => (arabicScript.test(word) ? transliterateWord(word) : word))
    .join(' ');
}

/** Written apart or together: glued to the next part. */
const gluedToNext = new Map([
  ['abd', 'abd'],
  ['abdel', 'abd'],
  ['abdul', 'abd'],
  ['abdal', 'abd'],
  ['abdoul', 'abd'],
  ['abdoal', 'abd'],
  ['ben', 'ben'],
  ['bin', 'ben'],
  ['ibn', 'ben'],
  ['ibnu', 'ben'],
  ['bel', 'bel'],
  ['abu', 'abu'],
  ['abou', 'abu'],
  ['abo', 'abu'],
  ['bu', 'bou'],
  ['ould', 'ould'],
  ['bou', 'bou'],
  ['ait', 'ait'],
]);
/** Second halves of compound names written apart or together ("Nour Eddine", "Nur al-Din", "Noureddine"). */
const gluedToPrevious = new Set([
  'din',
  'dine',
  'eddine',
  'eddin',
  'edine',
  'addin',
  'uddin',
  'ddine',
  'aldin',
  'eldin',
  'eldine',
]);

/** "abderrahmane", "abdelrahman", "abdulrahman", "abd" + "rahman" -> "abdrahman". */
function canonicalPart(part: string): string {
  const abd = /^abd(?:oul|oal|el|al|ul|ou|il|ur|er|ar|es|as|et|at|ed|ad|ez|az|en|an|u|e|a|i)?(?=[a-z]{3})/.exec(part);
  return abd ? `abd${part.slice(abd[0].length)}` : part;
}

/**
 * A part without the Arabic article glued to its front ("Elhassan", "Alhassan", "Ennaciri", "Echcherradi"), or
 * null. Only ever an alternative reading: the part itself is kept whole, so a European name that begins with the
 * same letters (Alain, Albert, Alfonso, Aldo, Alexandre, Elena, Ellen) is compared as it is written, typos
 * included, and also without the article.
 */
export function withoutGluedArticle(part: string): string | null {
  const m = /^(?:al|el)(?=[a-z]{3})|^e(?=(ch|sh|[tdrzsnl])\1[a-z]{2})/.exec(part);
  if (!m) return null;
  return m[1] === undefined ? part.slice(2) : part.slice(1 + m[1].length);
}

/** A name as Latin words: Arabic script transliterated, accents and case removed, marks as spaces. */
function latinWords(name: string, apostrophes: 'join' | 'split'): string[] {
  const latin = transliterate(name)
    .replace(/[şŞ]/g, 'sh')
    .replace(/[ğĞ]/g, '')
    .replace(/[çÇ]/g, 's')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ø/g, 'o')
    .replace(/[łı]/g, (c) => (c === 'ł' ? 'l' : 'i'))
    .replace(/đ/g, 'd')
    .replace(/['’‘`ʼʻ]/g, apostrophes === 'join' ? '' : ' ')
    .replace(/[^a-z]+/g, ' ')
    .trim();
  return latin === '' ? [] : latin.split(' ');
}

/** Words as parts: particles dropped, the parts written apart or together joined, initials left out. */
function partsOfWords(words: string[]): string[] {
  const kept = words.filter((w) => !droppedParticles.has(w));
  const parts = kept.length > 0 ? kept : words;
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const word = parts[i] ?? '';
    const glue = gluedToNext.get(word);
    const next = parts[i + 1];
    if (glue !== undefined && next !== undefined) {
      out.push(canonicalPart(glue + next));
      i++;
    } else if (gluedToPrevious.has(word) && out.length > 0) out.push(`${out.pop() ?? ''}${word}`);
    else out.push(canonicalPart(word));
  }
  return out.filter((t) => t.length > 1);
}

export function nameTokens(name: string): string[] {
  return partsOfWords(latinWords(name, 'join'));
}

/**
 * The ways one name may be cut into parts, its own first: particles written together with the name they belong
 * to ("Van der Berghe" and "Vanderberghe", "De la Fuente" and "Delafuente", "Lo Bianco" and "Lobianco"), an
 * apostrophe as a cut ("Dell'Orto" and "Dell Orto"), and two neighbouring parts written as one ("Tazi Mekouar" and
 * "Tazimekouar", "Fatima Zahra" and "Fatimazahra"). Each a list of parts; no two the same.
 */
export function nameCuts(name: string): string[][] {
  const own = nameTokens(name);
  const cuts = [own];
  const words = latinWords(name, 'join');
  const glued: string[] = [];
  let particles = '';
  for (const w of words) {
    if (droppedParticles.has(w) && w.length > 1) particles += w;
    else {
      glued.push(particles + w);
      particles = '';
    }
  }
  cuts.push(partsOfWords(glued));
  if (/['’‘`ʼʻ]/.test(name)) cuts.push(partsOfWords(latinWords(name, 'split')));
  for (let i = 0; i + 1 < own.length && own.length <= 5; i++)
    cuts.push([...own.slice(0, i), `${own[i] ?? ''}${own[i + 1] ?? ''}`, ...own.slice(i + 2)]);
  const seen = new Set<string>();
  return cuts.filter((c) => {
    const key = c.join(' ');
    if (c.length === 0 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const vowels = new Set(['a', 'e', 'i', 'o', 'u']);

/** The consonants written with two letters or several ways as one letter each: kh, gh, sh/ch as X, G, S; ph,
 * th, dh, dj, ck, q/c/k, ce/ci; 'ou' before a vowel as 'w'. */
const consonantsOnePerSound = (part: string): string =>
  part
    .replace(/kh/g, 'X')
    .replace(/gh/g, 'G')
    .replace(/(?:sch|tch|sh|ch)/g, 'S')
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/dh/g, 'd')
    .replace(/dj/g, 'j')
    .replace(/ck/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/[cq]/g, 'k')
    .replace(/ou(?=[aeiy])/g, 'w');

/**
 * The phonetic key of one part: consonants only (the vowels are what transliterations disagree on), one letter
 * per sound (kh, gh, sh/ch as X, G, S; ph, th, dh, dj, q/c/k, ce/ci), doubled letters once, a leading vowel kept as
 * 'a' (ع, ا, Omar/Umar), 'ou' before a vowel as 'w' (Ouahid/Wahid), 'y' a consonant only at the start
 * (Zakariya/Zakaria, Yahya/يحيى), a final -off as -ov.
 */
export function skeleton(part: string): string {
  const s = consonantsOnePerSound(part.replace(/x/g, 'ks'))
    .replace(/(?<=[aeioul])h$/, '')
    .replace(/(?<=^[a-z]{3,})off$/, 'ov');
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] ?? '';
    const isVowel = vowels.has(ch) || (ch === 'y' && i > 0);
    const letter = isVowel ? (i === 0 ? 'a' : '') : ch;
    if (letter !== '' && !out.endsWith(letter)) out += letter;
  }
  return out;
}

/** Jaro-Winkler similarity (prefix scale 0.1, up to 4 letters): 1 for equal strings, 0 for nothing in common. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const aMatched = new Uint8Array(la);
  const bMatched = new Uint8Array(lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    for (let j = lo; j <= hi; j++) {
      if (bMatched[j] === 0 && a.charCodeAt(i) === b.charCodeAt(j)) {
        aMatched[i] = 1;
        bMatched[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (aMatched[i] === 0) continue;
    while (bMatched[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < la && prefix < lb && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** How an alternative spelling of a part was reached: for the reviewer's explanation. */
export type SpellingKind = 'letters' | 'article';

const isVowelReading = (r: string) => /^[aeiou]*$/.test(r);

/**
 * The Latin letters to read another way, from the tables: a letter or pair that the Arabic table gives to a
 * letter it does not first stand for is read as that letter's first spelling (g as q or j, j and x as kh, rh as
 * gh, dh as z), only when the skeletons differ (dj and j, ch and sh are one sound already); Turkish c and v.
 */
const letterReadings: readonly (readonly [RegExp, string])[] = (() => {
  const pairs = new Map<string, Set<string>>();
  const add = (from: string, to: string) => {
    const set = pairs.get(from) ?? new Set<string>();
    set.add(to);
    pairs.set(from, set);
  };
  for (const readings of Object.values(arabicLetterReadings)) {
    const [first, ...others] = readings;
    if (first === undefined || isVowelReading(first)) continue;
    for (const r of others) if (!isVowelReading(r) && skeleton(r) !== skeleton(first)) add(r, first);
  }
  for (const [from, tos] of Object.entries(turkishLetterReadings)) for (const to of tos) add(from, to);
  return [...pairs].flatMap(([from, tos]) =>
    [...tos].map((to) => [new RegExp(from.length === 1 ? `${from}(?![hk])` : from, 'y'), to] as const),
  );
})();

/** Whether a Latin part has a letter the tables read more than one way (a quick test before reading them). */
const ambiguousLetter = new RegExp(letterReadings.map(([from]) => from.source).join('|'));

/** At most this many other spellings per part: each is looked up in the index. */
const MAX_SPELLINGS = 8;

/**
 * The other spellings a part may stand for, its own not included: without a glued article, each ambiguous letter
 * read the other ways the tables give it (one reading per letter at a time, combined), and, for a part
 * transliterated from Arabic script, its vowel letters read as the consonants they may be (و as w, ي as y).
 */
export function otherSpellings(part: string, fromArabic: boolean): { text: string; kind: SpellingKind }[] {
  const out = new Map<string, SpellingKind>();
  const bare = withoutGluedArticle(part);
  if (bare !== null) out.set(bare, 'article');
  const rules = fromArabic ? [...letterReadings, ...vowelLetterReadings] : letterReadings;
  for (const base of bare === null ? [part] : [part, bare]) {
    if (!fromArabic && !ambiguousLetter.test(base)) continue;
    for (const text of readings(base, rules)) if (text !== part && !out.has(text)) out.set(text, 'letters');
  }
  return [...out].slice(0, MAX_SPELLINGS).map(([text, kind]) => ({ text, kind }));
}

/** و and ي that a transliteration wrote as the vowels u and i may be the consonants w and y. */
const vowelLetterReadings: readonly (readonly [RegExp, string])[] = [
  [/u/y, 'w'],
  [/i(?!$)/y, 'y'],
];

/** Every reading of a text, each ambiguous letter of it read as written or one other way, fewest changes first. */
function readings(text: string, rules: readonly (readonly [RegExp, string])[]): string[] {
  const segments: string[][] = [];
  let plain = '';
  for (let i = 0; i < text.length;) {
    const options: string[] = [];
    let length = 0;
    for (const [from, to] of rules) {
      from.lastIndex = i;
      const m = from.exec(text);
      if (m && (length === 0 || m[0].length === length)) {
        length = m[0].length;
        options.push(to);
      }
    }
    if (length === 0 || segments.length >= 4) {
      plain += text[i];
      i++;
      continue;
    }
    segments.push([plain]);
    plain = '';
    segments.push([text.slice(i, i + length), ...options]);
    i += length;
  }
  segments.push([plain]);
  let combos: { text: string; changes: number }[] = [{ text: '', changes: 0 }];
  for (const options of segments)
    combos = combos.flatMap((c) => options.map((o, k) => ({ text: c.text + o, changes: c.changes + (k > 0 ? 1 : 0) })));
  return combos.sort((a, b) => a.changes - b.changes).map((c) => c.text);
}

const groupOf = new Map<string, number>();
givenNameGroups.forEach((names, i) => {
  for (const n of names) groupOf.set(n, i);
});

/** The given-name group (name-tables.ts) a part belongs to, or -1: Mehmet, Mohamed and Muhammad are one name. */
export const nameGroup = (part: string): number => groupOf.get(part) ?? -1;

/** A part spelled with one letter per sound, vowels kept: how close two spellings of one skeleton sound. */
export const spelledOut = (part: string): string =>
  consonantsOnePerSound(part.replace(/gu(?=[ei])/g, 'g'))
    .replace(/ou/g, 'u')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/(.)\1/g, '$1');
