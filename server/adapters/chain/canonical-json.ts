/** A JSON value as the chain stores it: what canonicalJson() can encode the same way every time. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * One text per value, so a hash of the payload is reproducible by anyone: object keys sorted by code unit, no
 * whitespace, JSON.stringify's escaping for strings. Non-finite numbers have no JSON form and are refused rather
 * than silently becoming null.
 */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonicalJson: non-finite number');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] as JsonValue)}`).join(',')}}`;
}
