import type { AuditEntry } from '../../../common/api/ops';
import styles from './Ops.module.css';
import { TableWrap } from './OpsList';
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
export function AuditTable({ entries, label }: { entries: AuditEntry[]; label: string }) {
  const { ot } = useOps();
  return (
    <TableWrap label={label}>
      <table className={styles.table} data-testid="audit-table">
        <thead>
          <tr>
            <th scope="col">{ot('audit.time')}</th>
            <th scope="col">{ot('audit.actor')}</th>
            <th scope="col">{ot('audit.action')}</th>
            <th scope="col">{ot('audit.target')}</th>
            <th scope="col">{ot('audit.reason')}</th>
            <th scope="col">{ot('audit.before')}</th>
            <th scope="col">{ot('audit.after')}</th>
            <th scope="col">{ot('audit.request')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="audit-row">
              <td>
                <DateTime iso={entry.created_at} />
              </td>
              <td>
                {entry.actor_name ?? (entry.actor === null ? ot('audit.system') : `#${entry.actor}`)}
                <br />
                <span className={styles.muted}>{entry.actor_role}</span>
              </td>
              <td>
                <code dir="ltr">{entry.action}</code>
              </td>
              <td>
                <bdi dir="ltr">{entry.target_type ? `${entry.target_type} ${entry.target_id ?? ''}` : '—'}</bdi>
              </td>
              <td>{entry.reason ?? '—'}</td>
              <td>
                <Json value={entry.before} />
              </td>
              <td>
                <Json value={entry.after} />
              </td>
              <td>
                <code dir="ltr" className={styles.muted}>
                  {entry.request_id ?? '—'}
                </code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
