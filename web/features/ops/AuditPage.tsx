import { auditColumns } from './AuditTable';
import styles from './Ops.module.css';
import { downloadCsv, fetchAudit } from './ops-api';
import { FilterForm, ListView, useOpsList } from './OpsList';
import { PageTitle, useCsvDownload, useOps } from './OpsParts';

const PAGE_SIZE = 50;
const FILTERS = ['actor', 'action', 'target_type', 'target_id', 'start_date', 'end_date'] as const;

/** The audit trail: every operator action and sign-in, filtered, and the same filters as a CSV file. */
export function AuditPage() {
  const { ot } = useOps();
  const state = useOpsList('audit', FILTERS, PAGE_SIZE, fetchAudit);
  const csv = useCsvDownload(() => downloadCsv('audit/csv/', state.values, 'audit.csv'));
  return (
    <>
      <PageTitle>{ot('nav.audit')}</PageTitle>
      <FilterForm
        state={state}
        resettable={false}
        testId="audit-filters"
        applyTestId="audit-apply"
        filters={[
          { key: 'actor', label: ot('audit.actorId'), type: 'numeric' },
          {
            key: 'action',
            label: ot('audit.action'),
            placeholder: 'customer.freeze',
            ltr: true,
            testId: 'audit-action',
          },
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
      <ListView
        state={state}
        emptyText={ot('audit.empty')}
        label={ot('nav.audit')}
        testId="audit-table"
        rowTestId="audit-row"
        columns={auditColumns(ot)}
      />
    </>
  );
}
