import { useMutation } from '@tanstack/react-query';
import type { OpsTransaction } from '../../../common/api/ops';
import { resendPickupSms } from './ops-api';
import { DialogFrame } from './OpsDialog';
import { opsErrorText, useOps } from './OpsParts';

/**
 * The confirmation before a cash pickup's SMS goes to its recipient again: what they will get and on which
 * number. It moves no money and changes no access, so it asks no reason or security code; the server audits it,
 * limits it, and refuses it for a pickup held or no longer to collect (that refusal shows here).
 */
export function ResendPickupSmsDialog({
  tx,
  caseId,
  onClose,
  onDone,
}: {
  tx: Pick<OpsTransaction, 'id' | 'recipient_phone_number'>;
  caseId: number;
  onClose: () => void;
  onDone: (remaining: number) => void;
}) {
  const { t, ot, language } = useOps();
  const mutation = useMutation({
    mutationFn: () => resendPickupSms(tx.id, { case: caseId }),
    onSuccess: (answer) => onDone(answer.remaining),
  });
  return (
    <DialogFrame
      testId="case-resend-dialog"
      title={ot('cases.resendTitle')}
      onClose={onClose}
      onSubmit={() => mutation.mutate()}
      error={mutation.error ? opsErrorText(mutation.error, t, ot, language) : ''}
      errorTestId="action-error"
      confirmLabel={ot('cases.resendConfirm')}
      confirmTestId="action-confirm"
      pending={mutation.isPending}
    >
      <p>{ot('cases.resendExplain')}</p>
      <p>
        {ot('cases.resendPhone')} <bdi dir="ltr">{tx.recipient_phone_number ?? ''}</bdi>
      </p>
    </DialogFrame>
  );
}
