import type { OpsTransaction } from '../../../common/api/ops';
import { refund } from './ops-api';
import { ActionDialog } from './OpsDialog';
import { Money, useOps } from './OpsParts';

/** A refund's answer: done at once, or a request waiting for a second operator (above the four-eyes threshold). */
export type RefundResult = { refunded: true } | { refunded: false; approval: { id: number } };

/**
 * The refund of a transaction, from its own page or from a help case about it (`caseId`: the audit line names the
 * case and its thread gets a note). One dialog, so both places ask and explain the same way.
 */
export function RefundDialog({
  tx,
  caseId,
  testId,
  onClose,
  onDone,
}: {
  tx: Pick<OpsTransaction, 'id' | 'amount'>;
  caseId?: number;
  testId: string;
  onClose: () => void;
  onDone: (result: RefundResult) => void;
}) {
  const { ot } = useOps();
  return (
    <ActionDialog
      testId={testId}
      title={ot('transaction.refundTitle', { id: tx.id })}
      description={
        <p>
          {ot('transaction.refundExplain')} <Money amount={tx.amount} />
        </p>
      }
      confirmLabel={ot('transaction.refund')}
      danger
      onClose={onClose}
      action={(input) => refund<RefundResult>(tx.id, caseId === undefined ? input : { ...input, case: caseId })}
      onDone={(result) => onDone(result as RefundResult)}
    />
  );
}
