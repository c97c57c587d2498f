import { useQuery } from '@tanstack/react-query';
import { actionLabel, auditActions, auditColumns } from './AuditTable';
import styles from './Ops.module.css';
import { downloadCsv, fetchAudit, fetchOperators, fetchTellers } from './ops-api';
import { FilterForm, ListView, useOpsList } from './OpsList';
import { PageTitle, useCsvDownload, useOps } from './OpsParts';

const PAGE_SIZE = 50;
const FILTERS = ['actor', 'action', 'target_type', 'target_id', 'start_date', 'end_date'] as const;

/** The audit trail: every operator action and sign-in, filtered, and the same filters as a CSV file. */
export function AuditPage() {
  const { ot } = useOps();
  const state = useOpsList('audit', FILTERS, PAGE_SIZE, fetchAudit);
  const csv = useCsvDownload(() => downloadCsv('audit/csv/', state.values, 'audit.csv'));
  // Who can act: the back-office staff and the tellers, chosen by name rather than typed as a number.
  const staff = useQuery({
    queryKey: ['ops', 'audit-people'],
    queryFn: async ({ signal }) => {
      const [operators, tellers] = await Promise.all([
        fetchOperators({ page_size: 100 }, signal),
        fetchTellers({ page_size: 100 }, signal),
      ]);
      return [...operators.results, ...tellers.results];
    },
    staleTime: 60_000,
  });
  const people = (staff.data ?? [])
    .map((p) => ({ value: String(p.id), label: `${p.first_name} ${p.last_name}`.trim() || (p.email ?? `#${p.id}`) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const actions = auditActions
    .map((action) => ({ value: action, label: actionLabel(ot, action) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <>
      <PageTitle>{ot('nav.audit')}</PageTitle>
      <FilterForm
        state={state}
        resettable={false}
        testId="audit-filters"
        applyTestId="audit-apply"
        filters={[
          { key: 'actor', label: ot('audit.actor'), type: 'select', options: people, testId: 'audit-actor' },
          { key: 'action', label: ot('audit.action'), type: 'select', options: actions, testId: 'audit-action' },
          { key: 'target_type', label: ot('audit.targetType'), ltr: true },
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
