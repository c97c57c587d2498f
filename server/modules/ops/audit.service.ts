import type { AuditEntry, AuditFilters } from '../../../common/api/ops.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { auditEntries } from '../audit/audit.service.ts';

export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** `GET /api/ops/audit/`: newest first, filtered. */
export async function auditPage(
  deps: Pick<ServiceDeps, 'db'>,
  filters: AuditFilters,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: AuditEntry[] }> {
  const { count, entries } = await auditEntries(deps.db, filters, { limit: pageSize, offset: (page - 1) * pageSize });
  return { count, results: entries };
}

const csvColumns = [
  'id',
  'created_at',
  'actor',
  'actor_role',
  'actor_name',
  'action',
  'target_type',
  'target_id',
  'target_name',
  'reason',
  'before',
  'after',
  'request_id',
  'ip',
] as const;

/**
 * One CSV field: quoted when needed, and a leading =, +, - or @ is defused with a quote so that a spreadsheet
 * never runs a reason typed by someone as a formula (CSV injection).
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T extends Record<string, unknown>>(columns: readonly (keyof T & string)[], rows: T[]): string {
  const lines = [columns.join(','), ...rows.map((row) => columns.map((c) => csvField(row[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** `GET /api/ops/audit/csv/`: the same filters, at most AUDIT_EXPORT_MAX_ROWS lines, newest first. */
export async function auditCsv(deps: Pick<ServiceDeps, 'db'>, filters: AuditFilters): Promise<string> {
  const { entries } = await auditEntries(deps.db, filters, { limit: AUDIT_EXPORT_MAX_ROWS, offset: 0 });
  return toCsv(csvColumns, entries);
}
