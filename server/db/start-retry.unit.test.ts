import { describe, expect, it } from 'vitest';
import { MigrationError } from './migrator.ts';
import { isSessionCut, retryWhileRestarting } from './start-retry.ts';

const pgError = (code: string, message = 'terminating connection due to administrator command') =>
  Object.assign(new Error(message), { code });

describe('a start-up step while the database restarts', () => {
  it('is tried again after a session ended by the server, and logs it once', async () => {
    const failures = [pgError('57P01'), pgError('57P03', 'the database system is starting up'), pgError('57P01')];
    const logged: string[] = [];
    const pauses: number[] = [];
    const value = await retryWhileRestarting(
      async () => {
        const failure = failures.shift();
        if (failure) throw failure;
        return 42;
      },
      { what: 'migrations check', log: (m) => logged.push(m), sleep: async (ms) => void pauses.push(ms) },
    );
    expect(value).toBe(42);
    expect(pauses).toEqual([100, 200, 400]);
    expect(logged).toEqual([
      'migrations check: the database ended the session (terminating connection due to administrator command (57P01)), trying again',
    ]);
  });

  it('fails at once when the database cannot be reached at all, or the error is not the session', async () => {
    for (const error of [pgError('ECONNREFUSED', 'connect ECONNREFUSED'), pgError('42P01', 'relation missing')]) {
      let calls = 0;
      const step = async () => {
        calls++;
        throw error;
      };
      await expect(retryWhileRestarting(step, { what: 'x', log: () => {}, sleep: async () => {} })).rejects.toBe(error);
      expect(calls).toBe(1);
    }
  });

  it('gives up with the last error once the deadline has passed', async () => {
    let calls = 0;
    const error = pgError('57P01');
    const step = async () => {
      calls++;
      throw error;
    };
    let clock = 0;
    await expect(
      retryWhileRestarting(step, {
        what: 'x',
        log: () => {},
        deadlineMs: 350,
        now: () => clock,
        sleep: async (ms) => void (clock += ms),
      }),
    ).rejects.toBe(error);
    expect(calls).toBe(3); // at 0, 100 and 300 ms; the next pause (400 ms) would pass the deadline
  });

  it("sees a session cut through a failed migration's cause and pg's own message", () => {
    expect(isSessionCut(new MigrationError('Migration 0500 failed: terminating', { cause: pgError('57P01') }))).toBe(
      true,
    );
    expect(isSessionCut(new Error('Connection terminated unexpectedly'))).toBe(true);
    // The chaos run's kill landing on the migrations' transaction: its ROLLBACK on the dead client fails in turn.
    const rollback = new Error('Client has encountered a connection error and is not queryable');
    expect(isSessionCut(new MigrationError('Migration unknown failed: Client has…', { cause: rollback }))).toBe(true);
    expect(isSessionCut(new MigrationError('Migration 0500 failed: syntax', { cause: pgError('42601') }))).toBe(false);
    expect(isSessionCut(pgError('08001', 'could not connect'))).toBe(false);
  });
});
