/** The audit trail as CSV (RFC 4180, `;`-free: comma separated, every field quoted), with a BOM so Excel reads UTF-8. */
import type { AuditEntry } from '../api/audit-log';

export const CSV_COLUMNS = [
  'id',
  'changed_at',
  'table_name',
  'row_id',
  'action',
  'actor_name',
  'actor_role',
  'client_name',
  'process_id',
  'old_values',
  'new_values',
] as const;

function field(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // a cell that starts like a formula is kept as text in spreadsheets
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function auditCsv(rows: readonly AuditEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) lines.push(CSV_COLUMNS.map((column) => field(row[column])).join(','));
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}

/** 'Alteração de status: em andamento -> concluído; prioridade: ...' for the list's last column. */
export function describeChanges(entry: Pick<AuditEntry, 'action' | 'old_values' | 'new_values'>): string {
  const values = entry.action === 'DELETE' ? entry.old_values : entry.new_values;
  if (!values) return '';
  if (entry.action !== 'UPDATE') {
    return Object.keys(values)
      .filter((key) => !['id', 'created_at', 'updated_at'].includes(key))
      .slice(0, 6)
      .map((key) => `${key}: ${short(values[key])}`)
      .join('; ');
  }
  return Object.keys(values)
    .filter((key) => key !== 'updated_at')
    .map((key) => `${key}: ${short(entry.old_values?.[key])} → ${short(values[key])}`)
    .join('; ');
}

function short(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
