import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Approval } from '../../../common/api/ops';
import { Pagination } from '../../ui/Pagination';
import styles from './Ops.module.css';
import { fetchApprovals, opsAction } from './ops-api';
import { rateText } from '../../ui/rate-format';
import { ActionDialog } from './OpsDialog';
import { ListState, TableWrap, useOpsList } from './OpsList';
import { DateTime, Money, PageTitle, StatusBadge, useOps } from './OpsParts';
import type { OpsKey } from './ops-i18n';
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
        <Link to={withLang('/ops/rates')}>{ot('approvals.kindRates')}</Link> ·{' '}
        <bdi dir="ltr">{`${rateText(before.official, locale)} → ${rateText(p.official, locale)} (${rateText(p.freemium, locale)} / ${rateText(p.subscription, locale)}) ±${rateText(p.change_percent, locale)} %`}</bdi>{' '}
        <FeeChange approval={approval} />
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
 * Four eyes: what other operators asked for and waits for a second one. The requester sees their own request
 * without the buttons and reads why (the server refuses it anyway).
 */
export function ApprovalsPage() {
  const { ot } = useOps();
  const { me, canWrite } = useStaff();
  const client = useQueryClient();
  const {
    values,
    page,
    update,
    list: approvals,
    rows,
  } = useOpsList('approvals', ['state'] as const, PAGE_SIZE, (query, signal) =>
    fetchApprovals({ ...query, state: query.state || 'pending' }, signal),
  );
  const state = values.state || 'pending';
  const [deciding, setDeciding] = useState<{ approval: Approval; decision: 'approve' | 'reject' } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <PageTitle>{ot('nav.approvals')}</PageTitle>
      <form className={styles.filters} onSubmit={(e) => e.preventDefault()}>
        <label className={styles.field}>
          {ot('approvals.state')}
          <select
            className={styles.input}
            value={state}
            onChange={(e) => update({ state: e.target.value })}
            data-testid="approvals-state"
          >
            {STATES.map((s) => (
              <option key={s} value={s}>
                {ot(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </form>
      {done ? (
        <p className={styles.success} role="status" data-testid="approval-done">
          {done}
        </p>
      ) : null}
      <ListState list={approvals} emptyText={ot('approvals.empty')} />
      {rows.length > 0 ? (
        <TableWrap label={ot('nav.approvals')}>
          <table className={styles.table} data-testid="approvals-table">
            <thead>
              <tr>
                <th scope="col">{ot('approvals.id')}</th>
                <th scope="col">{ot('approvals.subject')}</th>
                <th scope="col" className={styles.num}>
                  {ot('transactions.amount')}
                </th>
                <th scope="col">{ot('approvals.requestedBy')}</th>
                <th scope="col">{ot('audit.reason')}</th>
                <th scope="col">{ot('approvals.requestedAt')}</th>
                <th scope="col">{ot('approvals.expires')}</th>
                <th scope="col">{ot('approvals.state')}</th>
                <th scope="col">{ot('approvals.decision')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((approval) => {
                const own = approval.requested_by === me.id;
                return (
                  <tr key={approval.id} data-testid={`approval-${approval.id}`}>
                    <td>#{approval.id}</td>
                    <td>
                      <Subject approval={approval} />
                    </td>
                    <td className={styles.num}>
                      <Money amount={approval.amount} currency={approval.currency ?? 'MAD'} />
                    </td>
                    <td>
                      {approval.requested_by_name ?? `#${approval.requested_by}`}
                      {own ? <span className={styles.muted}> ({ot('approvals.you')})</span> : null}
                    </td>
                    <td>{approval.reason}</td>
                    <td>
                      <DateTime iso={approval.requested_at} />
                    </td>
                    <td>
                      <DateTime iso={approval.expires_at} />
                    </td>
                    <td>
                      <StatusBadge status={approval.state} />
                    </td>
                    <td>
                      {approval.state !== 'pending' ? (
                        <>
                          <DateTime iso={approval.decided_at} />
                          {approval.decision_reason ? ` — ${approval.decision_reason}` : null}
                        </>
                      ) : !canWrite ? (
                        <span className={styles.muted}>{ot('approvals.readOnly')}</span>
                      ) : own ? (
                        <span className={styles.muted} data-testid="approval-own">
                          {ot('errors.ownRequest')}
                        </span>
                      ) : (
                        <span className={styles.actions}>
                          <button
                            type="button"
                            className={styles.primary}
                            onClick={() => {
                              setDone(null);
                              setDeciding({ approval, decision: 'approve' });
                            }}
                            data-testid="approval-approve"
                          >
                            {ot('approvals.approve')}
                          </button>
                          <button
                            type="button"
                            className={styles.button}
                            onClick={() => {
                              setDone(null);
                              setDeciding({ approval, decision: 'reject' });
                            }}
                            data-testid="approval-reject"
                          >
                            {ot('approvals.reject')}
                          </button>
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      <Pagination
        page={page}
        count={approvals.data?.count ?? 0}
        pageSize={PAGE_SIZE}
        onPage={(p) => update({ page: String(p) })}
      />
      {deciding ? (
        <ActionDialog
          testId="approval-dialog"
          title={ot(deciding.decision === 'approve' ? 'approvals.approveTitle' : 'approvals.rejectTitle', {
            id: deciding.approval.id,
          })}
          description={
            <p>
              <Subject approval={deciding.approval} /> · <Money amount={deciding.approval.amount} />
            </p>
          }
          confirmLabel={ot(deciding.decision === 'approve' ? 'approvals.approve' : 'approvals.reject')}
          danger={deciding.decision === 'approve'}
          onClose={() => setDeciding(null)}
          action={(input) => opsAction(`approvals/${deciding.approval.id}/${deciding.decision}/`, input)}
          onDone={() => {
            setDone(ot(deciding.decision === 'approve' ? 'approvals.approved' : 'approvals.rejected'));
            setDeciding(null);
            void client.invalidateQueries({ queryKey: ['ops'] });
          }}
        />
      ) : null}
    </>
  );
}
