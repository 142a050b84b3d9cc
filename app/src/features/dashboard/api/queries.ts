/**
 * Dashboard data. Each figure is computed from its table where one exists; a failed read
 * (e.g. a role without access) is logged and the card falls back to the spec's sample figure.
 */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import {
  countActiveProcesses,
  figure,
  monthBounds,
  paidRevenueByMonth,
  SAMPLE_STATS,
  type PaymentRow,
  type StatFigure,
} from '../stats';
import { dashboardKeys } from './keys';

async function orSample(load: () => Promise<StatFigure>, sample: StatFigure): Promise<StatFigure> {
  try {
    return await load();
  } catch (error) {
    console.error(error);
    return sample;
  }
}

/** Total de Clientes: head count; the trend compares with the count before this month. */
export function fetchClientsFigure(now = new Date()): Promise<StatFigure> {
  return orSample(async () => {
    const { count: total } = await supabase.from('clients').select('*', { count: 'exact', head: true }).throwOnError();
    const { count: before } = await supabase
      .from('clients')
      .select('*', { count: 'exact', head: true })
      .lt('created_at', monthBounds(now).startInstant)
      .throwOnError();
    return figure(total ?? 0, before ?? 0, SAMPLE_STATS.clients.trend);
  }, SAMPLE_STATS.clients);
}

/** Processos Ativos: processes not concluded, archived or cancelled (no history: sample trend). */
export function fetchActiveProcessesFigure(): Promise<StatFigure> {
  return orSample(async () => {
    const { data } = await supabase.from('processes').select('status').throwOnError();
    return figure(
      countActiveProcesses((data ?? []) as { status: string | null }[]),
      null,
      SAMPLE_STATS.activeProcesses.trend,
    );
  }, SAMPLE_STATS.activeProcesses);
}

/** Receita Mensal: paid payments of this month versus the previous month. */
export function fetchRevenueFigure(now = new Date()): Promise<StatFigure> {
  return orSample(async () => {
    const bounds = monthBounds(now);
    const { data } = await supabase
      .from('financial_payments')
      .select('amount, amount_brl, payment_date, status')
      .gte('payment_date', bounds.previousStart)
      .lt('payment_date', bounds.nextStart)
      .throwOnError();
    // payments in dollars count by their BRL equivalent (amount_brl: at the rate of the payment's day)
    const rows = ((data ?? []) as (PaymentRow & { amount_brl: string | null })[]).map((p) => ({
      ...p,
      amount: p.amount_brl ?? p.amount,
    }));
    const { current, previous } = paidRevenueByMonth(rows, bounds);
    return figure(current, previous, SAMPLE_STATS.revenue.trend);
  }, SAMPLE_STATS.revenue);
}

const OPEN_TASK = ['pendente', 'em_andamento'];

/** Tarefas Pendentes: open tasks now versus those open when this month began. */
export function fetchPendingTasksFigure(now = new Date()): Promise<StatFigure> {
  return orSample(async () => {
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
    return figure(open ?? 0, before ?? 0, SAMPLE_STATS.pendingTasks.trend);
  }, SAMPLE_STATS.pendingTasks);
}

export interface UpcomingAppointment {
  id: string;
  title: string | null;
  starts_at: string;
  kind: 'presencial' | 'online';
  status: string;
  clients: { full_name: string } | null;
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
  return (data ?? []) as unknown as UpcomingAppointment[];
}

export interface RecentTask {
  id: string;
  title: string;
  due_date: string | null;
  priority: 'alta' | 'media' | 'baixa';
  status: string;
  process_id: number | null;
  clients: { full_name: string } | null;
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
  return (data ?? []) as unknown as RecentTask[];
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

const stat = (queryKey: readonly string[], queryFn: () => Promise<StatFigure>) => ({
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
