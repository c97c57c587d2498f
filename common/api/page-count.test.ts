import { describe, expect, it } from 'vitest';
import { totalPages } from './page-count.ts';

describe('totalPages', () => {
  it('is the ceiling of count over page size, and at least one page', () => {
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(1, 10)).toBe(1);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
    expect(totalPages(100, 100)).toBe(1);
    expect(totalPages(101, 100)).toBe(2);
  });
});
