import type { Approval } from '../../../common/api/ops';
import { rateText } from '../../ui/rate-format';
import { useOps } from './OpsParts';

/** The card fee a rates request moves, before and after (nothing when it keeps the fee): rates and approvals pages. */
export function FeeChange({ approval }: { approval: Approval }) {
  const { ot, locale } = useOps();
  const p = approval.payload as { fee?: string; fee_change_bp?: string; before?: { fee?: string } | null };
  if (!p.fee_change_bp || p.fee_change_bp === '0' || p.fee === undefined) return null;
  return (
    <bdi data-testid="rates-fee-change">
      {ot('rates.requestedFee', { before: rateText(p.before?.fee, locale), after: rateText(p.fee, locale) })}
    </bdi>
  );
}
