import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { OpsAgency } from '../../../common/api/ops-people';
import { ApiError } from '../../app/api-error';
import { Pagination } from '../../ui/Pagination';
import styles from './Ops.module.css';
import { fetchAgencies, opsAction, saveAgency } from './ops-api';
import type { OpsKey } from './ops-i18n';
import { ActionDialog } from './OpsDialog';
import { ListState, TableWrap, useOpsList } from './OpsList';
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
  const ref = useRef<HTMLDialogElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const titleId = useId();
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
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    first.current?.focus();
  }, []);
  const fieldErrors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const fieldError = (f: Field) => {
    const message = fieldErrors[f]?.[0];
    return message === undefined ? undefined : opsMessageText(message, t, ot);
  };
  const generalError =
    save.error && FIELDS.every((f) => fieldErrors[f] === undefined) ? opsErrorText(save.error, t, ot, language) : '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!save.isPending) save.mutate();
  };
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={onClose}
      data-testid="agency-form"
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <h2 id={titleId} className={styles.subtitle}>
          {agency ? ot('agencies.editTitle', { name: agency.name }) : ot('agencies.createTitle')}
        </h2>
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
                  inputMode={
                    f === 'latitude' || f === 'longitude' ? 'decimal' : f === 'phone_number' ? 'tel' : undefined
                  }
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
        <p className={styles.error} role="alert" data-testid="agency-form-error">
          {generalError}
        </p>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={save.isPending} data-testid="agency-save">
            {save.isPending ? ot('common.working') : ot('agencies.save')}
          </button>
          <button type="button" className={styles.button} onClick={() => ref.current?.close()}>
            {ot('common.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The agencies: their tellers and what is pending there; create, edit, disable (what is pending stays payable). */
export function AgenciesPage() {
  const { ot } = useOps();
  const { canWrite } = useStaff();
  const client = useQueryClient();
  const { page, update, draft, set, apply, reset, list, rows } = useOpsList(
    'agencies',
    ['search', 'state'] as const,
    PAGE_SIZE,
    fetchAgencies,
  );
  const [editing, setEditing] = useState<OpsAgency | 'new' | null>(null);
  const [toggling, setToggling] = useState<OpsAgency | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['ops'] });
  return (
    <>
      <PageTitle>{ot('nav.agencies')}</PageTitle>
      <form className={styles.filters} onSubmit={apply} role="search">
        <label className={styles.field}>
          {ot('agencies.search')}
          <input
            className={`${styles.input} ${styles.wide}`}
            type="search"
            value={draft.search}
            onChange={set('search')}
            data-testid="agencies-search"
          />
        </label>
        <label className={styles.field}>
          {ot('agencies.state')}
          <select className={styles.input} value={draft.state} onChange={set('state')} data-testid="agencies-state">
            <option value="">{ot('common.all')}</option>
            <option value="active">{ot('agencies.active')}</option>
            <option value="disabled">{ot('agencies.disabled')}</option>
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
              setEditing('new');
            }}
            data-testid="agency-new"
          >
            {ot('agencies.create')}
          </button>
        </div>
      ) : null}
      {done ? (
        <p className={styles.success} role="status" data-testid="agencies-done">
          {done}
        </p>
      ) : null}
      <ListState list={list} emptyText={ot('agencies.empty')} />
      {rows.length > 0 ? (
        <TableWrap label={ot('nav.agencies')}>
          <table className={styles.table} data-testid="agencies-table">
            <thead>
              <tr>
                <th scope="col">{ot('agencies.name')}</th>
                <th scope="col">{ot('agencies.place')}</th>
                <th scope="col">{ot('agencies.contact')}</th>
                <th scope="col" className={styles.num}>
                  {ot('agencies.tellers')}
                </th>
                <th scope="col" className={styles.num}>
                  {ot('agencies.pendingWithdrawals')}
                </th>
                <th scope="col" className={styles.num}>
                  {ot('agencies.pendingPickups')}
                </th>
                <th scope="col">{ot('agencies.state')}</th>
                {canWrite ? <th scope="col">{ot('agencies.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id} data-testid="agency-row">
                  <td>
                    <bdi>{a.name}</bdi>
                    <br />
                    <span className={styles.muted}>#{a.id}</span>
                  </td>
                  <td>
                    <bdi>{[a.address, a.zip_code, a.city].filter(Boolean).join(', ')}</bdi>
                  </td>
                  <td>
                    {a.phone_number ? <bdi dir="ltr">{a.phone_number}</bdi> : null}
                    {a.phone_number && a.email ? <br /> : null}
                    {a.email ? <bdi>{a.email}</bdi> : null}
                    {!a.phone_number && !a.email ? '—' : null}
                  </td>
                  <td className={styles.num}>{a.tellers}</td>
                  <td className={styles.num}>{a.pending_withdrawals}</td>
                  <td className={styles.num}>{a.pending_pickups}</td>
                  <td>
                    {a.disabled ? (
                      <span className={styles.badgeBad}>{ot('agencies.disabled')}</span>
                    ) : (
                      <span className={styles.badgeOk}>{ot('agencies.active')}</span>
                    )}
                  </td>
                  {canWrite ? (
                    <td>
                      <div className={styles.rowActions}>
                        <button
                          type="button"
                          className={styles.button}
                          onClick={() => {
                            setDone(null);
                            setEditing(a);
                          }}
                          aria-label={ot('agencies.editTitle', { name: a.name })}
                          data-testid={`agency-edit-${a.id}`}
                        >
                          {ot('agencies.edit')}
                        </button>
                        <button
                          type="button"
                          className={a.disabled ? styles.button : styles.danger}
                          onClick={() => {
                            setDone(null);
                            setToggling(a);
                          }}
                          aria-label={ot(a.disabled ? 'agencies.enableTitle' : 'agencies.disableTitle', {
                            name: a.name,
                          })}
                          data-testid={`agency-toggle-${a.id}`}
                        >
                          {ot(a.disabled ? 'agencies.enable' : 'agencies.disable')}
                        </button>
                      </div>
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
      {editing ? (
        <AgencyFormDialog
          agency={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            setDone(ot(editing === 'new' ? 'agencies.created' : 'agencies.saved'));
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
      {toggling ? (
        <ActionDialog
          testId="agency-dialog"
          title={ot(toggling.disabled ? 'agencies.enableTitle' : 'agencies.disableTitle', { name: toggling.name })}
          confirmLabel={ot(toggling.disabled ? 'agencies.enable' : 'agencies.disable')}
          danger={!toggling.disabled}
          description={
            toggling.disabled ? undefined : (
              <p data-testid="agency-pending">
                {ot('agencies.disableExplain', {
                  withdrawals: toggling.pending_withdrawals,
                  pickups: toggling.pending_pickups,
                  tellers: toggling.tellers,
                })}
              </p>
            )
          }
          onClose={() => setToggling(null)}
          action={(input) =>
            opsAction<OpsAgency>(`agencies/${toggling.id}/${toggling.disabled ? 'enable' : 'disable'}/`, input)
          }
          onDone={() => {
            setDone(ot(toggling.disabled ? 'agencies.enabled' : 'agencies.disabledDone', { name: toggling.name }));
            setToggling(null);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}
