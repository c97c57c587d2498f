import { hasArabicScript, nameCuts } from './name-tokens.ts';
import {
  adjustScore,
  part,
  partSimilarity,
  scoreParts,
  type ListedEntry,
  type Part,
  type SanctionsMatch,
  type ScreenedSubject,
  type Weight,
} from './sanctions-matcher.ts';

/**
 * The index of one version of the lists over the matcher's scores (sanctions-matcher.ts): which listed parts a
 * subject's parts can reach, so a screening scores only the names that share something with it.
 */

/** Deletion neighbourhood of a skeleton: itself and, from 3 letters, each one-letter deletion. */
function blockKeys(skel: string): string[] {
  const keys = [skel];
  if (skel.length >= 3) for (let i = 0; i < skel.length; i++) keys.push(skel.slice(0, i) + skel.slice(i + 1));
  return keys;
}

/** The index keys a part is filed and looked up under: each spelling's skeleton neighbourhood, its name group. */
function partKeys(p: Part): Set<string> {
  const keys = new Set<string>();
  // Its own and an article-less spelling within one phonetic edit (typos); another reading of a letter as it is.
  for (const s of p.spellings) for (const key of s.kind === 'letters' ? [s.skel] : blockKeys(s.skel)) keys.add(key);
  if (p.group >= 0) keys.add(`=${p.group}`);
  return keys;
}

/** Parts as many a mask holds: a subject's parts beyond it are not compared. */
const MAX_SUBJECT_PARTS = 30;
/** Subject parts whose reach an index remembers (a few megabytes at most). */
const REMEMBERED_PARTS = 20_000;

/** A subject part and the listed parts (by id) it is alike, with their similarity. */
interface ReachedParts {
  part: Part;
  similarity: Map<number, number>;
}

/**
 * The in-memory index of one version of the lists. Build once per import; screening reads it only. Each listed
 * name is filed under each of its cuts (name-tokens.ts nameCuts(): particles written together, two parts written
 * as one), and a subject is screened under each of its own: the best cut of each pair scores.
 */
export class SanctionsIndex {
  readonly version: string;
  readonly entries: ListedEntry[];
  private readonly parts: Part[] = [];
  private readonly partIds = new Map<string, number>();
  private readonly postings: number[][] = [];
  private readonly blocks = new Map<string, number[]>();
  /** Per filed cut of a listed name: its entry, the listed name's text, its parts in order. */
  private readonly nameEntry: number[] = [];
  private readonly nameText: string[] = [];
  private readonly nameParts: number[][] = [];
  /** Per filed cut: whether it is the listed name as written (the first of its cuts). */
  private readonly nameOwn: boolean[] = [];
  /** Per part: how many listed names (not cuts) hold it. */
  private readonly df: number[] = [];
  private listedNames = 0;
  private readonly stamp: Int32Array;
  private readonly mask: Int32Array;
  /** Per filed cut: the query stamp that queued it for scoring (each cut is scored once per screening). */
  private readonly queued: Int32Array;
  /** Per filed cut: 1 when one subject part can be enough (a one-part name, or a cut completed by its others). */
  private readonly oneSuffices: Uint8Array;
  private queryStamp = 0;
  /**
   * The listed parts each subject part reaches and how alike they are, by the part as screened. Names repeat
   * (Mohamed, Fatima, El Amrani): a part met before is not compared with the lists again. A bounded,
   * least-recently-used map, per version of the lists (a new version builds a new index).
   */
  private readonly reachedByPart = new Map<string, ReachedParts>();

  constructor(entries: ListedEntry[], version: string) {
    this.version = version;
    this.entries = entries;
    entries.forEach((entry, entryIndex) => {
      for (const name of entry.names) {
        const cuts = nameCuts(name);
        if (cuts.length === 0) continue;
        const arabic = hasArabicScript(name);
        this.listedNames++;
        const held = new Set<number>();
        cuts.forEach((cut, c) => {
          const nameId = this.nameEntry.length;
          this.nameEntry.push(entryIndex);
          this.nameText.push(name);
          this.nameOwn.push(c === 0);
          const ids = cut.map((t) => this.partId(t, arabic, c === 0 || held.has(this.partIds.get(t) ?? -1)));
          this.nameParts.push(ids);
          // Another cut is reached through the parts only it has: its other parts are the name's own.
          for (const id of new Set(ids)) {
            if (c > 0 && held.has(id)) continue;
            (this.postings[id] as number[]).push(nameId);
            held.add(id);
          }
        });
        for (const id of held) this.df[id] = (this.df[id] ?? 0) + 1;
      }
    });
    this.stamp = new Int32Array(this.nameEntry.length);
    this.mask = new Int32Array(this.nameEntry.length);
    this.queued = new Int32Array(this.nameEntry.length);
    this.oneSuffices = Uint8Array.from(this.nameParts, (ids, n) => (ids.length < 2 || !this.nameOwn[n] ? 1 : 0));
  }

  get size(): number {
    return this.entries.length;
  }

  /** `own`: a part of a name as written (else of another cut: no other spellings, filed under its skeleton). */
  private partId(text: string, arabic: boolean, own: boolean): number {
    let id = this.partIds.get(text);
    if (id === undefined) {
      id = this.parts.length;
      const p = part(text, arabic, own);
      this.parts.push(p);
      this.partIds.set(text, id);
      this.postings.push([]);
      this.df.push(0);
      for (const key of own ? partKeys(p) : [p.skel]) {
        const block = this.blocks.get(key);
        if (block) block.push(id);
        else this.blocks.set(key, [id]);
      }
    }
    return id;
  }

  /**
   * A subject part and the listed parts its index keys reach with a similarity above 0 (each compared once).
   * `own`: a part of the name as written (else of another cut: filed under its skeleton only, no other spellings).
   */
  private reachedBy(text: string, arabic: boolean, own: boolean): ReachedParts {
    const key = `${own ? 'o' : 'c'}${arabic ? 'a' : 'l'}${text}`;
    const cached = this.reachedByPart.get(key);
    if (cached) {
      this.reachedByPart.delete(key);
      this.reachedByPart.set(key, cached);
      return cached;
    }
    const p = part(text, arabic, own);
    const similarity = new Map<number, number>();
    const seen = new Set<number>();
    for (const block of own ? partKeys(p) : [p.skel]) {
      for (const id of this.blocks.get(block) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        const sim = partSimilarity(p, this.parts[id] as Part);
        if (sim > 0) similarity.set(id, sim);
      }
    }
    const reached = { part: p, similarity };
    if (this.reachedByPart.size >= REMEMBERED_PARTS) {
      const oldest = this.reachedByPart.keys().next();
      if (!oldest.done) this.reachedByPart.delete(oldest.value);
    }
    this.reachedByPart.set(key, reached);
    return reached;
  }

  private readonly weight: Weight = (p) => {
    const id = this.partIds.get(p.text);
    const df = id === undefined ? 0 : (this.df[id] ?? 0);
    return 1 + Math.log(1 + this.listedNames / (1 + df));
  };

  /**
   * The entries whose best name scores at least `threshold` for this subject, best first. `excluded`: entry keys
   * an operator cleared for this subject (a false positive is not raised again by the next list version).
   */
  screen(subject: ScreenedSubject, threshold: number, excluded: ReadonlySet<string> = new Set()): SanctionsMatch[] {
    const arabic = hasArabicScript(subject.name);
    const cuts = nameCuts(subject.name);
    const texts: string[] = [];
    const cutIndexes = cuts.map((cut) =>
      cut.map((t) => {
        let i = texts.indexOf(t);
        if (i < 0 && texts.length < MAX_SUBJECT_PARTS) i = texts.push(t) - 1;
        return i;
      }),
    );
    const usable = cutIndexes.filter((c) => c.length > 0 && c.every((i) => i >= 0));
    const ownCut = usable[0] === cutIndexes[0] ? 1 : 0;
    const own = new Set(cutIndexes[0]);
    if (usable.length === 0 || this.nameEntry.length === 0) return [];
    const found = texts.map((t, i) => this.reachedBy(t, arabic, own.has(i)));
    const q = found.map((f) => f.part);
    const cutMasks = usable.map((c) => c.reduce((m, i) => m | (1 << i), 0));
    // Subject parts that are a cut on their own ("Hassan Chaoui" written "Hassanchaoui"): one of them can be enough.
    const aloneInACut = usable.reduce((m, c, k) => (c.length < 2 ? m | (cutMasks[k] as number) : m), 0);
    const stamp = ++this.queryStamp;
    const reached: number[] = [];
    // The listed names the subject's parts reach. Most are reached by one common part ("Mohamed") and cannot
    // score: a name is queued for scoring from its second subject part on, or from one when one can be enough.
    const similar = found.map((f) => f.similarity);
    for (let i = 0; i < q.length; i++) {
      const bit = 1 << i;
      const alone = (bit & aloneInACut) !== 0;
      for (const id of (found[i] as ReachedParts).similarity.keys()) {
        for (const nameId of this.postings[id] as number[]) {
          let had = 0;
          if (this.stamp[nameId] === stamp) had = this.mask[nameId] as number;
          else this.stamp[nameId] = stamp;
          if ((had & bit) !== 0) continue;
          this.mask[nameId] = had | bit;
          if (this.queued[nameId] !== stamp && (had !== 0 || alone || this.oneSuffices[nameId] === 1)) {
            this.queued[nameId] = stamp;
            reached.push(nameId);
          }
        }
      }
    }
    const cutParts = usable.map((cut) => cut.map((i) => q[i] as Part));
    const cutSimilar = usable.map((cut) => cut.map((i) => similar[i] as Map<number, number>));
    const best = new Map<number, SanctionsMatch>();
    for (const nameId of reached) {
      const ids = this.nameParts[nameId] as number[];
      const listedOwn = this.nameOwn[nameId] === true;
      // A cut against a cut, one of the two as written (two other cuts compare the same parts again).
      const cutsToScore = listedOwn ? usable.length : ownCut;
      let mask = this.mask[nameId] ?? 0;
      if (!listedOwn) {
        // Reached through the parts only this cut has: which subject parts meet its other parts.
        for (let i = 0; i < q.length; i++)
          for (const id of ids) if ((similar[i] as Map<number, number>).has(id)) mask |= 1 << i;
      }
      let nameScore = 0;
      let listedParts: Part[] | undefined;
      for (let c = 0; c < cutsToScore; c++) {
        const cut = usable[c] as number[];
        if (popcount(mask & (cutMasks[c] as number)) < Math.min(2, cut.length, ids.length)) continue;
        if (listedParts === undefined) {
          const entry = this.entries[this.nameEntry[nameId] as number] as ListedEntry;
          if (excluded.size > 0 && excluded.has(entry.key)) break;
          listedParts = ids.map((id) => this.parts[id] as Part);
        }
        const sims = cutSimilar[c] as Map<number, number>[];
        const score = scoreParts(
          cutParts[c] as Part[],
          listedParts,
          this.weight,
          (i, j) => sims[i]?.get(ids[j] as number) ?? 0,
        );
        if (score > nameScore) nameScore = score;
      }
      if (nameScore === 0) continue;
      const entryIndex = this.nameEntry[nameId] as number;
      const entry = this.entries[entryIndex] as ListedEntry;
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
