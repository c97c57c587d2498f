import { AUDIT_TARGET_TYPES } from '../../../common/api/audit-actions';
import { actionLabel, auditActions, auditColumns, targetLabel } from './AuditTable';
import styles from './Ops.module.css';
import { downloadCsv, fetchAudit } from './ops-api';
import { FilterForm, ListView, useOpsList } from './OpsList';
import { PageTitle, useCsvDownload, useOps } from './OpsParts';

const PAGE_SIZE = 50;
// `actor` comes from a person's name in a line (their own actions); `person` is typed: part of a name or e-mail.
const FILTERS = ['actor', 'person', 'action', 'target_type', 'target_id', 'start_date', 'end_date'] as const;

/** The audit trail: every operator action and sign-in, filtered, and the same filters as a CSV file. */
export function AuditPage() {
  const { ot } = useOps();
  const state = useOpsList('audit', FILTERS, PAGE_SIZE, fetchAudit);
  const csv = useCsvDownload(() => downloadCsv('audit/csv/', state.values, 'audit.csv'));
  const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
  const actions = auditActions.map((action) => ({ value: action, label: actionLabel(ot, action) })).sort(byLabel);
  const targets = AUDIT_TARGET_TYPES.map((kind) => ({ value: kind, label: targetLabel(ot, kind) })).sort(byLabel);
  const actorName = state.values.actor
    ? state.rows.find((row) => String(row.actor) === state.values.actor)?.actor_name
    : undefined;
  return (
    <>
      <PageTitle>{ot('nav.audit')}</PageTitle>
      {actorName ? (
        <p className={styles.muted} data-testid="audit-actor-filter">
          {ot('audit.personFilter', { name: actorName })}
        </p>
      ) : null}
      <FilterForm
        state={state}
        testId="audit-filters"
        applyTestId="audit-apply"
        filters={[
          { key: 'person', label: ot('audit.person'), type: 'search', testId: 'audit-person' },
          { key: 'action', label: ot('audit.action'), type: 'select', options: actions, testId: 'audit-action' },
          { key: 'target_type', label: ot('audit.targetType'), type: 'select', options: targets },
          { key: 'target_id', label: ot('audit.targetId'), ltr: true },
          { key: 'start_date', label: ot('transactions.from'), type: 'date' },
          { key: 'end_date', label: ot('transactions.to'), type: 'date' },
        ]}
      >
        <button
          type="button"
          className={styles.button}
          onClick={csv.start}
          disabled={csv.downloading}
          data-testid="audit-csv"
        >
          {ot('common.csv')}
        </button>
      </FilterForm>
      {csv.error ? (
        <p className={styles.error} role="alert">
          {csv.error}
        </p>
      ) : null}
      <ListView state={state} section="audit" rowTestId="audit-row" columns={auditColumns(ot)} />
    </>
  );
}
