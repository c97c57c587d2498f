import { describe, expect, it } from 'vitest';
import type { CancelOp } from '../journal.ts';
import { judgeCancels } from './cancel.ts';

/** The run's judgement of the customers' cancels against the transactions' final statuses. */
const noLonger = JSON.stringify({ detail: 'This transaction can no longer be cancelled.' });
const op = (result: CancelOp['result'], status: number, extra: Partial<CancelOp> = {}): CancelOp => ({
  userId: '7',
  txId: 455,
  result,
  status,
  unknown: 0,
  ...(result === 'refused' && { message: noLonger }),
  ...extra,
});

function judge(cancels: CancelOp[], status: string): string[] {
  const failures: string[] = [];
  judgeCancels(cancels, new Map([[455, status]]), (check, detail) => failures.push(`${check}: ${detail}`));
  return failures;
}

describe('judgeCancels', () => {
  it('a refusal of a transaction that ended cancelled, with nothing else that could have cancelled it, is an anomaly', () => {
    expect(judge([op('refused', 400)], 'cancelled')).toEqual([
      `cancel-refused-exists: transaction 455: cancel refused with 400 ${noLonger}, yet cancelled`,
    ]);
  });

  it('a second cancel refused after a first one went through (the reservation had lapsed) is no anomaly', () => {
    expect(judge([op('ok', 200, { answerStatus: 'cancelled' }), op('refused', 400)], 'cancelled')).toEqual([]);
    // Nor when the first got no answer: it may have gone through.
    expect(judge([op('unresolved', 0), op('refused', 400)], 'cancelled')).toEqual([]);
    // Two refusals explain nothing.
    expect(judge([op('refused', 400), op('refused', 400)], 'cancelled')).toHaveLength(2);
  });

  it('an acknowledged cancel must end cancelled or expired, and only "no longer cancellable" is an expected refusal', () => {
    expect(judge([op('ok', 200)], 'expired')).toEqual([]);
    expect(judge([op('ok', 200, { answerStatus: 'cancelled' })], 'pending')).toEqual([
      'cancel-acknowledged: transaction 455 cancelled (answer cancelled) is pending',
    ]);
    expect(judge([op('refused', 500, { message: 'boom' })], 'pending')).toEqual([
      'unexpected-refusal: cancel of 455 by 7: 500 boom',
    ]);
  });
});
