/**
 * Dashboard data. Each figure is computed from its table, with its trend versus last month when the data says
 * what last month was; a figure that cannot be read (e.g. a role without access) shows nothing.
 */
import { useQuery } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { isOneOf, keepParsed } from '@/lib/rows';
import { TASK_PRIORITIES, type TaskPriority } from '@/lib/status';
import { supabase } from '@/lib/supabase';
import {
  figure,
  monthBounds,
  revenueFromMonthlyTotals,
  type MoneyFigure,
  type MonthlyRevenue,
  type StatFigure,
} from '../stats';
import { dashboardKeys } from './keys';

/** Total de Clientes: head count; the trend compares with the count before this month. */
export async function fetchClientsFigure(now = new Date()): Promise<StatFigure> {
  const { count: total } = await supabase.from('clients').select('*', { count: 'exact', head: true }).throwOnError();
  const { count: before } = await supabase
    .from('clients')
    .select('*', { count: 'exact', head: true })
    .lt('created_at', monthBounds(now).startInstant)
    .throwOnError();
  return figure(total ?? 0, before ?? 0);
}

/**
 * Processos Ativos: processes not concluded, archived or cancelled; the trend compares with those that were
 * open when this month began (created before it, not closed before it: closed_at).
 */
export async function fetchActiveProcessesFigure(now = new Date()): Promise<StatFigure> {
  const start = monthBounds(now).startInstant;
  // counted by the database (active_process_count): the API never returns every process
  const { data: active } = await supabase.rpc('active_process_count').throwOnError();
  const { count: before } = await supabase
    .from('processes')
    .select('*', { count: 'exact', head: true })
    .lt('created_at', start)
    .or(`closed_at.is.null,closed_at.gte.${start}`)
    .throwOnError();
  return figure(Number(active ?? 0), before ?? 0);
}

/** Receita Mensal: paid payments of this month versus the previous month, per currency, summed by the database. */
export async function fetchRevenueFigure(now = new Date()): Promise<MoneyFigure[]> {
  const bounds = monthBounds(now);
  const { data } = await supabase
    .rpc('paid_revenue_by_month', { p_from: bounds.previousStart, p_to: bounds.nextStart })
    .throwOnError();
  return revenueFromMonthlyTotals((data ?? []) as MonthlyRevenue[], bounds);
}

const OPEN_TASK = ['pendente', 'em_andamento'];

/** Tarefas Pendentes: open tasks now versus those open when this month began. */
export async function fetchPendingTasksFigure(now = new Date()): Promise<StatFigure> {
  const start = monthBounds(now).startInstant;
  const { count: open } = await supabase
    .from('tasks')
    .select('*', { count: 'exact', head: true })
    .in('status', OPEN_TASK)
    .throwOnError();
  const { count: before } = await supabase
    .from('tasks')
    .select('*', { count: 'exact', head: true })
    .lt('created_at', start)
    .neq('status', 'cancelada')
    .or(`completed_at.is.null,completed_at.gte.${start}`)
    .throwOnError();
  return figure(open ?? 0, before ?? 0);
}

const APPOINTMENT_KINDS = ['presencial', 'online'] as const;

export interface UpcomingAppointment extends Pick<Tables<'appointments'>, 'id' | 'title' | 'starts_at' | 'status'> {
  kind: (typeof APPOINTMENT_KINDS)[number];
  clients: { full_name: string } | null;
}

/** The row with its kind narrowed, or null (left out with a warning) for a kind the list has no label for. */
export function parseUpcomingAppointment<R extends { kind: string }>(
  row: R,
): (Omit<R, 'kind'> & Pick<UpcomingAppointment, 'kind'>) | null {
  const { kind } = row;
  return isOneOf(APPOINTMENT_KINDS, kind) ? { ...row, kind } : null;
}

/** The next five appointments that are not cancelled. */
export async function fetchUpcomingAppointments(now = new Date()): Promise<UpcomingAppointment[]> {
  const { data } = await supabase
    .from('appointments')
    .select('id, title, starts_at, kind, status, clients(full_name)')
    .gte('starts_at', now.toISOString())
    .neq('status', 'cancelado')
    .order('starts_at')
    .limit(5)
    .throwOnError();
  return keepParsed(data, parseUpcomingAppointment, 'appointments');
}

export interface RecentTask extends Pick<Tables<'tasks'>, 'id' | 'title' | 'due_date' | 'status' | 'process_id'> {
  priority: TaskPriority;
  clients: { full_name: string } | null;
}

/** The row with its priority narrowed, or null (left out with a warning) for one with no colour nor label. */
export function parseRecentTask<R extends { priority: string }>(
  row: R,
): (Omit<R, 'priority'> & Pick<RecentTask, 'priority'>) | null {
  const { priority } = row;
  return isOneOf(TASK_PRIORITIES, priority) ? { ...row, priority } : null;
}

/** The five most recently created tasks that are not cancelled. */
export async function fetchRecentTasks(): Promise<RecentTask[]> {
  const { data } = await supabase
    .from('tasks')
    .select('id, title, due_date, priority, status, process_id, clients(full_name)')
    .neq('status', 'cancelada')
    .order('created_at', { ascending: false })
    .limit(5)
    .throwOnError();
  return keepParsed(data, parseRecentTask, 'tasks');
}

export interface RecentDocument {
  id: string;
  name: string;
  document_type: string | null;
  uploaded_by: 'client' | 'office';
  created_at: string;
  client_name: string | null;
}

/** The five newest client documents with their client's name. */
export async function fetchRecentDocuments(): Promise<RecentDocument[]> {
  const { data } = await supabase
    .from('client_documents')
    .select('id, name, document_type, uploaded_by, created_at, client_id')
    .order('created_at', { ascending: false })
    .limit(5)
    .throwOnError();
  const rows = (data ?? []) as (Omit<RecentDocument, 'client_name'> & { client_id: string })[];
  const clientIds = [...new Set(rows.map((row) => row.client_id))];
  const names = new Map<string, string>();
  if (clientIds.length > 0) {
    const { data: clients } = await supabase.from('clients').select('id, full_name').in('id', clientIds).throwOnError();
    for (const client of (clients ?? []) as { id: string; full_name: string }[]) names.set(client.id, client.full_name);
  }
  return rows.map(({ client_id, ...row }) => ({ ...row, client_name: names.get(client_id) ?? null }));
}

const stat = <T>(queryKey: readonly string[], queryFn: () => Promise<T>) => ({
  queryKey,
  queryFn,
  meta: { silent: true },
});

export function useClientsFigure() {
  return useQuery(stat(dashboardKeys.clients(), () => fetchClientsFigure()));
}
export function useActiveProcessesFigure() {
  return useQuery(stat(dashboardKeys.processes(), () => fetchActiveProcessesFigure()));
}
export function useRevenueFigure(enabled = true) {
  return useQuery({ ...stat(dashboardKeys.revenue(), () => fetchRevenueFigure()), enabled });
}
export function usePendingTasksFigure() {
  return useQuery(stat(dashboardKeys.pendingTasks(), () => fetchPendingTasksFigure()));
}
export function useUpcomingAppointments() {
  return useQuery({
    queryKey: dashboardKeys.appointments(),
    queryFn: () => fetchUpcomingAppointments(),
    meta: { silent: true },
  });
}
export function useRecentTasks() {
  return useQuery({ queryKey: dashboardKeys.tasks(), queryFn: fetchRecentTasks, meta: { silent: true } });
}
export function useRecentDocuments() {
  return useQuery({ queryKey: dashboardKeys.documents(), queryFn: fetchRecentDocuments, meta: { silent: true } });
}
