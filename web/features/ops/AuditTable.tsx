import { Link } from 'react-router';
import type { AuditEntry } from '../../../common/api/ops';
import styles from './Ops.module.css';
import type { OpsKey, OpsT } from './ops-i18n';
import { TableSection } from './OpsList';
import type { Column } from './OpsList';
import { DateTime, useOps } from './OpsParts';

/** The actions the audit trail records, as the filter lists them; each has its words in every catalogue. */
export const auditActions = [
  'agency.create',
  'agency.update',
  'agency.disable',
  'agency.enable',
  'auth.sign_in',
  'customer.freeze',
  'customer.unfreeze',
  'customer.logout_all',
  'customer.unlock_security_code',
  'kyc.document.view',
  'kyc.submit',
  'operator.add',
  'operator.add_request',
  'operator.remove',
  'operator.remove_request',
  'pickup.pay',
  'rates.request',
  'rates.set',
  'refund.request',
  'transaction.refund',
  'review.approve',
  'review.reject',
  'approval.approve',
  'approval.reject',
  'teller.add',
  'teller.disable',
  'teller.move',
  'teller.move_request',
  'withdrawal.pay',
];

const targetKinds = [
  'transaction',
  'user',
  'agency',
  'approval',
  'rates',
  'review',
  'session',
  'kyc_file',
  'kyc_submission',
];
const staffRoles = ['customer', 'BANKER', 'OPERATOR', 'AUDITOR'];

/** An action in words, or its code when a newer server records one this screen does not know yet. */
export function actionLabel(ot: OpsT, action: string): string {
  return auditActions.includes(action) ? ot(`auditActions.${action.replace(/\./g, '_')}` as OpsKey) : action;
}

const text = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** What changed, field by field: 'status: pending → refunded', a field only before or after shown alone. */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  if (fields.length === 0) return <>—</>;
  return (
    <ul className={styles.changes}>
      {fields.map((field) => (
        <li key={field}>
          <bdi dir="ltr">
            {field}: {field in b ? text(b[field]) : ''}
            {field in b && field in a ? ' → ' : ''}
            {field in a ? text(a[field]) : ''}
          </bdi>
        </li>
      ))}
    </ul>
  );
}

/** The target as a link to its page where the back-office has one. */
function Target({ entry }: { entry: AuditEntry }) {
  const { ot, withLang } = useOps();
  if (!entry.target_type) return <>—</>;
  const id = entry.target_id ?? '';
  const page =
    entry.target_type === 'transaction'
      ? `/ops/transactions/${id}`
      : entry.target_type === 'user' || entry.target_type === 'customer'
        ? `/ops/customers/${id}`
        : null;
  const kind = targetKinds.includes(entry.target_type)
    ? ot(`audit.targets.${entry.target_type}` as OpsKey)
    : entry.target_type;
  const label = `${kind} ${id}`;
  return page ? <Link to={withLang(page)}>{label}</Link> : <bdi>{label}</bdi>;
}

function roleLabel(ot: OpsT, role: string | null): string {
  if (!role) return '';
  return staffRoles.includes(role) ? ot(`roles.${role}` as OpsKey) : role;
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
          <span className={styles.muted}>{roleLabel(ot, entry.actor_role)}</span>
        </>
      ),
    },
    { header: ot('audit.action'), cell: (entry) => actionLabel(ot, entry.action) },
    { header: ot('audit.target'), cell: (entry) => <Target entry={entry} /> },
    { header: ot('audit.reason'), cell: (entry) => entry.reason ?? '—' },
    { header: ot('audit.changes'), cell: (entry) => <Changes before={entry.before} after={entry.after} /> },
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
