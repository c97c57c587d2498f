import { describe, expect, it } from 'vitest';
import type { Anomaly, ClientStats } from './client.ts';
import { checkFloors } from './floors.ts';
import { newJournal, type MoneyOp, type TopupOp } from './journal.ts';

/** The run's floors: a run that proved nothing, or whose customers sat at their limit, fails. */
const stats = { retries: 5 } as ClientStats;

function journalOf(counts: { topups: number; limited: number; sends: number }) {
  const journal = newJournal();
  const topup = (result: TopupOp['result'], limited: boolean) =>
    ({ userId: '1', result, limited, stage: 'confirm', status: result === 'ok' ? 200 : 400 }) as TopupOp;
  for (let i = 0; i < counts.topups; i++) journal.topups.push(topup('ok', false));
  for (let i = 0; i < counts.limited; i++) journal.topups.push(topup('refused', true));
  for (let i = 0; i < counts.sends; i++)
    journal.money.push({ kind: 'send', userId: '1', key: `k${i}`, result: 'ok', status: 201 } as MoneyOp);
  return journal;
}

function floors(seconds: number, counts: { topups: number; limited: number; sends: number }): string[] {
  const anomalies: Anomaly[] = [];
  checkFloors({ seconds, journal: journalOf(counts), stats, kills: 1, terminatedBackends: 3 }, anomalies, () => {});
  return anomalies.map((a) => a.check);
}

describe('checkFloors', () => {
  it('a 300 s run whose customers sat at their limit fails, though its total is above the general floor', () => {
    expect(floors(300, { topups: 105, limited: 4_629, sends: 400 })).toEqual(['floor-limit']);
  });

  it('a run of two minutes or more with too few top-ups or sends fails; a short loaded one is not judged so', () => {
    expect(floors(120, { topups: 0, limited: 0, sends: 40 })).toEqual(['floor-money']);
    expect(floors(300, { topups: 100, limited: 0, sends: 9 })).toEqual(['floor-money']);
    expect(floors(30, { topups: 9, limited: 0, sends: 0 })).toEqual([]);
  });

  it('a loaded 30 s run with a few of each, and a long run with level-1 refusals below the top-ups, pass', () => {
    expect(floors(30, { topups: 3, limited: 0, sends: 6 })).toEqual([]);
    expect(floors(300, { topups: 800, limited: 500, sends: 3_000 })).toEqual([]);
  });
});
