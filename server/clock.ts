/** Time as a dependency, so tests can move it (code expiry, rate-lock windows, holds). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
