import type { AuditEntry } from '../../../common/api/ops';
import styles from './Ops.module.css';
import type { OpsT } from './ops-i18n';
import { TableSection } from './OpsList';
import type { Column } from './OpsList';
import { DateTime, useOps } from './OpsParts';

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <>—</>;
  return (
    <pre className={styles.json} dir="ltr">
      {JSON.stringify(value, null, 1)}
    </pre>
  );
}

/** Audit lines as the audit screen, a customer and a transaction show them: who, what, on what, why, when. */
export function auditColumns(ot: OpsT): Column<AuditEntry>[] {
  return [
    { header: ot('audit.time'), cell: (entry) => <DateTime iso={entry.created_at} /> },
    {
      header: ot('audit.actor'),
      cell: (entry) => (
        <>
          {entry.actor_name ?? (entry.actor === null ? ot('audit.system') : `#${entry.actor}`)}
          <br />
          <span className={styles.muted}>{entry.actor_role}</span>
        </>
      ),
    },
    { header: ot('audit.action'), cell: (entry) => <code dir="ltr">{entry.action}</code> },
    {
      header: ot('audit.target'),
      cell: (entry) => <bdi dir="ltr">{entry.target_type ? `${entry.target_type} ${entry.target_id ?? ''}` : '—'}</bdi>,
    },
    { header: ot('audit.reason'), cell: (entry) => entry.reason ?? '—' },
    { header: ot('audit.before'), cell: (entry) => <Json value={entry.before} /> },
    { header: ot('audit.after'), cell: (entry) => <Json value={entry.after} /> },
    {
      header: ot('audit.request'),
      cell: (entry) => (
        <code dir="ltr" className={styles.muted}>
          {entry.request_id ?? '—'}
        </code>
      ),
    },
  ];
}

/** The audit lines about one customer or transaction, under their title. */
export function AuditSection({ title, entries }: { title: string; entries: AuditEntry[] }) {
  const { ot } = useOps();
  return (
    <TableSection title={title} rows={entries} testId="audit-table" rowTestId="audit-row" columns={auditColumns(ot)} />
  );
}
