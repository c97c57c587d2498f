import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('masks one-time secrets in the query string and keeps the rest', () => {
    expect(redactUrl('/api/auth/confirm_email/?code=abc123')).toBe('/api/auth/confirm_email/?code=[redacted]');
    expect(redactUrl('/api/x/?page=2&token=t0k&code=1#f')).toBe('/api/x/?page=2&token=[redacted]&code=[redacted]#f');
    expect(redactUrl('/api/users/?page=1')).toBe('/api/users/?page=1');
  });
});
