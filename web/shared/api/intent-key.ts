// One Idempotency-Key per user intent, not per click and not per page. A send whose answer
// never came (timeout, lost network) may have gone through: the same intent sent again from a fresh page (after
// a reload or a Back) must carry the same key, so the server answers with the first result instead of sending
// twice. The keys live in sessionStorage (this tab, until it closes) and go once the server's answer is known.

const STORE = 'intent_keys';

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readAll(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(session()?.getItem(STORE) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function writeAll(keys: Record<string, string>): void {
  try {
    if (Object.keys(keys).length === 0) session()?.removeItem(STORE);
    else session()?.setItem(STORE, JSON.stringify(keys));
  } catch {
    // Storage full or disabled: the key then lives as long as this page, as before.
  }
}

// Without sessionStorage the keys still hold for the life of the page.
const memory: Record<string, string> = {};

/** The key of this intent (e.g. `send:<contact>:<amount>`): the stored one, or a new one stored now. */
export function intentKey(intent: string): string {
  const keys = { ...readAll() };
  const known = keys[intent] ?? memory[intent];
  if (known) return known;
  const key = crypto.randomUUID();
  memory[intent] = key;
  writeAll({ ...keys, [intent]: key });
  return key;
}

/** The server answered (success or a refusal): the next attempt of the same intent is a new one. */
export function settleIntent(intent: string): void {
  const keys = readAll();
  delete keys[intent];
  delete memory[intent];
  writeAll(keys);
}
