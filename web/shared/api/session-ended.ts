// A 401 on any request means the session is over (expired or revoked elsewhere). The api client says so here,
// and the session banner is the one place that tells the user, whichever screen's request saw it.

let ended = false;
const listeners = new Set<() => void>();

function announce(value: boolean): void {
  if (ended === value) return;
  ended = value;
  for (const listener of listeners) listener();
}

export const markSessionEnded = () => announce(true);
/** A new session started (or the user logged out on purpose): nothing to warn about. */
export const clearSessionEnded = () => announce(false);
export const isSessionEnded = () => ended;

export function subscribeToSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
