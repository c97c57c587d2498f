import { useId } from 'react';
import type { OpsStaff, StaffRequestAnswer } from '../../../common/api/ops-people';
import styles from './Ops.module.css';
import { fetchOperators, opsAction } from './ops-api';
import { ActionDialog, AddButton, DialogField, DoneNote } from './OpsDialog';
import { FilterForm, ListView, useOpsList } from './OpsList';
import { DateTime, PageTitle, StaffName, useOps } from './OpsParts';
import { DialogEmail, useStaffDialogs } from './StaffDialogs';
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
  const state = useOpsList('operators', ['role'] as const, PAGE_SIZE, fetchOperators);
  const { open, done, form, start, close, finish, setField } = useStaffDialogs<Open, { email: string; role: string }>({
    email: '',
    role: 'OPERATOR',
  });
  return (
    <>
      <PageTitle>{ot('nav.operators')}</PageTitle>
      <FilterForm
        state={state}
        filters={[
          {
            key: 'role',
            label: ot('customers.role'),
            type: 'select',
            options: (['OPERATOR', 'AUDITOR'] as const).map((role) => ({ value: role, label: ot(`roles.${role}`) })),
            testId: 'operators-role',
          },
        ]}
      />
      <AddButton label={ot('operators.add')} onClick={() => start({ action: 'add' })} testId="operator-add" />
      <DoneNote done={done} testId="operators-done" />
      <ListView
        state={state}
        section="operators"
        rowTestId="operator-row"
        columns={[
          {
            header: ot('tellers.name'),
            cell: (s) => (
              <>
                <StaffName person={s} />{' '}
                {s.id === me.id ? <span className={styles.badge}>{ot('operators.you')}</span> : null}
              </>
            ),
          },
          { header: ot('customers.email'), cell: (s) => <bdi>{s.email ?? '—'}</bdi> },
          { header: ot('customers.role'), cell: (s) => ot(`roles.${s.role}`) },
          { header: ot('tellers.lastSignIn'), cell: (s) => <DateTime iso={s.last_sign_in} /> },
          canWrite && {
            header: ot('agencies.actions'),
            cell: (s) =>
              s.id === me.id ? null : (
                <button
                  type="button"
                  className={styles.danger}
                  onClick={() => start({ action: 'remove', operator: s })}
                  data-testid={`operator-remove-${s.id}`}
                >
                  {ot('operators.remove')}
                </button>
              ),
          },
        ]}
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
