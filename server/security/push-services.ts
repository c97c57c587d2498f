/**
 * Which push services the server may post to (PUSH_SERVICE_ORIGINS or its default), in the configuration's layer
 * because the configuration reads and checks them at start; the push adapter enforces them
 * (server/adapters/push/push-destination.ts).
 */
export interface PushServices {
  /** Origins pushes may go to; `*.` at the start of a host stands for any name below it. */
  allowed: readonly string[] | 'any';
  /** Origins exempt from the address rule: only those an operator listed. */
  trusted: readonly string[];
}

/** The push services browsers subscribe to: Chrome and Edge's (FCM), Firefox's, Safari's, Windows'. */
export const BROWSER_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
] as const;

/**
 * PUSH_SERVICE_ORIGINS: origins (scheme, host and port, no path), comma-separated. Undefined when one is not an
 * origin: a path or a typo would otherwise quietly allow nothing, or too much.
 */
export function parsePushServiceOrigins(value: string): string[] | undefined {
  const origins = value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (origins.length === 0) return undefined;
  const parsed = origins.map((origin) => {
    const wildcard = /^(https?:\/\/)\*\.(.+)$/.exec(origin);
    const probe = wildcard ? `${wildcard[1] ?? ''}${wildcard[2] ?? ''}` : origin;
    let url: URL;
    try {
      url = new URL(probe);
    } catch {
      return undefined;
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== probe.replace(/\/$/, '')) {
      return undefined;
    }
    return wildcard ? `${url.protocol}//*.${url.host}` : url.origin;
  });
  return parsed.every((o) => o !== undefined) ? parsed : undefined;
}
