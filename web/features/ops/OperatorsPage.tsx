import { useId } from 'react';
import type { OpsStaff, StaffRequestAnswer } from '../../../common/api/ops-people';
import { Pagination } from '../../ui/Pagination';
import styles from './Ops.module.css';
import { fetchOperators, opsAction } from './ops-api';
import {
  ActionDialog,
  DateTime,
  DialogField,
  ListState,
  PageTitle,
  StaffName,
  TableWrap,
  useOps,
  useOpsList,
} from './OpsParts';
import { DialogEmail, DoneNote, useStaffDialogs } from './StaffDialogs';
import { useStaff } from './staff';

const PAGE_SIZE = 25;

type Open = { action: 'add' } | { action: 'remove'; operator: OpsStaff };

/**
 * Operators managing operators: who runs the back-office; ask to add an operator or auditor or to remove one (never
 * oneself), each a request another operator approves in the approvals queue.
 */
export function OperatorsPage() {
  const { ot } = useOps();
  const { me, canWrite } = useStaff();
  const roleId = useId();
  const { page, update, draft, set, apply, reset, list, rows } = useOpsList(
    'operators',
    ['role'] as const,
    PAGE_SIZE,
    fetchOperators,
  );
  const { open, done, form, start, close, finish, setField } = useStaffDialogs<Open, { email: string; role: string }>({
    email: '',
    role: 'OPERATOR',
  });
  return (
    <>
      <PageTitle>{ot('nav.operators')}</PageTitle>
      <form className={styles.filters} onSubmit={apply}>
        <label className={styles.field}>
          {ot('customers.role')}
          <select className={styles.input} value={draft.role} onChange={set('role')} data-testid="operators-role">
            <option value="">{ot('common.all')}</option>
            <option value="OPERATOR">{ot('roles.OPERATOR')}</option>
            <option value="AUDITOR">{ot('roles.AUDITOR')}</option>
          </select>
        </label>
        <button type="submit" className={styles.primary}>
          {ot('common.apply')}
        </button>
        <button type="button" className={styles.button} onClick={reset}>
          {ot('common.reset')}
        </button>
      </form>
      {canWrite ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.primary}
            onClick={() => start({ action: 'add' })}
            data-testid="operator-add"
          >
            {ot('operators.add')}
          </button>
        </div>
      ) : null}
      <DoneNote done={done} testId="operators-done" />
      <ListState list={list} emptyText={ot('operators.empty')} />
      {rows.length > 0 ? (
        <TableWrap label={ot('nav.operators')}>
          <table className={styles.table} data-testid="operators-table">
            <thead>
              <tr>
                <th scope="col">{ot('tellers.name')}</th>
                <th scope="col">{ot('customers.email')}</th>
                <th scope="col">{ot('customers.role')}</th>
                <th scope="col">{ot('tellers.lastSignIn')}</th>
                {canWrite ? <th scope="col">{ot('agencies.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.id} data-testid="operator-row">
                  <td>
                    <StaffName person={s} />{' '}
                    {s.id === me.id ? <span className={styles.badge}>{ot('operators.you')}</span> : null}
                  </td>
                  <td>
                    <bdi>{s.email ?? '—'}</bdi>
                  </td>
                  <td>{ot(`roles.${s.role}`)}</td>
                  <td>
                    <DateTime iso={s.last_sign_in} />
                  </td>
                  {canWrite ? (
                    <td>
                      {s.id === me.id ? null : (
                        <button
                          type="button"
                          className={styles.danger}
                          onClick={() => start({ action: 'remove', operator: s })}
                          data-testid={`operator-remove-${s.id}`}
                        >
                          {ot('operators.remove')}
                        </button>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      <Pagination
        page={page}
        count={list.data?.count ?? 0}
        pageSize={PAGE_SIZE}
        onPage={(p) => update({ page: String(p) })}
      />

      {open?.action === 'add' ? (
        <ActionDialog
          testId="operator-dialog"
          title={ot('operators.addTitle')}
          confirmLabel={ot('operators.add')}
          ready={form.email.trim() !== ''}
          description={<p>{ot('operators.addExplain')}</p>}
          onClose={close}
          action={(input) =>
            opsAction<StaffRequestAnswer>('operators/', input, { email: form.email.trim(), role: form.role })
          }
          onDone={() => finish(ot('operators.addRequested', { email: form.email.trim() }))}
          fields={['email', 'role']}
        >
          <DialogEmail value={form.email} onChange={setField('email')} testId="operator-email" />
          <DialogField name="role" label={ot('customers.role')} htmlFor={roleId}>
            {(a11y) => (
              <select
                id={roleId}
                className={styles.input}
                value={form.role}
                onChange={(e) => setField('role')(e.target.value)}
                data-testid="operator-role"
                {...a11y}
              >
                <option value="OPERATOR">{ot('roles.OPERATOR')}</option>
                <option value="AUDITOR">{ot('roles.AUDITOR')}</option>
              </select>
            )}
          </DialogField>
        </ActionDialog>
      ) : null}

      {open?.action === 'remove' ? (
        <ActionDialog
          testId="operator-dialog"
          title={ot('operators.removeTitle', {
            name: `${open.operator.first_name} ${open.operator.last_name}`.trim() || `#${open.operator.id}`,
          })}
          confirmLabel={ot('operators.remove')}
          danger
          description={<p>{ot('operators.removeExplain')}</p>}
          onClose={close}
          action={(input) => opsAction<StaffRequestAnswer>(`operators/${open.operator.id}/remove/`, input)}
          onDone={() => finish(ot('operators.removeRequested'))}
        />
      ) : null}
    </>
  );
}
