import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ilikeAny, pageRange, type Page } from '@/lib/paging';
import { supabase } from '@/lib/supabase';
import { processKeys } from './keys';
import type {
  CaseType,
  StaffMember,
  CourtCase,
  CourtHistory,
  DocumentRequest,
  ProcessRow,
  ProcessStage,
  UscisReceipt,
  UscisStatusHistory,
} from './types';

export interface ProcessListQuery {
  search: string;
  /** '' for every category / status. */
  category: string;
  status: string;
  page: number;
  pageSize: number;
}

const PROCESS_SEARCH_COLUMNS = ['type', 'client_name', 'receipt_number', 'category', 'stage', 'status'] as const;

/**
 * The `.or()` text of a process search: the term in any searched column, or a client whose name has it
 * (their ids looked up first); null for a blank term.
 */
async function processSearchFilter(search: string): Promise<string | null> {
  const text = ilikeAny(PROCESS_SEARCH_COLUMNS, search);
  if (!text) return null;
  const { data } = await supabase
    .from('clients')
    .select('id')
    .or(ilikeAny(['full_name'], search)!)
    .limit(100)
    .throwOnError();
  const ids = ((data ?? []) as { id: string }[]).map((c) => c.id);
  return ids.length ? `${text},client_id.in.(${ids.join(',')})` : text;
}

/** One page of the processes (most recently updated first) with the exact number that match the filters. */
export async function fetchProcessesPage(params: ProcessListQuery): Promise<Page<ProcessRow>> {
  const { from, to } = pageRange(params.page, params.pageSize);
  const search = await processSearchFilter(params.search);
  let query = supabase.from('processes').select('*, client:clients(id, full_name, email, phone)', { count: 'exact' });
  if (params.category) query = query.eq('category', params.category);
  if (params.status) query = query.eq('status', params.status);
  if (search) query = query.or(search);
  const { data, count } = await query
    .order('last_update', { ascending: false })
    .order('id', { ascending: false })
    .range(from, to)
    .throwOnError();
  return { rows: (data ?? []) as ProcessRow[], total: count ?? 0 };
}

export function useProcessesPage(params: ProcessListQuery) {
  return useQuery({
    queryKey: [...processKeys.list(), params] as const,
    queryFn: () => fetchProcessesPage(params),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Erro ao carregar processos: {message}' },
  });
}

/** Every receipt number of the processes the filters match (the bulk USCIS check), a thousand at a time. */
export async function fetchFilteredReceipts(
  params: Pick<ProcessListQuery, 'search' | 'category' | 'status'>,
): Promise<string[]> {
  const search = await processSearchFilter(params.search);
  const receipts: string[] = [];
  for (let from = 0; ; from += 1000) {
    let query = supabase.from('processes').select('id, receipt_number').not('receipt_number', 'is', null);
    if (params.category) query = query.eq('category', params.category);
    if (params.status) query = query.eq('status', params.status);
    if (search) query = query.or(search);
    const { data } = await query
      .order('id')
      .range(from, from + 999)
      .throwOnError();
    const rows = (data ?? []) as { receipt_number: string | null }[];
    receipts.push(...rows.map((row) => row.receipt_number ?? '').filter(Boolean));
    if (rows.length < 1000) return receipts;
  }
}

/**
 * The process picker's matches: a process number ('#12' or '12') or the text in the searched columns or the
 * client's name, looked up by the database; the 50 most recently updated.
 */
export async function searchProcessRows(term: string): Promise<ProcessRow[]> {
  const trimmed = term.trim();
  const number = /^#?(\d{1,15})$/.exec(trimmed);
  let query = supabase.from('processes').select('*, client:clients(id, full_name, email, phone)');
  if (number) {
    query = query.eq('id', Number(number[1]));
  } else {
    const search = await processSearchFilter(trimmed);
    if (search) query = query.or(search);
  }
  const { data } = await query
    .order('last_update', { ascending: false })
    .order('id', { ascending: false })
    .limit(50)
    .throwOnError();
  return (data ?? []) as ProcessRow[];
}

export function useProcessRowSearch(term: string, enabled = true) {
  return useQuery({
    queryKey: [...processKeys.list(), 'picker', term] as const,
    enabled,
    queryFn: () => searchProcessRows(term),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Erro ao carregar processos: {message}' },
  });
}

/** One process by number (the picker's chosen process, wherever it is in the list). */
export function useProcessRow(id: number | null) {
  return useQuery({
    queryKey: [...processKeys.list(), 'one', id] as const,
    enabled: id !== null,
    queryFn: async () => {
      const { data } = await supabase
        .from('processes')
        .select('*, client:clients(id, full_name, email, phone)')
        .eq('id', id!)
        .maybeSingle()
        .throwOnError();
      return (data ?? null) as ProcessRow | null;
    },
  });
}

export function useStages(enabled = true) {
  return useQuery({
    queryKey: processKeys.stages(),
    enabled,
    queryFn: async () => {
      const { data } = await supabase
        .from('process_stages')
        .select('*')
        .order('order_number', { ascending: true })
        .throwOnError();
      return (data ?? []) as ProcessStage[];
    },
  });
}

export function useDocumentRequests(processId: number | null) {
  return useQuery({
    queryKey: processKeys.documents(processId ?? 0),
    enabled: processId !== null,
    queryFn: async () => {
      const { data } = await supabase
        .from('document_requests')
        .select('*')
        .eq('process_id', processId!)
        .order('position', { ascending: true })
        .order('created_at', { ascending: false })
        .throwOnError();
      return (data ?? []) as DocumentRequest[];
    },
  });
}

export function useReceipts() {
  return useQuery({
    queryKey: processKeys.receipts(),
    queryFn: async () => {
      const { data } = await supabase
        .from('uscis_receipts')
        .select('*')
        .order('last_updated_at', { ascending: false })
        .throwOnError();
      return (data ?? []) as UscisReceipt[];
    },
  });
}

export function useReceiptHistory(receiptId: string | null) {
  return useQuery({
    queryKey: processKeys.receiptHistory(receiptId ?? ''),
    enabled: receiptId !== null,
    queryFn: async () => {
      const { data } = await supabase
        .from('uscis_status_history')
        .select('*')
        .eq('receipt_id', receiptId!)
        .order('updated_at', { ascending: false })
        .throwOnError();
      return (data ?? []) as UscisStatusHistory[];
    },
  });
}

/** The hearing's court, for its time zone (eoir_courts). */
const COURT_ZONE = 'eoir_courts(city, time_zone, zone_label)';

export function useCourtCases() {
  return useQuery({
    queryKey: processKeys.courtCases(),
    queryFn: async () => {
      const { data } = await supabase
        .from('eoir_court_cases')
        .select(`*, ${COURT_ZONE}`)
        .order('last_checked_at', { ascending: false })
        .throwOnError();
      return (data ?? []) as CourtCase[];
    },
  });
}

export function useCourtHistory(caseId: string | null) {
  return useQuery({
    queryKey: processKeys.courtHistory(caseId ?? ''),
    enabled: caseId !== null,
    queryFn: async () => {
      const { data } = await supabase
        .from('eoir_court_history')
        .select(`*, ${COURT_ZONE}`)
        .eq('court_case_id', caseId!)
        .order('updated_at', { ascending: false })
        .throwOnError();
      return (data ?? []) as CourtHistory[];
    },
  });
}

export function useProcess(id: number) {
  return useQuery({
    queryKey: processKeys.detail(id),
    enabled: Number.isInteger(id) && id > 0,
    queryFn: async () => {
      const { data } = await supabase
        .from('processes')
        .select('*, client:clients(id, full_name, email, phone)')
        .eq('id', id)
        .maybeSingle()
        .throwOnError();
      return (data ?? null) as ProcessRow | null;
    },
  });
}

export function useCaseTypes() {
  return useQuery({
    queryKey: processKeys.caseTypes(),
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const { data } = await supabase
        .from('case_types')
        .select('id, label, category, forms')
        .eq('is_active', true)
        .order('sort_order')
        .throwOnError();
      return (data ?? []) as CaseType[];
    },
  });
}

/** Staff members (id, name, e-mail) for the responsible picker. */
export function useStaffDirectory() {
  return useQuery({
    queryKey: processKeys.staff(),
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const { data } = await supabase.rpc('staff_directory').throwOnError();
      return (data ?? []) as StaffMember[];
    },
  });
}
