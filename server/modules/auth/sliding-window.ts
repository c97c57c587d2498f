/**
 * Pure sliding-window decisions over event times (oldest first). Kept apart from SQL so the arithmetic of every
 * limit is unit-tested on its own.
 */
export type WindowDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const ceilSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** At most `limit` events in any `windowSeconds`: refused until the oldest counted event leaves the window. */
export function withinLimit(times: readonly Date[], now: Date, windowSeconds: number, limit: number): WindowDecision {
  const windowStart = now.getTime() - windowSeconds * 1000;
  const inWindow = times.filter((t) => t.getTime() > windowStart);
  if (inWindow.length < limit) return { allowed: true };
  const freeing = inWindow[inWindow.length - limit];
  if (!freeing) return { allowed: true };
  return { allowed: false, retryAfterSeconds: ceilSeconds(freeing.getTime() + windowSeconds * 1000 - now.getTime()) };
}

/** At least `intervalSeconds` since the newest event. */
export function afterInterval(times: readonly Date[], now: Date, intervalSeconds: number): WindowDecision {
  const newest = times[times.length - 1];
  if (!newest) return { allowed: true };
  const wait = newest.getTime() + intervalSeconds * 1000 - now.getTime();
  return wait > 0 ? { allowed: false, retryAfterSeconds: ceilSeconds(wait) } : { allowed: true };
}

export const HOUR_SECONDS = 3600;
