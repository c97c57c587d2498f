import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { OpsAgency } from '../../../common/api/ops-people';
import { ApiError } from '../../shared/api/api-error';
import styles from './Ops.module.css';
import { fetchAgencies, opsAction, saveAgency } from './ops-api';
import type { OpsKey } from './ops-i18n';
import { ActionDialog, AddButton, DialogFrame, DoneNote, useOpsDialog } from './OpsDialog';
import { FilterForm, ListView, useOpsList } from './OpsList';
import { opsErrorText, opsMessageText, PageTitle, useOps } from './OpsParts';
import { useStaff } from './staff';

const PAGE_SIZE = 25;
const FIELDS = ['name', 'address', 'zip_code', 'city', 'latitude', 'longitude', 'phone_number', 'email'] as const;
type Field = (typeof FIELDS)[number];
const labels: Record<Field, OpsKey> = {
  name: 'agencies.name',
  address: 'agencies.address',
  zip_code: 'agencies.zip',
  city: 'agencies.city',
  latitude: 'agencies.latitude',
  longitude: 'agencies.longitude',
  phone_number: 'agencies.phone',
  email: 'agencies.email',
};
const optional: readonly Field[] = ['phone_number', 'email'];

/**
 * Create or edit an agency: every field with its own error under it (the server names the field), the focus on
 * the first one; Escape closes. An edit sends only what changed.
 */
function AgencyFormDialog({
  agency,
  onClose,
  onDone,
}: {
  agency: OpsAgency | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, ot, language } = useOps();
  const first = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const initial = Object.fromEntries(FIELDS.map((f) => [f, agency?.[f] ?? ''])) as Record<Field, string>;
  const [values, setValues] = useState(initial);
  const save = useMutation({
    mutationFn: () => {
      const changed = Object.fromEntries(
        FIELDS.filter((f) => !agency || values[f].trim() !== initial[f]).map((f) => [f, values[f].trim()]),
      );
      return saveAgency(agency?.id ?? null, changed);
    },
    onSuccess: onDone,
  });
  useEffect(() => first.current?.focus(), []);
  const fieldErrors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const fieldError = (f: Field) => {
    const message = fieldErrors[f]?.[0];
    return message === undefined ? undefined : opsMessageText(message, t, ot);
  };
  const generalError =
    save.error && FIELDS.every((f) => fieldErrors[f] === undefined) ? opsErrorText(save.error, t, ot, language) : '';
  return (
    <DialogFrame
      testId="agency-form"
      title={agency ? ot('agencies.editTitle', { name: agency.name }) : ot('agencies.createTitle')}
      onClose={onClose}
      onSubmit={() => save.mutate()}
      error={generalError}
      errorTestId="agency-form-error"
      confirmLabel={ot('agencies.save')}
      confirmTestId="agency-save"
      pending={save.isPending}
      noValidate
    >
      <div className={styles.formGrid}>
        {FIELDS.map((f, index) => {
          const error = fieldError(f);
          const id = `${baseId}-${f}`;
          return (
            <label key={f} className={styles.field} htmlFor={id}>
              {ot(labels[f])}
              {optional.includes(f) ? <span className={styles.muted}> ({ot('agencies.optional')})</span> : null}
              <input
                id={id}
                ref={index === 0 ? first : undefined}
                className={styles.input}
                value={values[f]}
                onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
                dir={f === 'name' || f === 'address' || f === 'city' ? 'auto' : 'ltr'}
                inputMode={f === 'latitude' || f === 'longitude' ? 'decimal' : f === 'phone_number' ? 'tel' : undefined}
                type={f === 'email' ? 'email' : 'text'}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                data-testid={`agency-${f}`}
              />
              {error ? (
                <span id={`${id}-error`} className={styles.error} data-testid={`agency-${f}-error`}>
                  {error}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </DialogFrame>
  );
}

/** The agencies: their tellers and what is pending there; create, edit, disable (what is pending stays payable). */
export function AgenciesPage() {
  const { ot } = useOps();
  const { canWrite } = useStaff();
  const state = useOpsList('agencies', ['search', 'state'] as const, PAGE_SIZE, fetchAgencies);
  const { open, done, start, close, finish } = useOpsDialog<{ edit: OpsAgency | null } | { toggle: OpsAgency }>();
  return (
    <>
      <PageTitle>{ot('nav.agencies')}</PageTitle>
      <FilterForm
        state={state}
        filters={[
          { key: 'search', label: ot('agencies.search'), type: 'search', testId: 'agencies-search' },
          {
            key: 'state',
            label: ot('agencies.state'),
            type: 'select',
            options: [
              { value: 'active', label: ot('agencies.active') },
              { value: 'disabled', label: ot('agencies.disabled') },
            ],
            testId: 'agencies-state',
          },
        ]}
      />
      <AddButton label={ot('agencies.create')} onClick={() => start({ edit: null })} testId="agency-new" />
      <DoneNote done={done} testId="agencies-done" />
      <ListView
        state={state}
        section="agencies"
        rowTestId="agency-row"
        columns={[
          {
            header: ot('agencies.name'),
            cell: (a) => (
              <>
                <bdi>{a.name}</bdi>
                <br />
                <span className={styles.muted}>#{a.id}</span>
              </>
            ),
          },
          {
            header: ot('agencies.place'),
            cell: (a) => <bdi>{[a.address, a.zip_code, a.city].filter(Boolean).join(', ')}</bdi>,
          },
          {
            header: ot('agencies.contact'),
            cell: (a) => (
              <>
                {a.phone_number ? <bdi dir="ltr">{a.phone_number}</bdi> : null}
                {a.phone_number && a.email ? <br /> : null}
                {a.email ? <bdi>{a.email}</bdi> : null}
                {!a.phone_number && !a.email ? '—' : null}
              </>
            ),
          },
          { header: ot('agencies.tellers'), num: true, cell: (a) => a.tellers },
          { header: ot('agencies.pendingWithdrawals'), num: true, cell: (a) => a.pending_withdrawals },
          { header: ot('agencies.pendingPickups'), num: true, cell: (a) => a.pending_pickups },
          {
            header: ot('agencies.state'),
            cell: (a) =>
              a.disabled ? (
                <span className={styles.badgeBad}>{ot('agencies.disabled')}</span>
              ) : (
                <span className={styles.badgeOk}>{ot('agencies.active')}</span>
              ),
          },
          canWrite && {
            header: ot('agencies.actions'),
            cell: (a) => (
              <div className={styles.rowActions}>
                <button
                  type="button"
                  className={styles.button}
                  onClick={() => start({ edit: a })}
                  aria-label={ot('agencies.editTitle', { name: a.name })}
                  data-testid={`agency-edit-${a.id}`}
                >
                  {ot('agencies.edit')}
                </button>
                <button
                  type="button"
                  className={a.disabled ? styles.button : styles.danger}
                  onClick={() => start({ toggle: a })}
                  aria-label={ot(a.disabled ? 'agencies.enableTitle' : 'agencies.disableTitle', { name: a.name })}
                  data-testid={`agency-toggle-${a.id}`}
                >
                  {ot(a.disabled ? 'agencies.enable' : 'agencies.disable')}
                </button>
              </div>
            ),
          },
        ]}
      />
      {open !== null && 'edit' in open ? (
        <AgencyFormDialog
          agency={open.edit}
          onClose={close}
          onDone={() => finish(ot(open.edit === null ? 'agencies.created' : 'agencies.saved'))}
        />
      ) : null}
      {open !== null && 'toggle' in open ? (
        <ActionDialog
          testId="agency-dialog"
          title={ot(open.toggle.disabled ? 'agencies.enableTitle' : 'agencies.disableTitle', {
            name: open.toggle.name,
          })}
          confirmLabel={ot(open.toggle.disabled ? 'agencies.enable' : 'agencies.disable')}
          danger={!open.toggle.disabled}
          description={
            open.toggle.disabled ? undefined : (
              <p data-testid="agency-pending">
                {ot('agencies.disableExplain', {
                  withdrawals: open.toggle.pending_withdrawals,
                  pickups: open.toggle.pending_pickups,
                  tellers: open.toggle.tellers,
                })}
              </p>
            )
          }
          onClose={close}
          action={(input) =>
            opsAction<OpsAgency>(`agencies/${open.toggle.id}/${open.toggle.disabled ? 'enable' : 'disable'}/`, input)
          }
          onDone={() =>
            finish(ot(open.toggle.disabled ? 'agencies.enabled' : 'agencies.disabledDone', { name: open.toggle.name }))
          }
        />
      ) : null}
    </>
  );
}
