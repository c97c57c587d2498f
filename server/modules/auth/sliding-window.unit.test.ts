import { describe, expect, it } from 'vitest';
import { afterInterval, withinLimit } from './sliding-window.ts';

const at = (s: number) => new Date(1_700_000_000_000 + s * 1000);

describe('withinLimit', () => {
  it('allows up to the limit within the window', () => {
    expect(withinLimit([at(0), at(10)], at(20), 60, 3)).toEqual({ allowed: true });
  });
  it('refuses at the limit until the oldest counted event leaves the window', () => {
    expect(withinLimit([at(0), at(10), at(20)], at(30), 60, 3)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(withinLimit([at(0), at(10), at(20)], at(61), 60, 3)).toEqual({ allowed: true });
  });
  it('ignores events outside the window and rounds the wait up to at least 1 s', () => {
    expect(withinLimit([at(-100), at(0), at(10)], at(20), 60, 3)).toEqual({ allowed: true });
    expect(withinLimit([at(0)], at(59.9), 60, 1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});

describe('afterInterval', () => {
  it('waits the interval after the newest event', () => {
    expect(afterInterval([], at(0), 30)).toEqual({ allowed: true });
    expect(afterInterval([at(0), at(5)], at(10), 30)).toEqual({ allowed: false, retryAfterSeconds: 25 });
    expect(afterInterval([at(0)], at(30), 30)).toEqual({ allowed: true });
  });
});
