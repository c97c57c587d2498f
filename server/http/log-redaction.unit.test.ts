import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('masks one-time secrets in the query string and keeps the rest', () => {
    expect(redactUrl('/api/auth/confirm_email/?code=abc123')).toBe('/api/auth/confirm_email/?code=[redacted]');
    expect(redactUrl('/api/x/?page=2&token=t0k&code=1#f')).toBe('/api/x/?page=2&token=[redacted]&code=[redacted]#f');
    expect(redactUrl('/api/users/?page=1')).toBe('/api/users/?page=1');
  });

  it('masks withdrawal tokens and pickup references in the path', () => {
    expect(redactUrl('/api/withdrawals/3v2ykTmx1wTgkzFla2eN4Q/')).toBe('/api/withdrawals/[redacted]/');
    expect(redactUrl('/api/withdrawals/3v2ykTmx1wTgkzFla2eN4Q/validate/?x=1')).toBe(
      '/api/withdrawals/[redacted]/validate/?x=1',
    );
    expect(redactUrl('/api/pickups/ABCD-1234/pay/')).toBe('/api/pickups/[redacted]/pay/');
    expect(redactUrl('/withdraw?transaction=3v2ykTmx1wTgkzFla2eN4Q')).toBe('/withdraw?transaction=[redacted]');
  });
});
