import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../common/api/transactions';
import { LEDGER_ID_POLLS, ledgerIdPollInterval } from './use-transactions';

const completed = { tx_id: null, status: 'completed' } as unknown as Transaction;

describe('ledgerIdPollInterval', () => {
  it('polls every 2 s for the ledger id of a completed transaction, then stops instead of polling forever', () => {
    expect(ledgerIdPollInterval(completed, 1)).toBe(2000);
    expect(ledgerIdPollInterval(completed, LEDGER_ID_POLLS - 1)).toBe(2000);
    expect(ledgerIdPollInterval(completed, LEDGER_ID_POLLS)).toBe(false);
  });

  it('does not poll once the id is there, or for a transaction that will not get one yet', () => {
    expect(ledgerIdPollInterval({ ...completed, tx_id: 'abc' }, 1)).toBe(false);
    expect(ledgerIdPollInterval({ ...completed, status: 'pending' }, 1)).toBe(false);
    expect(ledgerIdPollInterval(undefined, 0)).toBe(false);
  });
});
