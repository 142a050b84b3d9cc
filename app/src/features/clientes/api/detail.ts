/** One client's page: the client row, its family, processes, finance and interactions; family link/unlink. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';
import { toClientRecordRow, type ClientRecordValues } from '../schemas';
import { clientKeys } from './keys';

export interface ClientDetail {
  id: string;
  user_id: string | null;
  full_name: string;
  email: string;
  phone: string | null;
  address: string | null;
  a_number: string | null;
  date_of_birth: string | null;
  passport_number?: string | null;
  passport_expires_on?: string | null;
  ead_expires_on?: string | null;
  nationality: string | null;
  principal_client_id: string | null;
  relationship: string | null;
  created_at: string;
}

export interface FamilyMember {
  id: string;
  full_name: string;
  relationship: string | null;
  principal_client_id: string | null;
}

const COLUMNS =
  'id, user_id, full_name, email, phone, address, a_number, date_of_birth, nationality, passport_number, passport_expires_on, ead_expires_on, principal_client_id, relationship, created_at';

export function useClientDetail(id: string) {
  return useQuery({
    queryKey: [...clientKeys.all, 'detail', id] as const,
    enabled: Boolean(id),
    queryFn: async () => {
      const { data } = await supabase.from('clients').select(COLUMNS).eq('id', id).maybeSingle().throwOnError();
      return (data ?? null) as ClientDetail | null;
    },
  });
}

/** The principal and every dependant of the family the client belongs to (the client included). */
export function useFamily(client: ClientDetail | null | undefined) {
  const principal = client ? (client.principal_client_id ?? client.id) : '';
  return useQuery({
    queryKey: [...clientKeys.all, 'family', principal] as const,
    enabled: Boolean(principal),
    queryFn: async () => {
      const { data } = await supabase
        .from('clients')
        .select('id, full_name, relationship, principal_client_id')
        .or(`id.eq.${principal},principal_client_id.eq.${principal}`)
        .order('full_name')
        .throwOnError();
      return (data ?? []) as FamilyMember[];
    },
  });
}

export function useSetPrincipal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      clientId,
      principalId,
      relationship,
    }: {
      clientId: string;
      principalId: string | null;
      relationship: string | null;
    }) => {
      const { data } = await supabase
        .from('clients')
        .update({ principal_client_id: principalId, relationship: principalId ? relationship : null })
        .eq('id', clientId)
        .select('id')
        .throwOnError();
      if (!data || data.length === 0) throw new Error('Cliente não encontrado');
    },
    onSuccess: () => invalidateTables(queryClient, ['clients', 'client_record_changes']),
  });
}

export interface ClientProcessRow {
  id: number;
  type: string;
  status: string;
  stage: string | null;
  receipt_number: string | null;
  next_date: string | null;
  client_id: string | null;
}

export function useClientProcessList(clientIds: string[]) {
  return useQuery({
    queryKey: [...clientKeys.all, 'processes', ...clientIds] as const,
    enabled: clientIds.length > 0,
    queryFn: async () => {
      const { data } = await supabase
        .from('processes')
        .select('id, type, status, stage, receipt_number, next_date, client_id')
        .in('client_id', clientIds)
        .order('id', { ascending: false })
        .throwOnError();
      return (data ?? []) as ClientProcessRow[];
    },
  });
}

export interface FinanceRow {
  id: string;
  kind: 'contract' | 'payment' | 'quote';
  title: string;
  status: string;
  amount: number | string;
  /** 'USD' or 'BRL': the amount's own currency. */
  currency: string;
  date: string | null;
}

/** Contracts, payments and quotes of the client, as RLS lets the staff member read them. */
export function useClientFinanceRows(clientId: string, enabled = true) {
  return useQuery({
    queryKey: [...clientKeys.all, 'finance', clientId] as const,
    enabled: enabled && Boolean(clientId),
    queryFn: async (): Promise<FinanceRow[]> => {
      const [contracts, payments, quotes] = await Promise.all([
        supabase
          .from('financial_contracts')
          .select('id, title, contract_number, status, total_amount, currency, start_date')
          .eq('client_id', clientId),
        supabase
          .from('financial_payments')
          .select('id, amount, currency, payment_date, status, notes')
          .eq('client_id', clientId),
        supabase
          .from('financial_quotes')
          .select('id, title, quote_number, status, total_amount, currency, expiration_date')
          .eq('client_id', clientId),
      ]);
      type R = Record<string, unknown>;
      return [
        ...((contracts.data ?? []) as R[]).map((c) => ({
          id: String(c.id),
          kind: 'contract' as const,
          title: `${String(c.title)} (${String(c.contract_number)})`,
          status: String(c.status),
          amount: c.total_amount as number,
          currency: String(c.currency),
          date: (c.start_date as string) ?? null,
        })),
        ...((payments.data ?? []) as R[]).map((p) => ({
          id: String(p.id),
          kind: 'payment' as const,
          title: (p.notes as string) || 'Pagamento',
          status: String(p.status),
          amount: p.amount as number,
          currency: String(p.currency),
          date: (p.payment_date as string) ?? null,
        })),
        ...((quotes.data ?? []) as R[]).map((q) => ({
          id: String(q.id),
          kind: 'quote' as const,
          title: `${String(q.title)} (${String(q.quote_number)})`,
          status: String(q.status),
          amount: q.total_amount as number,
          currency: String(q.currency),
          date: (q.expiration_date as string) ?? null,
        })),
      ];
    },
  });
}

export interface InteractionRow {
  id: string;
  type: string;
  content: string;
  contact_date: string;
  status: string;
  created_by_name: string | null;
}

export function useClientInteractions(clientId: string) {
  return useQuery({
    queryKey: [...clientKeys.all, 'interactions', clientId] as const,
    enabled: Boolean(clientId),
    queryFn: async () => {
      const { data } = await supabase
        .from('interactions')
        .select('id, type, content, contact_date, status, created_by_name')
        .eq('client_id', clientId)
        .order('contact_date', { ascending: false })
        .throwOnError();
      return (data ?? []) as InteractionRow[];
    },
  });
}

/** unread_message_counts(): client id -> client messages the office has not read. */
/**
 * Unread messages of the given clients (the page of the list, or one client), counted by the database:
 * unread_message_counts() filtered to those ids, so the answer never depends on how many clients there are.
 */
export function useUnreadCounts(clientIds: readonly string[]) {
  const ids = [...clientIds].sort();
  return useQuery({
    queryKey: [...clientKeys.all, 'unread', ...ids] as const,
    enabled: ids.length > 0,
    queryFn: async () => {
      const { data } = await supabase.rpc('unread_message_counts').in('client_id', ids).throwOnError();
      return Object.fromEntries(
        ((data ?? []) as { client_id: string; unread: number }[]).map((r) => [r.client_id, Number(r.unread)]),
      ) as Record<string, number>;
    },
    meta: { silent: true },
  });
}

/** Staff save a client's record; the database writes one history row per changed field (and keeps the
 *  portal log-in's e-mail in step). */
export function useUpdateClientRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ clientId, values }: { clientId: string; values: ClientRecordValues }) => {
      const { data } = await supabase
        .from('clients')
        .update(toClientRecordRow(values))
        .eq('id', clientId)
        .select('id')
        .throwOnError();
      if (!data || data.length === 0) throw new Error('Cliente não encontrado');
    },
    onSuccess: () => invalidateTables(queryClient, ['clients', 'client_record_changes']),
  });
}

export interface ClientRecordChange {
  id: number;
  changed_by: string | null;
  changed_at: string;
  field: string;
  old_value: string | null;
  new_value: string | null;
}

/** The history of the client's record, newest first (staff only: RLS). */
export function useClientRecordChanges(clientId: string) {
  return useQuery({
    queryKey: [...clientKeys.all, 'record-changes', clientId] as const,
    enabled: Boolean(clientId),
    queryFn: async () => {
      const { data } = await supabase
        .from('client_record_changes')
        .select('id, changed_by, changed_at, field, old_value, new_value')
        .eq('client_id', clientId)
        .order('changed_at', { ascending: false })
        .order('id', { ascending: false })
        .throwOnError();
      return (data ?? []) as ClientRecordChange[];
    },
  });
}
