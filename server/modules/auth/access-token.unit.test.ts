import { describe, expect, it } from 'vitest';
import { readAccessToken, signAccessToken } from './access-token.ts';

const claims = { sessionId: '0f8fad5b-d9cb-469f-a165-70867728950e', userId: '42' };
const issued = new Date('2026-11-24T10:00:00Z');
const expires = new Date('2026-11-24T10:15:00Z');
const seconds = (date: Date, s: number) => new Date(date.getTime() + s * 1000);

// readAccessToken keeps the tokens it verified (ADR 010): a kept token must answer what verifying again would.
describe('readAccessToken, tokens already verified', () => {
  it('reads a token again, and refuses it from the second its exp has passed (jose: exp <= now)', async () => {
    const key = new Uint8Array(32).fill(1);
    const token = await signAccessToken(key, claims, issued, expires);
    expect(await readAccessToken(key, token, issued)).toEqual(claims);
    expect(await readAccessToken(key, token, seconds(expires, -1))).toEqual(claims);
    expect(await readAccessToken(key, token, seconds(expires, -0.001))).toEqual(claims);
    expect(await readAccessToken(key, token, expires)).toBeUndefined();
    expect(await readAccessToken(key, token, seconds(expires, 3600))).toBeUndefined();
  });

  it('does not let a kept token vouch for another key or for an altered token', async () => {
    const key = new Uint8Array(32).fill(2);
    const token = await signAccessToken(key, claims, issued, expires);
    expect(await readAccessToken(key, token, issued)).toEqual(claims);
    expect(await readAccessToken(new Uint8Array(32).fill(3), token, issued)).toBeUndefined();
    const [header, payload, signature = ''] = token.split('.');
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(await readAccessToken(key, forged, issued)).toBeUndefined();
  });

  it('keeps refusing a token that failed', async () => {
    const key = new Uint8Array(32).fill(4);
    const token = await signAccessToken(key, claims, issued, expires);
    expect(await readAccessToken(key, token, seconds(expires, 1))).toBeUndefined();
    expect(await readAccessToken(key, token, seconds(expires, 1))).toBeUndefined();
  });
});
