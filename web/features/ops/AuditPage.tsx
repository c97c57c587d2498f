import { Pagination } from '../../ui/Pagination';
import { AuditTable } from './AuditTable';
import styles from './Ops.module.css';
import { downloadCsv, fetchAudit } from './ops-api';
import { ListState, useOpsList } from './OpsList';
import { PageTitle, useCsvDownload, useOps } from './OpsParts';

const PAGE_SIZE = 50;
const FILTERS = ['actor', 'action', 'target_type', 'target_id', 'start_date', 'end_date'] as const;

/** The audit trail: every operator action and sign-in, filtered, and the same filters as a CSV file. */
export function AuditPage() {
  const { ot } = useOps();
  const {
    values,
    page,
    update,
    draft,
    set,
    apply,
    list: audit,
    rows,
  } = useOpsList('audit', FILTERS, PAGE_SIZE, fetchAudit);
  const csv = useCsvDownload(() => downloadCsv('audit/csv/', values, 'audit.csv'));
  return (
    <>
      <PageTitle>{ot('nav.audit')}</PageTitle>
      <form className={styles.filters} onSubmit={apply} data-testid="audit-filters">
        <label className={styles.field}>
          {ot('audit.actorId')}
          <input className={styles.input} inputMode="numeric" value={draft.actor} onChange={set('actor')} dir="ltr" />
        </label>
        <label className={styles.field}>
          {ot('audit.action')}
          <input
            className={styles.input}
            value={draft.action}
            onChange={set('action')}
            placeholder="customer.freeze"
            dir="ltr"
            data-testid="audit-action"
          />
        </label>
        <label className={styles.field}>
          {ot('audit.targetType')}
          <input className={styles.input} value={draft.target_type} onChange={set('target_type')} dir="ltr" />
        </label>
        <label className={styles.field}>
          {ot('audit.targetId')}
          <input className={styles.input} value={draft.target_id} onChange={set('target_id')} dir="ltr" />
        </label>
        <label className={styles.field}>
          {ot('transactions.from')}
          <input className={styles.input} type="date" value={draft.start_date} onChange={set('start_date')} />
        </label>
        <label className={styles.field}>
          {ot('transactions.to')}
          <input className={styles.input} type="date" value={draft.end_date} onChange={set('end_date')} />
        </label>
        <button type="submit" className={styles.primary} data-testid="audit-apply">
          {ot('common.apply')}
        </button>
        <button
          type="button"
          className={styles.button}
          onClick={csv.start}
          disabled={csv.downloading}
          data-testid="audit-csv"
        >
          {ot('common.csv')}
        </button>
      </form>
      {csv.error ? (
        <p className={styles.error} role="alert">
          {csv.error}
        </p>
      ) : null}
      <ListState list={audit} emptyText={ot('audit.empty')} />
      {rows.length > 0 ? <AuditTable entries={rows} label={ot('nav.audit')} /> : null}
      <Pagination
        page={page}
        count={audit.data?.count ?? 0}
        pageSize={PAGE_SIZE}
        onPage={(p) => update({ page: String(p) })}
      />
    </>
  );
}
