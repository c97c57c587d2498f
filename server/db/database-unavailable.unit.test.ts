import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database.ts';

// Which database errors are "try again shortly" (a 503 with Retry-After) rather than a bug (a 500).
describe('isDatabaseUnavailable', () => {
  it.each([
    ['ECONNREFUSED', 'the server is down'],
    ['57P01', 'terminated by an administrator (restart, pg_terminate_backend)'],
    ['08006', 'connection failure'],
    ['55P03', 'lock timeout'],
    ['25006', 'a read-only standby, reached before the failover ended'],
  ])('%s: %s', (code) => {
    expect(isDatabaseUnavailable({ code })).toBe(true);
  });

  it.each([
    ['23505', 'a unique violation is a bug or a race to handle, not an outage'],
    ['42P01', 'an unknown table'],
  ])('not %s: %s', (code) => {
    expect(isDatabaseUnavailable({ code })).toBe(false);
  });

  it('knows the connection messages of node-postgres', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});
