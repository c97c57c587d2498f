/**
 * Names as comparable parts (issue 16's "matching that survives real names"): one canonical Latin spelling per
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
 * next) and written one way ("Abd al-Rahman", "Abderrahmane", "Abdulrahman" -> "abdrahman"...); a glued article
 * ("Elhassan") is dropped. Single letters (initials) are left out. Word order is not kept: the matcher compares sets.
 */

const arabicLetters: Record<string, string> = {
  ا: 'a',
  أ: 'a',
  إ: 'i',
  آ: 'a',
  ٱ: 'a',
  ء: '',
  ئ: 'y',
  ؤ: 'w',
  ب: 'b',
  ت: 't',
  ة: 'a',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  ع: 'a',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ک: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  ى: 'a',
  پ: 'p',
  چ: 'ch',
  ژ: 'zh',
  گ: 'g',
  ڤ: 'v',
};

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
    else out += arabicLetters[ch] ?? (/[a-z]/i.test(ch) ? ch : '');
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

const dropped = new Set([
  // Arabic articles, with their assimilated forms, when written apart ("El Hassan", "Ad-Din", "Es Saadi")
  'al',
  'el',
  'ul',
  'il',
  'ad',
  'ed',
  'ar',
  'er',
  'as',
  'es',
  'ash',
  'esh',
  'ech',
  'at',
  'et',
  'az',
  'ez',
  'an',
  'en',
  // European particles
  'de',
  'du',
  'des',
  'del',
  'della',
  'da',
  'di',
  'dos',
  'das',
  'van',
  'von',
  'der',
  'den',
  'le',
  'la',
  'y',
]);
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
  ['abu', 'abu'],
  ['abou', 'abu'],
  ['abo', 'abu'],
  ['ould', 'ould'],
  ['bou', 'bou'],
  ['ait', 'ait'],
]);
/** Second halves of compound names written apart or together ("Nour Eddine", "Nur al-Din", "Noureddine"). */
const gluedToPrevious = new Set(['din', 'dine', 'eddine', 'eddin', 'edine', 'addin', 'uddin', 'ddine']);
/** European names that start like a glued article: kept whole. */
const notArticle = new Set([
  'alain',
  'albert',
  'alberto',
  'albertine',
  'alessandro',
  'alessandra',
  'alessio',
  'alexandre',
  'alexander',
  'alexandra',
  'alexis',
  'alfred',
  'alfredo',
  'alfonso',
  'alonso',
  'alphonse',
  'alvaro',
  'alvarez',
  'almeida',
  'alicia',
  'alison',
  'allison',
  'alberta',
  'elena',
  'eleonore',
  'elisabeth',
  'elizabeth',
  'elisa',
  'elise',
  'elliot',
  'eliott',
  'elodie',
  'eloise',
  'elvira',
  'eliane',
  'elouan',
  'ellen',
  'elliott',
  'alexia',
  'alfonsa',
]);

/** "abderrahmane", "abdelrahman", "abdulrahman", "abd" + "rahman" -> "abdrahman". */
function canonicalPart(part: string): string {
  let p = part;
  const abd = /^abd(?:oul|oal|el|al|ul|ou|il|ur|er|ar|es|as|et|at|ed|ad|ez|az|en|an|u|e|a|i)?(?=[a-z]{3})/.exec(p);
  if (abd) p = `abd${p.slice(abd[0].length)}`;
  else if (/^(?:al|el)[a-z]{4,}$/.test(p) && !notArticle.has(p)) p = p.slice(2);
  return p;
}

export function nameTokens(name: string): string[] {
  const latin = transliterate(name)
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
    .replace(/['’‘`ʼʻ]/g, '')
    .replace(/[^a-z]+/g, ' ')
    .trim();
  const words = latin === '' ? [] : latin.split(' ');
  const kept = words.filter((w) => !dropped.has(w));
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

const vowels = new Set(['a', 'e', 'i', 'o', 'u']);

/**
 * The phonetic key of one part: consonants only (the vowels are what transliterations disagree on), one letter
 * per sound (kh, gh, sh/ch as X, G, S; ph, th, dh, dj, q/c/k, ce/ci), doubled letters once, a leading vowel kept as
 * 'a' (ع, ا, Omar/Umar), 'ou' before a vowel as 'w' (Ouahid/Wahid), 'y' a consonant only at the start
 * (Zakariya/Zakaria, Yahya/يحيى), a final -off as -ov.
 */
export function skeleton(part: string): string {
  const s = part
    .replace(/x/g, 'ks')
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
    .replace(/ou(?=[aeiy])/g, 'w')
    .replace(/(?<=[aeioul])h$/, '')
    .replace(/off$/, 'ov');
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
