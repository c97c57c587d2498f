import { Link } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, isAuditAction } from '../../../common/api/audit-actions';
import { KYC_DOCUMENT_TYPES, KYC_PARTS } from '../../../common/api/kyc';
import type { AuditEntry } from '../../../common/api/ops';
import styles from './Ops.module.css';
import type { OpsKey, OpsT } from './ops-i18n';
import { TableSection } from './OpsList';
import type { Column } from './OpsList';
import { listSeparator } from '../../i18n/intl-locale';
import { dateTimeFormat } from '../../ui/intl-format';
import { DateTime, useOps } from './OpsParts';

/** The actions the audit trail records, as the filter lists them; each has its words in every catalogue. */
export const auditActions: readonly string[] = AUDIT_ACTIONS;

const staffRoles = ['customer', 'BANKER', 'OPERATOR', 'AUDITOR'];

/** An action in words, or its code when a newer server records one this screen does not know yet. */
export function actionLabel(ot: OpsT, action: string): string {
  return isAuditAction(action) ? ot(`auditActions.${action.replace(/\./g, '_')}` as OpsKey) : action;
}

/** A kind of target in words, or its code when a newer server records one this screen does not know yet. */
export function targetLabel(ot: OpsT, kind: string): string {
  return (AUDIT_TARGET_TYPES as readonly string[]).includes(kind) ? ot(`audit.targets.${kind}` as OpsKey) : kind;
}

const reviewKinds = ['sanctions_hit', 'kyc_document', 'monitoring', 'account_recovery'];

/** A review's kind in words, or its code for a kind a newer server opens. */
export function reviewKindLabel(ot: OpsT, kind: string): string {
  return reviewKinds.includes(kind) ? ot(`reviews.kinds.${kind}` as OpsKey) : kind;
}

const documentParts: readonly string[] = KYC_PARTS;
const documentTypes: readonly string[] = KYC_DOCUMENT_TYPES;

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A changed field's name in words where the catalogue has it (the code of a field it does not know yet). */
function fieldLabel(ot: OpsT, field: string): string {
  const key = `audit.fields.${field}` as OpsKey;
  const words = ot(key);
  return words === key ? field : words;
}

/** A recorded value as a person reads it: yes/no, a date in the operator's language, nested facts as 'a: b'. */
function Value({ value }: { value: unknown }) {
  const { ot, locale, language } = useOps();
  if (value === null || value === undefined || value === '') return <>—</>;
  if (typeof value === 'boolean') return <>{ot(value ? 'audit.yes' : 'audit.no')}</>;
  if (typeof value === 'string' && isoDateTime.test(value))
    return <>{dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value))}</>;
  if (typeof value === 'string' && isAuditAction(value)) return <>{actionLabel(ot, value)}</>;
  // A list (a submission's files): its items side by side, without their positions.
  if (Array.isArray(value))
    return (
      <>
        {(value as unknown[]).map((item, i) => (
          <span key={i}>
            {i > 0 ? listSeparator(language) : ''}
            <Value value={item} />
          </span>
        ))}
      </>
    );
  if (typeof value === 'object')
    return (
      <>
        {Object.entries(value as Record<string, unknown>).map(([k, v], i) => (
          <span key={k}>
            {i > 0 ? ', ' : ''}
            {ot('audit.field', { field: fieldLabel(ot, k) })} <Value value={v} />
          </span>
        ))}
      </>
    );
  if (typeof value === 'string' && reviewKinds.includes(value)) return <>{reviewKindLabel(ot, value)}</>;
  // An identity document's side or the selfie, as the reviews queue names them.
  if (typeof value === 'string' && documentParts.includes(value)) return <>{ot(`reviews.kyc.${value as 'front'}`)}</>;
  if (typeof value === 'string' && documentTypes.includes(value))
    return <>{ot(`reviews.kyc.types.${value as 'passport'}`)}</>;
  if (typeof value === 'string' && staffRoles.includes(value)) return <>{roleLabel(ot, value)}</>;
  if (typeof value === 'string') {
    // A status the catalogue names (a transaction's, a review's state) in words.
    const key = `status.${value}` as OpsKey;
    const words = ot(key);
    if (words !== key) return <>{words}</>;
  }
  return <bdi dir="ltr">{typeof value === 'string' ? value : JSON.stringify(value)}</bdi>;
}

/** What changed, field by field: 'État : ouvert → approuvé', a field only before or after shown alone. */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const { ot } = useOps();
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    // A field that did not change is context, not a change: said once.
    (field) => !(field in b && field in a) || JSON.stringify(b[field]) !== JSON.stringify(a[field]),
  );
  if (fields.length === 0) return <>—</>;
  return (
    <ul className={styles.changes}>
      {fields.map((field) => (
        <li key={field}>
          <span className={styles.muted}>{ot('audit.field', { field: fieldLabel(ot, field) })}</span>{' '}
          {field in b ? <Value value={b[field]} /> : null}
          {field in b && field in a ? ' → ' : null}
          {field in a ? <Value value={a[field]} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The target as a link to its page where the back-office has one, a person by name. */
function Target({ entry }: { entry: AuditEntry }) {
  const { ot, withLang } = useOps();
  if (!entry.target_type) return <>—</>;
  const id = entry.target_id ?? '';
  const page =
    entry.target_type === 'transaction'
      ? `/ops/transactions/${id}`
      : entry.target_type === 'user'
        ? `/ops/customers/${id}`
        : null;
  const kind = targetLabel(ot, entry.target_type);
  const label = entry.target_name ?? `${kind} ${id}`;
  return page ? <Link to={withLang(page)}>{label}</Link> : <bdi>{label}</bdi>;
}

/** Who acted, by name: a customer's page, else the trail of that person's actions. */
function Actor({ entry }: { entry: AuditEntry }) {
  const { ot, withLang } = useOps();
  const role = <span className={styles.muted}>{roleLabel(ot, entry.actor_role)}</span>;
  if (entry.actor === null) return <>{ot('audit.system')}</>;
  const name = entry.actor_name ?? roleLabel(ot, entry.actor_role);
  const page = entry.actor_role === 'customer' ? `/ops/customers/${entry.actor}` : `/ops/audit?actor=${entry.actor}`;
  return (
    <>
      <Link to={withLang(page)}>{name}</Link>
      {entry.actor_name ? (
        <>
          <br />
          {role}
        </>
      ) : null}
    </>
  );
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
      cell: (entry) => <Actor entry={entry} />,
    },
    { header: ot('audit.action'), cell: (entry) => actionLabel(ot, entry.action) },
    { header: ot('audit.target'), cell: (entry) => <Target entry={entry} /> },
    { header: ot('audit.reason'), cell: (entry) => entry.reason ?? '—' },
    {
      header: ot('audit.changes'),
      cell: (entry) => <Changes before={entry.before} after={entry.after} />,
      className: styles.changesCell,
    },
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
