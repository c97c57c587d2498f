import { Link } from 'react-router';
import type { Approval } from '../../../common/api/ops';
import styles from './Ops.module.css';
import { fetchApprovals, opsAction } from './ops-api';
import { rateText } from '../../ui/rate-format';
import { ActionDialog, DecisionCell, DoneNote, useOpsDialog } from './OpsDialog';
import { FilterForm, ListView, useOpsList } from './OpsList';
import { DateTime, Money, PageTitle, StatusBadge, useOps } from './OpsParts';
import type { OpsKey } from './ops-i18n';
import { RatesChangeTable, type RateFigures } from './RatesChange';
import { FeeChange } from './RatesFeeChange';
import { useStaff } from './staff';

const PAGE_SIZE = 25;
const STATES = ['pending', 'approved', 'rejected', 'expired'] as const;

/** A staff change (see server/modules/ops/staff-requests.ts): its label, the screen it belongs to, who it is about. */
function staffChange(approval: Approval): { label: OpsKey; page: string; detail: string } | null {
  const p = approval.payload as { email?: string | null; name?: string; agency_name?: string | null };
  const who = [p.name, p.email].filter(Boolean).join(' · ');
  if (approval.kind === 'staff_add') return { label: 'approvals.kindStaffAdd', page: '/ops/operators', detail: who };
  if (approval.kind === 'staff_remove')
    return { label: 'approvals.kindStaffRemove', page: '/ops/operators', detail: who };
  if (approval.kind === 'teller_move')
    return { label: 'approvals.kindTellerMove', page: '/ops/tellers', detail: `${who} → ${p.agency_name ?? ''}` };
  return null;
}

/** What a four-eyes request is about, linked to it. */
function Subject({ approval }: { approval: Approval }) {
  const { ot, withLang, locale } = useOps();
  const kind = approval.kind === 'refund' ? ot('approvals.kindRefund') : approval.kind;
  if (approval.kind === 'rates') {
    // The figures asked for against those in force when asked (see server/modules/ops/rates.service.ts).
    const p = approval.payload as {
      official?: string;
      freemium?: string;
      subscription?: string;
      change_percent?: string;
    };
    const before = (approval.payload.before ?? {}) as { official?: string };
    return (
      <>
        <Link to={withLang('/ops/rates')}>{ot('approvals.kindRates')}</Link> · {ot('rates.official')}{' '}
        <bdi dir="ltr">{`${rateText(before.official, locale)} → ${rateText(p.official, locale)}`}</bdi> ·{' '}
        {ot('ratesChange.largest', { percent: rateText(p.change_percent, locale) })} <FeeChange approval={approval} />
      </>
    );
  }
  const staff = staffChange(approval);
  if (staff)
    return (
      <>
        <Link to={withLang(staff.page)}>{ot(staff.label)}</Link> · <bdi>{staff.detail}</bdi>
      </>
    );
  if (approval.subject_type === 'transaction')
    return (
      <>
        {kind} ·{' '}
        <Link to={withLang(`/ops/transactions/${approval.subject_id}`)}>
          {ot('transaction.title', { id: approval.subject_id })}
        </Link>
      </>
    );
  return (
    <>
      {kind} · <bdi dir="ltr">{`${approval.subject_type} ${approval.subject_id}`}</bdi>
    </>
  );
}

/**
 * What approving or rejecting a rates request does, then its figures labelled, in force when asked → asked, and
 * the largest change the server measured (against the rates in force, those replaced and the last 24 hours').
 */
export function RatesDecision({ approval, decision }: { approval: Approval; decision: 'approve' | 'reject' }) {
  const { ot, locale } = useOps();
  const p = approval.payload as RateFigures & { change_percent?: string; before?: RateFigures | null };
  return (
    <>
      <p data-testid="rates-decision-intro">
        {ot(decision === 'approve' ? 'ratesChange.approveIntro' : 'ratesChange.rejectIntro')}
      </p>
      <RatesChangeTable before={p.before ?? null} after={p} testId="rates-decision-change" />
      <p data-testid="rates-decision-largest">
        {ot('ratesChange.largestExplained', { percent: rateText(p.change_percent, locale) })}
      </p>
      <p>
        {ot('ratesChange.pendingBy', { name: approval.requested_by_name ?? `#${approval.requested_by}` })}{' '}
        <DateTime iso={approval.requested_at} /> — <q>{approval.reason}</q>
      </p>
    </>
  );
}

/**
 * Four eyes: what other operators asked for and waits for a second one. The requester sees their own request
 * without the buttons and reads why (the server refuses it anyway).
 */
export function ApprovalsPage() {
  const { ot } = useOps();
  const { me } = useStaff();
  const state = useOpsList('approvals', ['state'] as const, PAGE_SIZE, fetchApprovals, { state: 'pending' });
  const { open, done, start, close, finish } = useOpsDialog<{ approval: Approval; decision: 'approve' | 'reject' }>();
  return (
    <>
      <PageTitle>{ot('nav.approvals')}</PageTitle>
      <FilterForm
        state={state}
        filters={[
          {
            key: 'state',
            label: ot('approvals.state'),
            type: 'select',
            instant: true,
            options: STATES.map((s) => ({ value: s, label: ot(`status.${s}`) })),
            testId: 'approvals-state',
          },
        ]}
      />
      <DoneNote done={done} testId="approval-done" />
      <ListView
        state={state}
        section="approvals"
        rowTestId={(approval) => `approval-${approval.id}`}
        columns={[
          { header: ot('approvals.id'), cell: (approval) => `#${approval.id}` },
          { header: ot('approvals.subject'), cell: (approval) => <Subject approval={approval} /> },
          {
            header: ot('transactions.amount'),
            num: true,
            cell: (approval) => <Money amount={approval.amount} currency={approval.currency ?? 'MAD'} />,
          },
          {
            header: ot('approvals.requestedBy'),
            cell: (approval) => (
              <>
                {approval.requested_by_name ?? `#${approval.requested_by}`}
                {approval.requested_by === me.id ? (
                  <span className={styles.muted}> ({ot('approvals.you')})</span>
                ) : null}
              </>
            ),
          },
          { header: ot('audit.reason'), cell: (approval) => approval.reason },
          { header: ot('approvals.requestedAt'), cell: (approval) => <DateTime iso={approval.requested_at} /> },
          { header: ot('approvals.expires'), cell: (approval) => <DateTime iso={approval.expires_at} /> },
          { header: ot('approvals.state'), cell: (approval) => <StatusBadge status={approval.state} /> },
          {
            header: ot('approvals.decision'),
            cell: (approval) => (
              <DecisionCell
                decided={
                  approval.state === 'pending' ? null : (
                    <>
                      <DateTime iso={approval.decided_at} />
                      {approval.decision_reason ? ` — ${approval.decision_reason}` : null}
                    </>
                  )
                }
                refusal={approval.requested_by === me.id ? ot('errors.ownRequest') : null}
                refusalTestId="approval-own"
                onDecide={(decision) => start({ approval, decision })}
                testIdPrefix="approval"
              />
            ),
          },
        ]}
      />
      {open ? (
        <ActionDialog
          testId="approval-dialog"
          title={ot(open.decision === 'approve' ? 'approvals.approveTitle' : 'approvals.rejectTitle', {
            id: open.approval.id,
          })}
          description={
            open.approval.kind === 'rates' ? (
              <RatesDecision approval={open.approval} decision={open.decision} />
            ) : (
              <p>
                <Subject approval={open.approval} />
                {open.approval.amount === null ? null : (
                  <>
                    {' · '}
                    <Money amount={open.approval.amount} currency={open.approval.currency ?? 'MAD'} />
                  </>
                )}
              </p>
            )
          }
          codeHint={open.approval.kind === 'rates' ? ot('ratesChange.codeHint') : undefined}
          confirmLabel={ot(open.decision === 'approve' ? 'approvals.approve' : 'approvals.reject')}
          danger={open.decision === 'approve'}
          onClose={close}
          action={(input) => opsAction(`approvals/${open.approval.id}/${open.decision}/`, input)}
          onDone={() => finish(ot(open.decision === 'approve' ? 'approvals.approved' : 'approvals.rejected'))}
        />
      ) : null}
    </>
  );
}
