import { describe, expect, it } from 'vitest';
import { hashRequest, parseIdempotencyKey } from './idempotency.ts';
import { isRetryableTransactionError } from './transaction.ts';

describe('isRetryableTransactionError', () => {
  it('retries serialization failures and deadlocks, also when wrapped, and nothing else', () => {
    expect(isRetryableTransactionError({ code: '40001' })).toBe(true);
    expect(isRetryableTransactionError({ code: '40P01' })).toBe(true);
    expect(isRetryableTransactionError(new Error('wrapped', { cause: { code: '40P01' } }))).toBe(true);
    for (const other of [
      { code: '23514' },
      { code: '23505' },
      new Error('x'),
      null,
      undefined,
      'string',
      { code: 40001 },
    ]) {
      expect(isRetryableTransactionError(other)).toBe(false);
    }
  });
});

describe('hashRequest', () => {
  it('ignores key order and undefined fields, and tells different values apart', () => {
    expect(hashRequest({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(
      hashRequest({ b: { d: 'x', c: [1, 2] }, a: 1, e: undefined }),
    );
    expect(hashRequest({ amount: '10.00' })).not.toBe(hashRequest({ amount: 10 }));
    expect(hashRequest({ amount: 10n })).toBe(hashRequest({ amount: '10' }));
    expect(hashRequest([1, 2])).not.toBe(hashRequest([2, 1]));
  });
});

describe('parseIdempotencyKey', () => {
  it('accepts printable keys up to 255 characters and refuses the rest with a 400', () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
    expect(parseIdempotencyKey('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    for (const bad of ['', 'a b', 'x'.repeat(256), 'é', ['a', 'b']]) {
      expect(() => parseIdempotencyKey(bad)).toThrow(expect.objectContaining({ status: 400 }));
    }
  });
});
