import {
  hasArabicScript,
  jaroWinkler,
  nameGroup,
  nameTokens,
  otherSpellings,
  skeleton,
  spelledOut,
  type SpellingKind,
} from './name-tokens.ts';
import type { Agreement } from '../../../common/api/sanctions-review.ts';

/**
 * Screening a name against the sanctions lists, pure and in memory.
 *
 * Score of a subject against one listed name, 0..1:
 * 1. both names as parts (name-tokens.ts); each pair of parts compared by partSimilarity(): Jaro-Winkler on the
 *    spellings, or 0.9 when their phonetic skeletons are equal (Mohamed/Muhammad/محمد, Hassan/Hasan/الحسن);
 * 2. parts paired greedily, best pairs first, each part at most once (word order does not matter);
 * 3. score = matched weight / (matched weight + the unmatched parts' weights), where a part's weight is its
 *    rarity in the lists (1 + ln(1 + names / (1 + names holding it)): "Mohamed" weighs less than a rare family
 *    name), and an unmatched part costs less in the middle of a name (a missing middle name: 0.3) and on the
 *    listed side (lists carry father's and grandfather's names: 0.6) than at the subject's ends (1);
 *    at least two parts must match when both names have two;
 * 4. adjusted when known on both sides: a date of birth that agrees (same day, or year within one for a list's
 *    year-only date) +0.05, one that does not -0.20; a nationality equal to the subject's country +0.03, none
 *    equal -0.03.
 * A subject is a hit when an entry's best name scores at least the threshold (SANCTIONS_MATCH_THRESHOLD, 0.70).
 *
 * The index (SanctionsIndex) prefilters: each distinct listed part is filed under its skeleton and the skeleton
 * with one letter deleted, so a subject's part reaches the listed parts within one phonetic edit without
 * comparing it to all of them; only names reached by enough of the subject's parts are scored in full.
 */

/** Spellings less alike than this (Jaro-Winkler) are different parts. */
export const TOKEN_MIN = 0.82;
/** The Jaro-Winkler figure that counts as nothing when a pair's spelling similarity is rescaled to 0..1. */
const TEXT_FLOOR = 0.8;
/** What two parts that sound the same (equal skeletons) count. */
const SKELETON_EQUAL = 0.9;

export interface ScreenedSubject {
  name: string;
  /** 'YYYY-MM-DD' when known. */
  birthDate?: string | null;
  /** ISO alpha-2 (nationality or country of residence) when known. */
  country?: string | null;
}

export interface ListedEntry {
  /** `source:external_id`, e.g. 'ofac:12345'. */
  key: string;
  source: string;
  externalId: string;
  names: string[];
  birthDates: string[];
  nationalities: string[];
  programme: string | null;
}

export interface SanctionsMatch {
  entry: ListedEntry;
  /** The listed name (primary or alias) that scored best. */
  matchedName: string;
  score: number;
  /** The name score before the date-of-birth and nationality adjustments. */
  nameScore: number;
}

/** One spelling of a part: its own, or another the tables allow (name-tokens.ts otherSpellings()). */
interface Spelling {
  text: string;
  skel: string;
  /** One letter per sound, vowels kept (name-tokens.ts spelledOut()). */
  spelled: string;
  kind: SpellingKind | 'own';
}

export interface Part {
  text: string;
  skel: string;
  /** Transliterated from Arabic script: short vowels unwritten, so only the skeleton says how close it is. */
  arabic: boolean;
  /** Its own spelling first, then the others. */
  spellings: Spelling[];
  /** The skeletons of its other spellings. */
  otherSkels: Set<string>;
  /** One of its other spellings leaves a glued article out. */
  article: boolean;
  /** The given-name group (name-tables.ts), -1 for none. */
  group: number;
}

const spelling = (text: string, kind: Spelling['kind']): Spelling => ({
  text,
  skel: skeleton(text),
  spelled: spelledOut(text),
  kind,
});

/** A part; `others`: whether to read its other spellings (not for two parts written as one). */
export const part = (text: string, arabic = false, others = true): Part => {
  const spellings = [
    spelling(text, 'own'),
    ...(others ? otherSpellings(text, arabic).map((o) => spelling(o.text, o.kind)) : []),
  ];
  return {
    text,
    skel: (spellings[0] as Spelling).skel,
    arabic,
    spellings,
    otherSkels: new Set(spellings.slice(1).map((s) => s.skel)),
    article: spellings.some((s) => s.kind === 'article'),
    group: nameGroup(text),
  };
};
const partsOf = (name: string): Part[] => {
  const arabic = hasArabicScript(name);
  return nameTokens(name).map((t) => part(t, arabic));
};

/** How two parts were found alike, for the reviewer: written the same, a typo apart, the same sounds, an
 * ambiguous letter read another way or a glued article left out, or one given name in another language. */
export type PartAgreement = 'same' | 'spelling' | 'sound' | SpellingKind | 'name';

/** Where compareParts() says how two parts were found alike. */
export interface HowAlike {
  how: PartAgreement;
}

export function partSimilarity(a: Part, b: Part, explain?: HowAlike): number {
  if (a.text === b.text) {
    if (explain) explain.how = 'same';
    return 1;
  }
  const text = jaroWinkler(a.text, b.text);
  let score = text <= TOKEN_MIN ? 0 : (text - TEXT_FLOOR) / (1 - TEXT_FLOOR);
  let how: PartAgreement = 'spelling';
  const fromArabic = a.arabic || b.arabic;
  // Sounds alike: equal skeletons, or but for a leading vowel; one given name in two languages.
  const sound =
    a.skel === b.skel
      ? a.skel.length >= 3
        ? fromArabic || text >= 0.8
        : a.skel.length === 2 && text >= 0.75
      : leadingVowelApart(a.skel, b.skel) && text >= 0.84;
  if (sound && SKELETON_EQUAL > score) {
    score = SKELETON_EQUAL;
    how = 'sound';
  }
  if (a.group >= 0 && a.group === b.group && SKELETON_EQUAL > score) {
    score = SKELETON_EQUAL;
    how = 'name';
  }
  if (score < SKELETON_EQUAL && (a.article || b.article || otherSkelsMeet(a, b))) {
    for (const sa of a.spellings) {
      for (const sb of b.spellings) {
        if (sa.kind === 'own' && sb.kind === 'own') continue;
        const kind = (sa.kind === 'own' ? sb.kind : sa.kind) as SpellingKind;
        let s = 0;
        if (sa.text === sb.text) s = kind === 'article' ? 1 : SKELETON_EQUAL;
        else if (sa.skel === sb.skel) {
          if (sa.skel.length >= 3 && (fromArabic || jaroWinkler(sa.spelled, sb.spelled) >= 0.8)) s = SKELETON_EQUAL;
        } else if (kind === 'article') {
          const t = jaroWinkler(sa.text, sb.text);
          if (t > TOKEN_MIN) s = (t - TEXT_FLOOR) / (1 - TEXT_FLOOR);
        }
        if (s > score) {
          score = s;
          how = kind;
        }
      }
    }
  }
  if (explain) explain.how = how;
  return score;
}

/** Whether a skeleton of one part's other spellings is a skeleton of the other part (own or other). */
function otherSkelsMeet(a: Part, b: Part): boolean {
  if (a.otherSkels.size === 0) return b.otherSkels.size > 0 && b.otherSkels.has(a.skel);
  if (b.otherSkels.size === 0) return a.otherSkels.has(b.skel);
  if (a.otherSkels.has(b.skel) || b.otherSkels.has(a.skel)) return true;
  for (const k of a.otherSkels) if (b.otherSkels.has(k)) return true;
  return false;
}

function leadingVowelApart(a: string, b: string): boolean {
  if (a.length === b.length + 1 && a[0] === 'a') return b.length >= 3 && a.slice(1) === b;
  if (b.length === a.length + 1 && b[0] === 'a') return a.length >= 3 && b.slice(1) === a;
  return false;
}

export type Weight = (p: Part) => number;
const unweighted: Weight = () => 1;

const middleCost = (i: number, n: number, edgeCost: number) => (i === 0 || i === n - 1 ? edgeCost : 0.3);

/** The name score of two names as parts (steps 1 to 3). */
export function scoreParts(
  q: Part[],
  e: Part[],
  weight: Weight,
  similarity: (i: number, j: number) => number = (i, j) => partSimilarity(q[i] as Part, e[j] as Part),
): number {
  if (q.length === 0 || e.length === 0) return 0;
  const pairs: { i: number; j: number; s: number }[] = [];
  for (let i = 0; i < q.length; i++) {
    for (let j = 0; j < e.length; j++) {
      const s = similarity(i, j);
      if (s > 0) pairs.push({ i, j, s });
    }
  }
  pairs.sort((x, y) => y.s - x.s);
  const usedQ = new Uint8Array(q.length);
  const usedE = new Uint8Array(e.length);
  let matched = 0;
  let matchedWeight = 0;
  let total = 0;
  for (const { i, j, s } of pairs) {
    if (usedQ[i] === 1 || usedE[j] === 1) continue;
    usedQ[i] = 1;
    usedE[j] = 1;
    matched++;
    const w = weight(e[j] as Part);
    matchedWeight += w * s;
    total += w;
  }
  if (matched < Math.min(2, q.length, e.length)) return 0;
  q.forEach((p, i) => {
    if (usedQ[i] === 0) total += weight(p) * middleCost(i, q.length, 1);
  });
  e.forEach((p, j) => {
    if (usedE[j] === 0) total += weight(p) * middleCost(j, e.length, 0.6);
  });
  return total === 0 ? 0 : matchedWeight / total;
}

/** Two names' score without list statistics (every part weighs the same): for tests and explanations. */
export function scoreNames(subject: string, listed: string): number {
  return scoreParts(partsOf(subject), partsOf(listed), unweighted);
}

/** One pair of parts that matched, as the reviewer reads it. */
export interface PartPair {
  subject: string;
  listed: string;
  how: PartAgreement;
}

/**
 * Which parts of two names matched and how (the pairs the score is made of: best pairs first, each part once),
 * in the listed name's order.
 */
export function explainNames(subject: string, listed: string): PartPair[] {
  const q = partsOf(subject);
  const e = partsOf(listed);
  const pairs: { i: number; j: number; s: number; how: PartAgreement }[] = [];
  for (let i = 0; i < q.length; i++) {
    for (let j = 0; j < e.length; j++) {
      const explain: HowAlike = { how: 'spelling' };
      const s = partSimilarity(q[i] as Part, e[j] as Part, explain);
      if (s > 0) pairs.push({ i, j, s, how: explain.how });
    }
  }
  pairs.sort((x, y) => y.s - x.s);
  const usedQ = new Set<number>();
  const usedE = new Set<number>();
  const kept: (PartPair & { j: number })[] = [];
  for (const { i, j, how } of pairs) {
    if (usedQ.has(i) || usedE.has(j)) continue;
    usedQ.add(i);
    usedE.add(j);
    kept.push({ subject: (q[i] as Part).text, listed: (e[j] as Part).text, how, j });
  }
  return kept.sort((x, y) => x.j - y.j).map(({ subject: s, listed: l, how }) => ({ subject: s, listed: l, how }));
}

function birthDateAgrees(subject: string, listed: string): boolean {
  if (listed.length === 10 && subject.length === 10) return listed === subject;
  if (listed.length === 7) return subject.startsWith(listed);
  return Math.abs(Number(subject.slice(0, 4)) - Number(listed.slice(0, 4))) <= 1;
}

/** Whether the subject's date of birth and nationality, when both sides know them, agree with the entry's. */
export function agreement(
  subject: ScreenedSubject,
  entry: Pick<ListedEntry, 'birthDates' | 'nationalities'>,
): { birth_date: Agreement; nationality: Agreement } {
  const dob = subject.birthDate ?? null;
  const country = subject.country ?? null;
  const codes = entry.nationalities.filter((n) => /^[A-Z]{2}$/.test(n));
  return {
    birth_date:
      dob === null || entry.birthDates.length === 0
        ? null
        : entry.birthDates.some((d) => birthDateAgrees(dob, d))
          ? 'agrees'
          : 'differs',
    nationality:
      country === null || codes.length === 0 ? null : codes.includes(country.toUpperCase()) ? 'agrees' : 'differs',
  };
}

/** Step 4: the date-of-birth and nationality adjustments, clamped to 0..1. */
export function adjustScore(
  nameScore: number,
  subject: ScreenedSubject,
  entry: Pick<ListedEntry, 'birthDates' | 'nationalities'>,
) {
  const { birth_date, nationality } = agreement(subject, entry);
  let score = nameScore;
  if (birth_date !== null) score += birth_date === 'agrees' ? 0.05 : -0.2;
  if (nationality !== null) score += nationality === 'agrees' ? 0.03 : -0.03;
  return Math.max(0, Math.min(1, score));
}
