/**
 * Quality of the sanctions matcher on a labelled corpus, deterministic (fixed seeds):
 * - 5,000 invented listed persons (bench/sanctions-synthetic.ts), half with an alias;
 * - recall: 2,000 of them written differently (another transliteration, plus one to three of: accents, word
 *   order, the middle name left out, one typo, Arabic script, capitals), screened by name only: the share whose
 *   own entry is found at or above the threshold (goal >= 95 %);
 * - false positives: 10,000 ordinary Moroccan and European names not on the list, by name only: the share with
 *   any entry at or above the threshold (goal <= 0.5 %).
 *
 *   node --import tsx bench/sanctions-corpus.ts            (SANCTIONS_MATCH_THRESHOLD=0.7 by default)
 *
 * Prints both figures and the misses; server/modules/sanctions/sanctions-corpus.unit.test.ts asserts the goals.
 */
import { SanctionsIndex } from '../server/modules/sanctions/sanctions-match-index.ts';
import { ordinaryNames, prng, syntheticList, writtenDifferently, type Variation } from './sanctions-synthetic.ts';

export interface CorpusFigures {
  listed: number;
  variants: number;
  caught: number;
  recall: number;
  ordinary: number;
  flagged: number;
  falsePositiveRate: number;
  missed: { name: string; listed: string; variations: Variation[] }[];
  falsePositives: { name: string; listed: string; score: number }[];
}

export function measureCorpus(threshold: number): CorpusFigures {
  const people = syntheticList(5_000);
  const index = new SanctionsIndex(
    people.map((p) => p.entry),
    'corpus',
  );
  const r = prng(95);
  const missed: CorpusFigures['missed'] = [];
  const VARIANTS = 2_000;
  let caught = 0;
  for (let i = 0; i < VARIANTS; i++) {
    const person = people[Math.floor(r() * people.length)];
    if (!person) continue;
    const { name, variations } = writtenDifferently(r, person, 1 + Math.floor(r() * 3));
    const hits = index.screen({ name }, threshold);
    if (hits.some((h) => h.entry.key === person.entry.key)) caught++;
    else missed.push({ name, listed: person.entry.names[0] ?? '', variations });
  }
  const ordinary = ordinaryNames(10_000);
  const falsePositives: CorpusFigures['falsePositives'] = [];
  for (const name of ordinary) {
    const [hit] = index.screen({ name }, threshold);
    if (hit) falsePositives.push({ name, listed: hit.matchedName, score: hit.score });
  }
  return {
    listed: people.length,
    variants: VARIANTS,
    caught,
    recall: caught / VARIANTS,
    ordinary: ordinary.length,
    flagged: falsePositives.length,
    falsePositiveRate: falsePositives.length / ordinary.length,
    missed,
    falsePositives,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const threshold = Number(process.env.SANCTIONS_MATCH_THRESHOLD ?? 0.7);
  const started = performance.now();
  const f = measureCorpus(threshold);
  console.log(
    `threshold ${threshold}, ${f.listed} listed persons, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `recall: ${f.caught} / ${f.variants} listed names written differently caught = ${(100 * f.recall).toFixed(2)} % (goal >= 95 %)`,
  );
  console.log(
    `false positives: ${f.flagged} / ${f.ordinary} ordinary names flagged = ${(100 * f.falsePositiveRate).toFixed(2)} % (goal <= 0.5 %)`,
  );
  for (const m of f.missed.slice(0, 40))
    console.log(`  missed  ${m.name}  <- ${m.listed}  [${m.variations.join(', ')}]`);
  for (const p of f.falsePositives.slice(0, 40))
    console.log(`  flagged ${p.name}  ~ ${p.listed}  ${p.score.toFixed(3)}`);
}
