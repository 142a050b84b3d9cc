import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../api/audit-log';
import { auditCsv, describeChanges } from './csv';

const entry: AuditEntry = {
  id: 7,
  changed_at: '2026-11-28T12:00:00+00:00',
  table_name: 'tasks',
  row_id: '42',
  action: 'UPDATE',
  old_values: { priority: 'alta', updated_at: 'a' },
  new_values: { priority: 'baixa', updated_at: 'b' },
  actor_id: 'u1',
  actor_name: 'Ana "Admin"',
  actor_role: 'authenticated',
  client_id: null,
  client_name: '=HYPERLINK("x")',
  process_id: null,
};

describe('auditCsv', () => {
  it('quotes every field, doubles quotes and keeps formulas as text', () => {
    const csv = auditCsv([entry]);
    expect(csv.startsWith('\uFEFFid,changed_at,')).toBe(true);
    expect(csv).toContain('"Ana ""Admin"""');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain('"{""priority"":""alta"",""updated_at"":""a""}"');
  });
});

describe('describeChanges', () => {
  it('shows old and new values of an update, without updated_at', () => {
    expect(describeChanges(entry)).toBe('priority: alta → baixa');
  });
  it('shows the deleted values of a delete', () => {
    expect(describeChanges({ action: 'DELETE', old_values: { id: 1, title: 'T' }, new_values: null })).toBe('title: T');
  });
});
