/** The audit trail (public.audit_log: administrators read it, everyone else reads no row), paged on the server. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readsTables } from '@/lib/data-keys';
import { pageRange } from '@/lib/paging';
import { supabase } from '@/lib/supabase';

export type AuditAction = 'INSERT' | 'UPDATE' | 'DELETE';

export interface AuditEntry {
  id: number;
  changed_at: string;
  table_name: string;
  row_id: string;
  action: AuditAction;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
  actor_id: string | null;
  actor_name: string | null;
  actor_role: string;
  client_id: string | null;
  client_name: string | null;
  process_id: number | null;
}

export interface AuditFilters {
  clientId: string;
  processId: string;
  actorId: string;
  table: string;
  action: AuditAction | '';
  /** yyyy-MM-dd, inclusive */
  from: string;
  to: string;
}

export const EMPTY_FILTERS: AuditFilters = {
  clientId: '',
  processId: '',
  actorId: '',
  table: '',
  action: '',
  from: '',
  to: '',
};

const COLUMNS =
  'id, changed_at, table_name, row_id, action, old_values, new_values, actor_id, actor_name, actor_role, client_id, client_name, process_id';
export const CSV_LIMIT = 10_000;

export const auditKeys = {
  all: ['audit-log'] as const,
  page: (filters: AuditFilters, page: number, pageSize: number) => ['audit-log', filters, page, pageSize] as const,
};
readsTables(auditKeys.all, ['audit_log']);

function filtered(filters: AuditFilters, count?: 'exact') {
  let query = supabase.from('audit_log').select(COLUMNS, count ? { count } : undefined);
  if (filters.clientId) query = query.eq('client_id', filters.clientId);
  if (/^\d+$/.test(filters.processId)) query = query.eq('process_id', Number(filters.processId));
  if (filters.actorId) query = query.eq('actor_id', filters.actorId);
  if (filters.table) query = query.eq('table_name', filters.table);
  if (filters.action) query = query.eq('action', filters.action);
  if (filters.from) query = query.gte('changed_at', `${filters.from}T00:00:00`);
  if (filters.to) query = query.lte('changed_at', `${filters.to}T23:59:59.999`);
  return query.order('changed_at', { ascending: false }).order('id', { ascending: false });
}

export function useAuditLog(filters: AuditFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: auditKeys.page(filters, page, pageSize),
    queryFn: async (): Promise<{ rows: AuditEntry[]; total: number }> => {
      const { from, to } = pageRange(page, pageSize);
      const { data, count, error } = await filtered(filters, 'exact').range(from, to);
      if (error) throw error;
      return { rows: (data ?? []) as AuditEntry[], total: count ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

/** Every entry the filters match (up to CSV_LIMIT), for the CSV export. */
export async function fetchAuditForCsv(filters: AuditFilters): Promise<AuditEntry[]> {
  const { data, error } = await filtered(filters).range(0, CSV_LIMIT - 1);
  if (error) throw error;
  return (data ?? []) as AuditEntry[];
}
