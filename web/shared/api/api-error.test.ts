import { describe, expect, it } from 'vitest';
import { parseApiError, parseRetryAfter } from './api-error';

describe('API errors as the screens read them', () => {
  it('keeps field messages', () => {
    const error = parseApiError(400, { amount: ['Not enough funds'], contact: 'Contact not found' });
    expect(error.status).toBe(400);
    expect(error.firstError('amount')).toBe('Not enough funds');
    expect(error.fieldErrors.contact).toEqual(['Contact not found']);
    expect(error.detail).toBeUndefined();
  });
  it('reads a detail message', () => {
    expect(parseApiError(404, { detail: 'Not found.' }).detail).toBe('Not found.');
  });
  it('reads non_field_errors as the detail', () => {
    expect(parseApiError(400, { non_field_errors: ['Bad pair'] }).detail).toBe('Bad pair');
  });
  it('survives bodies that are not objects', () => {
    expect(parseApiError(502, '<html>bad gateway</html>').detail).toBe('<html>bad gateway</html>');
    expect(parseApiError(500, null).fieldErrors).toEqual({});
    expect(parseApiError(500, [1, 2]).detail).toBeUndefined();
  });
  it('reads Retry-After as seconds or as a date', () => {
    expect(parseApiError(429, { detail: 'Too many' }, '30').retryAfter).toBe(30);
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:01:00 GMT', now)).toBe(60);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
