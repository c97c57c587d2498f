import { describe, expect, it } from 'vitest';
import { measureCorpus } from '../../../bench/sanctions-corpus.ts';

describe('sanctions matcher quality on the labelled corpus (bench/sanctions-corpus.ts)', () => {
  it('catches at least 95 % of listed names written differently and flags at most 0.5 % of ordinary names', () => {
    const figures = measureCorpus(0.7);
    expect(figures.variants).toBe(2_000);
    expect(figures.ordinary).toBe(10_000);
    expect(figures.recall).toBeGreaterThanOrEqual(0.95);
    expect(figures.falsePositiveRate).toBeLessThanOrEqual(0.005);
  }, 60_000);
});
