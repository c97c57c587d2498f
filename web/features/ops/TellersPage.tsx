import type { OpsStaff, StaffRequestAnswer } from '../../../common/api/ops-people';
import styles from './Ops.module.css';
import { fetchTellers, opsAction } from './ops-api';
import { ActionDialog, AddButton, DoneNote } from './OpsDialog';
import { FilterForm, ListView, useOpsList } from './OpsList';
import { DateTime, PageTitle, StaffName, useOps } from './OpsParts';
import { DialogAgency, DialogEmail, DialogInput, useStaffDialogs } from './StaffDialogs';
import { useStaff } from './staff';

const PAGE_SIZE = 25;

type Open = { action: 'add' } | { action: 'move' | 'disable'; teller: OpsStaff };

/** Who works at which counter: add a teller by e-mail, move one to another agency, disable one who left. */
export function TellersPage() {
  const { ot } = useOps();
  const { canWrite } = useStaff();
  const state = useOpsList('tellers', ['agency', 'search'] as const, PAGE_SIZE, fetchTellers);
  const { open, done, form, start, close, finish, setField } = useStaffDialogs<
    Open,
    Record<'email' | 'agency' | 'first_name' | 'last_name', string>
  >({
    email: '',
    agency: '',
    first_name: '',
    last_name: '',
  });
  return (
    <>
      <PageTitle>{ot('nav.tellers')}</PageTitle>
      <FilterForm
        state={state}
        applyTestId="tellers-apply"
        filters={[
          { key: 'agency', label: ot('tellers.agency'), type: 'agency', testId: 'tellers-agency' },
          { key: 'search', label: ot('tellers.search'), type: 'search' },
        ]}
      />
      <AddButton label={ot('tellers.add')} onClick={() => start({ action: 'add' })} testId="teller-add" />
      <DoneNote done={done} testId="tellers-done" />
      <ListView
        state={state}
        section="tellers"
        rowTestId="teller-row"
        columns={[
          { header: ot('tellers.name'), cell: (s) => <StaffName person={s} /> },
          { header: ot('customers.email'), cell: (s) => <bdi>{s.email ?? '—'}</bdi> },
          { header: ot('customers.phone'), cell: (s) => <bdi dir="ltr">{s.phone_number ?? '—'}</bdi> },
          {
            header: ot('tellers.agency'),
            cell: (s) => (
              <>
                {s.agency ? <bdi>{s.agency.name}</bdi> : '—'}{' '}
                {s.agency?.disabled ? <span className={styles.badgeBad}>{ot('agencies.disabled')}</span> : null}
              </>
            ),
          },
          { header: ot('tellers.lastSignIn'), cell: (s) => <DateTime iso={s.last_sign_in} /> },
          canWrite && {
            header: ot('agencies.actions'),
            cell: (s) => (
              <div className={styles.rowActions}>
                <button
                  type="button"
                  className={styles.button}
                  onClick={() => start({ action: 'move', teller: s })}
                  data-testid={`teller-move-${s.id}`}
                >
                  {ot('tellers.move')}
                </button>
                <button
                  type="button"
                  className={styles.danger}
                  onClick={() => start({ action: 'disable', teller: s })}
                  data-testid={`teller-disable-${s.id}`}
                >
                  {ot('tellers.disable')}
                </button>
              </div>
            ),
          },
        ]}
      />

      {open?.action === 'add' ? (
        <ActionDialog
          testId="teller-dialog"
          title={ot('tellers.addTitle')}
          confirmLabel={ot('tellers.add')}
          ready={form.email.trim() !== '' && form.agency !== ''}
          onClose={close}
          action={(input) =>
            opsAction<OpsStaff>('tellers/', input, {
              email: form.email.trim(),
              agency: Number(form.agency),
              ...(form.first_name.trim() && { first_name: form.first_name.trim() }),
              ...(form.last_name.trim() && { last_name: form.last_name.trim() }),
            })
          }
          onDone={() => finish(ot('tellers.added', { email: form.email.trim() }))}
          fields={['email', 'agency', 'first_name', 'last_name']}
        >
          <DialogEmail value={form.email} onChange={setField('email')} testId="teller-email" />
          <DialogAgency label={ot('tellers.agency')} value={form.agency} onChange={setField('agency')} />
          <DialogInput
            name="first_name"
            label={ot('tellers.firstName')}
            value={form.first_name}
            onChange={setField('first_name')}
          />
          <DialogInput
            name="last_name"
            label={ot('tellers.lastName')}
            value={form.last_name}
            onChange={setField('last_name')}
          />
        </ActionDialog>
      ) : null}

      {open?.action === 'move' ? (
        <ActionDialog
          testId="teller-dialog"
          title={ot('tellers.moveTitle', { name: `${open.teller.first_name} ${open.teller.last_name}`.trim() })}
          confirmLabel={ot('tellers.move')}
          ready={form.agency !== ''}
          onClose={close}
          action={(input) =>
            opsAction<StaffRequestAnswer>(`tellers/${open.teller.id}/move/`, input, { agency: Number(form.agency) })
          }
          onDone={() => finish(ot('tellers.moveRequested'))}
          fields={['agency']}
        >
          <DialogAgency label={ot('tellers.newAgency')} value={form.agency} onChange={setField('agency')} />
        </ActionDialog>
      ) : null}

      {open?.action === 'disable' ? (
        <ActionDialog
          testId="teller-dialog"
          title={ot('tellers.disableTitle', { name: `${open.teller.first_name} ${open.teller.last_name}`.trim() })}
          confirmLabel={ot('tellers.disable')}
          danger
          description={<p>{ot('tellers.disableExplain')}</p>}
          onClose={close}
          action={(input) => opsAction<OpsStaff>(`tellers/${open.teller.id}/disable/`, input)}
          onDone={() => finish(ot('tellers.disabled'))}
        />
      ) : null}
    </>
  );
}
