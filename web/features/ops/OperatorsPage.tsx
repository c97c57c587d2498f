import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { OpsStaff } from '../../../common/api/ops-people';
import { Pagination } from '../../ui/Pagination';
import styles from './Ops.module.css';
import { fetchOperators, opsAction } from './ops-api';
import { ActionDialog, DateTime, DialogField, ListState, PageTitle, StaffName, TableWrap, useOps, useOpsList } from './OpsParts';
import { useStaff } from './staff';

const PAGE_SIZE = 25;

/** Operators managing operators: who runs the back-office, add an operator or auditor, remove one (never oneself). */
export function OperatorsPage() {
  const { ot } = useOps();
  const { me, canWrite } = useStaff();
  const client = useQueryClient();
  const ids = { email: useId(), role: useId() };
  const { page, update, draft, set, apply, reset, list, rows } = useOpsList(
    'operators',
    ['role'] as const,
    PAGE_SIZE,
    fetchOperators,
  );
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<OpsStaff | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [form, setForm] = useState({ email: '', role: 'OPERATOR' });
  const finish = (message: string) => {
    setDone(message);
    setAdding(false);
    setRemoving(null);
    void client.invalidateQueries({ queryKey: ['ops'] });
  };
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
            onClick={() => {
              setDone(null);
              setForm({ email: '', role: 'OPERATOR' });
              setAdding(true);
            }}
            data-testid="operator-add"
          >
            {ot('operators.add')}
          </button>
        </div>
      ) : null}
      {done ? (
        <p className={styles.success} role="status" data-testid="operators-done">
          {done}
        </p>
      ) : null}
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
                          onClick={() => {
                            setDone(null);
                            setRemoving(s);
                          }}
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

      {adding ? (
        <ActionDialog
          testId="operator-dialog"
          title={ot('operators.addTitle')}
          confirmLabel={ot('operators.add')}
          ready={form.email.trim() !== ''}
          onClose={() => setAdding(false)}
          action={(input) => opsAction<OpsStaff>('operators/', input, { email: form.email.trim(), role: form.role })}
          onDone={() => finish(ot('operators.added', { email: form.email.trim() }))}
          fields={['email', 'role']}
        >
          <DialogField name="email" label={ot('customers.email')} htmlFor={ids.email}>
            {(a11y) => (
              <input
                id={ids.email}
                className={styles.input}
                type="email"
                dir="ltr"
                required
                value={form.email}
                onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))}
                data-testid="operator-email"
                {...a11y}
              />
            )}
          </DialogField>
          <DialogField name="role" label={ot('customers.role')} htmlFor={ids.role}>
            {(a11y) => (
              <select
                id={ids.role}
                className={styles.input}
                value={form.role}
                onChange={(e) => setForm((f) => ({ ...f, role: e.target.value }))}
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

      {removing ? (
        <ActionDialog
          testId="operator-dialog"
          title={ot('operators.removeTitle', {
            name: `${removing.first_name} ${removing.last_name}`.trim() || `#${removing.id}`,
          })}
          confirmLabel={ot('operators.remove')}
          danger
          description={<p>{ot('operators.removeExplain')}</p>}
          onClose={() => setRemoving(null)}
          action={(input) => opsAction<OpsStaff>(`operators/${removing.id}/remove/`, input)}
          onDone={() => finish(ot('operators.removed'))}
        />
      ) : null}
    </>
  );
}
