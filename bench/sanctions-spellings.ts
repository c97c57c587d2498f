/**
 * Recall and false positives of the sanctions matcher on the hand-written spellings corpus
 * (tests/fixtures/sanctions/other-spellings.txt, ordinary-names.txt): invented listed persons, the other ways people
 * write each of them (screened by name only, as a recipient is added: the person's own entry must be found at or
 * above the threshold), and ordinary names that are not listed (none may be flagged). The corpus was written by
 * hand, apart from the matcher's tables (name-tables.ts), so that it measures how the matcher generalises.
 *
 *   node --import tsx bench/sanctions-spellings.ts            (SANCTIONS_MATCH_THRESHOLD=0.7 by default)
 *
 * Prints both figures, the misses and the names flagged; sanctions-spellings.unit.test.ts asserts the goals.
 */
import { readFileSync } from 'node:fs';
import type { ListedEntry } from '../server/modules/sanctions/sanctions-matcher.ts';
import { SanctionsIndex } from '../server/modules/sanctions/sanctions-match-index.ts';

const fixture = (file: string) =>
  readFileSync(new URL(`../tests/fixtures/sanctions/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

export interface SpellingFigures {
  listed: number;
  spellings: number;
  caught: number;
  recall: number;
  ordinary: number;
  flagged: number;
  falsePositiveRate: number;
  missed: { name: string; listed: string; best: string | null }[];
  falsePositives: { name: string; listed: string; score: number }[];
}

/** The listed persons and, per person, the other spellings that must find them. */
export function spellingCorpus(): { entries: ListedEntry[]; spellings: { name: string; key: string }[] } {
  const entries: ListedEntry[] = [];
  const spellings: { name: string; key: string }[] = [];
  for (const line of fixture('other-spellings.txt')) {
    if (line.startsWith('=')) {
      const key = `corpus:${entries.length + 1}`;
      entries.push({
        key,
        source: 'corpus',
        externalId: String(entries.length + 1),
        names: line
          .slice(1)
          .split('|')
          .map((n) => n.trim()),
        birthDates: [],
        nationalities: [],
        programme: null,
      });
    } else if (line.startsWith('-')) {
      const owner = entries[entries.length - 1];
      if (owner === undefined) throw new Error(`a spelling before any listed person: ${line}`);
      spellings.push({ name: line.slice(1).trim(), key: owner.key });
    }
  }
  return { entries, spellings };
}

export function measureSpellings(threshold: number): SpellingFigures {
  const { entries, spellings } = spellingCorpus();
  const index = new SanctionsIndex(entries, 'spellings');
  const missed: SpellingFigures['missed'] = [];
  let caught = 0;
  for (const { name, key } of spellings) {
    const hits = index.screen({ name }, threshold);
    if (hits.some((h) => h.entry.key === key)) caught++;
    else {
      const listed = entries.find((e) => e.key === key)?.names.join(' | ') ?? key;
      const best = index.screen({ name }, 0.3).find((h) => h.entry.key === key);
      missed.push({ name, listed, best: best ? `${best.matchedName} ${best.score.toFixed(3)}` : null });
    }
  }
  const ordinary = fixture('ordinary-names.txt');
  const falsePositives: SpellingFigures['falsePositives'] = [];
  for (const name of ordinary) {
    const [hit] = index.screen({ name }, threshold);
    if (hit) falsePositives.push({ name, listed: hit.matchedName, score: hit.score });
  }
  return {
    listed: entries.length,
    spellings: spellings.length,
    caught,
    recall: caught / spellings.length,
    ordinary: ordinary.length,
    flagged: falsePositives.length,
    falsePositiveRate: falsePositives.length / ordinary.length,
    missed,
    falsePositives,
  };
}

export const describeFigures = (f: SpellingFigures, threshold: number): string =>
  `threshold ${threshold}, ${f.listed} listed persons: recall ${f.caught} / ${f.spellings} other spellings = ` +
  `${(100 * f.recall).toFixed(1)} % (goal >= 97 %); false positives ${f.flagged} / ${f.ordinary} ordinary names = ` +
  `${(100 * f.falsePositiveRate).toFixed(2)} % (goal <= 1 %)`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const threshold = Number(process.env.SANCTIONS_MATCH_THRESHOLD ?? 0.7);
  const f = measureSpellings(threshold);
  console.log(describeFigures(f, threshold));
  for (const m of f.missed) console.log(`  missed  ${m.name}  <- ${m.listed}  (best: ${m.best ?? 'not reached'})`);
  for (const p of f.falsePositives) console.log(`  flagged ${p.name}  ~ ${p.listed}  ${p.score.toFixed(3)}`);
}
