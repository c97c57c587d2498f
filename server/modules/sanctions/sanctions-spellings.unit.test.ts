import { describe, expect, it } from 'vitest';
import { describeFigures, measureSpellings } from '../../../bench/sanctions-spellings.ts';

describe('sanctions matcher on the hand-written spellings corpus (tests/fixtures/sanctions/other-spellings.txt)', () => {
  it('finds at least 97 % of listed persons written another way and flags at most 1 % of ordinary names', () => {
    const figures = measureSpellings(0.7);
    console.log(describeFigures(figures, 0.7));
    for (const m of figures.missed) console.log(`  missed  ${m.name}  <- ${m.listed}`);
    for (const p of figures.falsePositives) console.log(`  flagged ${p.name}  ~ ${p.listed}`);
    expect(figures.listed).toBeGreaterThanOrEqual(100);
    expect(figures.spellings).toBeGreaterThanOrEqual(300);
    expect(figures.ordinary).toBeGreaterThanOrEqual(350);
    expect(figures.recall).toBeGreaterThanOrEqual(0.97);
    expect(figures.falsePositiveRate).toBeLessThanOrEqual(0.01);
  }, 60_000);
});
