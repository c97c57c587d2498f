import { hasArabicScript, jaroWinkler, nameTokens, skeleton } from './name-tokens.ts';
import type { Agreement } from '../../../common/api/sanctions-review.ts';

/**
 * Screening a name against the sanctions lists (issue 16), pure and in memory.
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

interface Part {
  text: string;
  skel: string;
  /** Transliterated from Arabic script: short vowels unwritten, so only the skeleton says how close it is. */
  arabic: boolean;
}

const part = (text: string, arabic = false): Part => ({ text, skel: skeleton(text), arabic });
const partsOf = (name: string): Part[] => {
  const arabic = hasArabicScript(name);
  return nameTokens(name).map((t) => part(t, arabic));
};

/**
 * How alike two parts are, 0 (not a match) to 1. Spellings: Jaro-Winkler above TOKEN_MIN, rescaled so that 0.80
 * is nothing and 1 is all (a typo in a long name keeps about 0.75, a different name of the same length little).
 * Sounds: equal skeletons count SKELETON_EQUAL when the spellings are not far apart either (Latin against Latin:
 * Jaro-Winkler at least 0.80, which Mohammed/Muhammad, Youssef/Yusuf pass and Zouaoui/Zaywi do not), or one side
 * is from Arabic script (its vowels are not written); a skeleton equal but for a leading vowel (Idriss/Driss,
 * Ibrahim/Brahim) needs 0.84, a two-letter skeleton (Yahya/يحيى) 0.75.
 */
export function partSimilarity(a: Part, b: Part): number {
  if (a.text === b.text) return 1;
  const text = jaroWinkler(a.text, b.text);
  const spelling = text <= TOKEN_MIN ? 0 : (text - TEXT_FLOOR) / (1 - TEXT_FLOOR);
  const fromArabic = a.arabic || b.arabic;
  let sounds = false;
  if (a.skel === b.skel) {
    if (a.skel.length >= 3) sounds = fromArabic || text >= 0.8;
    else if (a.skel.length === 2) sounds = text >= 0.75;
  } else if (leadingVowelApart(a.skel, b.skel)) sounds = text >= 0.84;
  return sounds ? Math.max(SKELETON_EQUAL, spelling) : spelling;
}

function leadingVowelApart(a: string, b: string): boolean {
  if (a.length === b.length + 1 && a[0] === 'a') return b.length >= 3 && a.slice(1) === b;
  if (b.length === a.length + 1 && b[0] === 'a') return a.length >= 3 && b.slice(1) === a;
  return false;
}

type Weight = (p: Part) => number;
const unweighted: Weight = () => 1;

const middleCost = (i: number, n: number, edgeCost: number) => (i === 0 || i === n - 1 ? edgeCost : 0.3);

/** The name score of two names as parts (steps 1 to 3). */
function scoreParts(
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

/** Deletion neighbourhood of a skeleton: itself and, from 3 letters, each one-letter deletion. */
function blockKeys(skel: string): string[] {
  const keys = [skel];
  if (skel.length >= 3) for (let i = 0; i < skel.length; i++) keys.push(skel.slice(0, i) + skel.slice(i + 1));
  return keys;
}

/** The in-memory index of one version of the lists. Build once per import; screening reads it only. */
export class SanctionsIndex {
  readonly version: string;
  readonly entries: ListedEntry[];
  private readonly parts: Part[] = [];
  private readonly partIds = new Map<string, number>();
  private readonly postings: number[][] = [];
  private readonly blocks = new Map<string, number[]>();
  /** Per listed name: its entry, its text, its parts in order. */
  private readonly nameEntry: number[] = [];
  private readonly nameText: string[] = [];
  private readonly nameParts: number[][] = [];
  private readonly df: number[] = [];
  private readonly stamp: Int32Array;
  private readonly mask: Int32Array;
  private queryStamp = 0;

  constructor(entries: ListedEntry[], version: string) {
    this.version = version;
    this.entries = entries;
    entries.forEach((entry, entryIndex) => {
      for (const name of entry.names) {
        const tokens = nameTokens(name);
        if (tokens.length === 0) continue;
        const arabic = hasArabicScript(name);
        const nameId = this.nameEntry.length;
        this.nameEntry.push(entryIndex);
        this.nameText.push(name);
        const ids = tokens.map((t) => this.partId(t, arabic));
        this.nameParts.push(ids);
        for (const id of new Set(ids)) {
          (this.postings[id] as number[]).push(nameId);
          this.df[id] = (this.df[id] ?? 0) + 1;
        }
      }
    });
    this.stamp = new Int32Array(this.nameEntry.length);
    this.mask = new Int32Array(this.nameEntry.length);
  }

  get size(): number {
    return this.entries.length;
  }

  private partId(text: string, arabic: boolean): number {
    let id = this.partIds.get(text);
    if (id === undefined) {
      id = this.parts.length;
      const p = part(text, arabic);
      this.parts.push(p);
      this.partIds.set(text, id);
      this.postings.push([]);
      this.df.push(0);
      for (const key of blockKeys(p.skel)) {
        const block = this.blocks.get(key);
        if (block) block.push(id);
        else this.blocks.set(key, [id]);
      }
    }
    return id;
  }

  private readonly weight: Weight = (p) => {
    const id = this.partIds.get(p.text);
    const df = id === undefined ? 0 : (this.df[id] ?? 0);
    return 1 + Math.log(1 + this.nameEntry.length / (1 + df));
  };

  /**
   * The entries whose best name scores at least `threshold` for this subject, best first. `excluded`: entry keys
   * an operator cleared for this subject (a false positive is not raised again by the next list version).
   */
  screen(subject: ScreenedSubject, threshold: number, excluded: ReadonlySet<string> = new Set()): SanctionsMatch[] {
    const arabic = hasArabicScript(subject.name);
    const q = [...new Set(nameTokens(subject.name))].slice(0, 30).map((t) => part(t, arabic));
    if (q.length === 0 || this.nameEntry.length === 0) return [];
    const stamp = ++this.queryStamp;
    const reached: number[] = [];
    // Each subject part against the listed parts its skeleton reaches, once: the full scores below read these.
    const similar = q.map(() => new Map<number, number>());
    q.forEach((qp, i) => {
      const seen = new Set<number>();
      for (const key of blockKeys(qp.skel)) {
        for (const id of this.blocks.get(key) ?? []) {
          if (seen.has(id)) continue;
          seen.add(id);
          const sim = partSimilarity(qp, this.parts[id] as Part);
          if (sim === 0) continue;
          (similar[i] as Map<number, number>).set(id, sim);
          for (const nameId of this.postings[id] as number[]) {
            if (this.stamp[nameId] !== stamp) {
              this.stamp[nameId] = stamp;
              this.mask[nameId] = 0;
              reached.push(nameId);
            }
            this.mask[nameId] = (this.mask[nameId] ?? 0) | (1 << i);
          }
        }
      }
    });
    const best = new Map<number, SanctionsMatch>();
    for (const nameId of reached) {
      const ids = this.nameParts[nameId] as number[];
      const need = Math.min(2, q.length, ids.length);
      if (popcount(this.mask[nameId] ?? 0) < need) continue;
      const entryIndex = this.nameEntry[nameId] as number;
      const entry = this.entries[entryIndex] as ListedEntry;
      if (excluded.has(entry.key)) continue;
      const nameScore = scoreParts(
        q,
        ids.map((id) => this.parts[id] as Part),
        this.weight,
        (i, j) => similar[i]?.get(ids[j] as number) ?? 0,
      );
      const score = adjustScore(nameScore, subject, entry);
      const previous = best.get(entryIndex);
      if (score >= threshold && (!previous || score > previous.score))
        best.set(entryIndex, { entry, matchedName: this.nameText[nameId] as string, score, nameScore });
    }
    return [...best.values()].sort((a, b) => b.score - a.score);
  }
}

function popcount(n: number): number {
  let c = 0;
  for (let v = n; v !== 0; v &= v - 1) c++;
  return c;
}
