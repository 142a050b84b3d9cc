/** Quotes, contracts, installments, payments, commissions and reports: reads and writes through supabase-js. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateTables, readsTables } from '@/lib/data-keys';
import { ilikeAny, pageRange, type Page } from '@/lib/paging';
import type { TablesInsert } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';
import { saveBlob } from '@/lib/storage';
import type { Currency } from '../lib/money';
import { moneyKeys } from './keys';

export interface Quote {
  id: string;
  client_id: string;
  title: string;
  quote_number: string;
  status: string;
  currency: Currency;
  subtotal_amount: number;
  discount_amount: number;
  /** set when the discount was given as a percentage (discount_amount is then computed by the database) */
  discount_percent: number | null;
  total_amount: number;
  total_brl: number | null;
  exchange_rate: number | null;
  exchange_rate_date: string | null;
  fees_date: string;
  expiration_date: string | null;
  notes: string | null;
  /** Who sells it (the database keeps it with sales_staff_id); a commercial user reads and writes only its own. */
  seller_id?: string | null;
  sales_staff_id: string | null;
  decided_at: string | null;
  created_at: string;
  client?: { full_name: string } | null;
  /** the contract made from it: one at most (financial_contracts.quote_id is unique), so an object, not a list */
  contract?: { id: string; contract_number: string } | null;
}

export interface QuoteItem {
  id: string;
  quote_id: string;
  kind: string;
  description: string;
  quantity: number;
  unit_price: number;
  discount_amount: number;
  /** set when the line's discount was given as a percentage */
  discount_percent: number | null;
  amount: number;
}

export interface Contract {
  id: string;
  client_id: string;
  title: string;
  contract_number: string;
  status: string;
  currency: Currency;
  total_amount: number;
  payment_terms: string | null;
  start_date: string | null;
  end_date: string | null;
  created_at: string;
  client?: { full_name: string } | null;
}

export interface Installment {
  id: string;
  contract_id: string;
  client_id: string;
  number: number;
  due_date: string;
  amount: number;
  paid_amount: number;
  currency: Currency;
  status: string;
}

export interface Payment {
  id: string;
  contract_id: string | null;
  installment_id: string | null;
  amount: number;
  currency: Currency;
  payment_date: string | null;
  payment_method: string | null;
  status: string;
  receipt_number: string | null;
  amount_brl: number | null;
  notes: string | null;
}

export interface Statement {
  staff_id: string;
  staff_name: string | null;
  period_month: string;
  currency: Currency;
  commission_count: number;
  base_total: number;
  amount_total: number;
  paid_total: number;
  pending_total: number;
}

export interface AgingRow {
  installment_id: string;
  client_name: string | null;
  contract_number: string;
  number: number;
  due_date: string;
  currency: Currency;
  open_amount: number;
  days_late: number;
  bucket: string;
}

async function rows<T>(query: PromiseLike<{ data: unknown; error: unknown }>): Promise<T[]> {
  const { data, error } = await query;
  if (error) throw error;
  return (data ?? []) as T[];
}

/** A finance list's page: the text searched (number or title) and the page asked for. */
export interface MoneyListQuery {
  search: string;
  page: number;
  pageSize: number;
}

/**
 * One page of the quotes the caller may read (RLS: a seller only its own), newest first, with the exact number
 * that match the text (in the number or the title, filtered in the query).
 */
export async function fetchQuotesPage({ search, page, pageSize }: MoneyListQuery): Promise<Page<Quote>> {
  const { from, to } = pageRange(page, pageSize);
  let query = supabase
    .from('financial_quotes')
    .select('*, client:clients(full_name), contract:financial_contracts(id, contract_number)', { count: 'exact' });
  const filter = ilikeAny(['quote_number', 'title'], search);
  if (filter) query = query.or(filter);
  const { data, count } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, to)
    .throwOnError();
  return { rows: (data ?? []) as Quote[], total: count ?? 0 };
}

export function useQuotesPage(list: MoneyListQuery) {
  return useQuery({
    queryKey: [...moneyKeys.quotes(), list] as const,
    queryFn: () => fetchQuotesPage(list),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Erro ao carregar orçamentos: {message}' },
  });
}

/** One quote by id (the one open in the editor, wherever it is in the list). */
export function useQuote(id: string | null) {
  return useQuery({
    queryKey: [...moneyKeys.quotes(), 'one', id ?? ''] as const,
    enabled: Boolean(id),
    queryFn: async () => {
      const { data } = await supabase
        .from('financial_quotes')
        .select('*, client:clients(full_name), contract:financial_contracts(id, contract_number)')
        .eq('id', id!)
        .maybeSingle()
        .throwOnError();
      return (data ?? null) as Quote | null;
    },
  });
}

export function useQuoteItems(quoteId: string) {
  return useQuery({
    queryKey: moneyKeys.quoteItems(quoteId),
    enabled: Boolean(quoteId),
    queryFn: () =>
      rows<QuoteItem>(
        supabase
          .from('financial_quote_items')
          .select('*')
          .eq('quote_id', quoteId)
          .order('position')
          .order('created_at'),
      ),
  });
}

export interface SalesStaff {
  id: string;
  full_name: string;
}

type StaffRow = SalesStaff & { roles: string[] | null };

// One request for the staff directory, read as two lists (the same query key, different selections).
async function staffDirectory(): Promise<StaffRow[]> {
  const { data } = await supabase.rpc('staff_directory').throwOnError();
  return (data ?? []) as StaffRow[];
}

/** Staff with the commercial role: who can be a quote's salesperson (and earn its commissions). */
export function useSalesStaff() {
  return useQuery({
    queryKey: moneyKeys.staff(),
    queryFn: staffDirectory,
    select: (rows: StaffRow[]): SalesStaff[] =>
      rows.filter((row) => (row.roles ?? []).includes('commercial')).map(({ id, full_name }) => ({ id, full_name })),
  });
}

/** Every staff member by id: the name of a quote's seller even when no longer commercial. */
export function useStaffNames() {
  return useQuery({
    queryKey: moneyKeys.staff(),
    queryFn: staffDirectory,
    select: (rows: StaffRow[]) => new Map(rows.map((row) => [row.id, row.full_name])),
  });
}

export function useLatestRate() {
  return useQuery({
    queryKey: moneyKeys.rate(),
    queryFn: async () => {
      const found = await rows<{ rate: number; rate_date: string; source: string }>(
        supabase
          .from('exchange_rates')
          .select('rate, rate_date, source')
          .order('rate_date', { ascending: false })
          .limit(1),
      );
      return found[0] ?? null;
    },
  });
}

/** One page of the contracts, newest first, with the exact number that match the text (number or title). */
export async function fetchContractsPage({ search, page, pageSize }: MoneyListQuery): Promise<Page<Contract>> {
  const { from, to } = pageRange(page, pageSize);
  let query = supabase.from('financial_contracts').select('*, client:clients(full_name)', { count: 'exact' });
  const filter = ilikeAny(['contract_number', 'title'], search);
  if (filter) query = query.or(filter);
  const { data, count } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, to)
    .throwOnError();
  return { rows: (data ?? []) as Contract[], total: count ?? 0 };
}

export function useContractsPage(list: MoneyListQuery) {
  return useQuery({
    queryKey: [...moneyKeys.contracts(), list] as const,
    queryFn: () => fetchContractsPage(list),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Erro ao carregar contratos: {message}' },
  });
}

export function useInstallments(contractId: string) {
  return useQuery({
    queryKey: moneyKeys.installments(contractId),
    enabled: Boolean(contractId),
    queryFn: () =>
      rows<Installment>(
        supabase.from('financial_installments').select('*').eq('contract_id', contractId).order('number'),
      ),
  });
}

export function useContractPayments(contractId: string) {
  return useQuery({
    queryKey: moneyKeys.payments(contractId),
    enabled: Boolean(contractId),
    queryFn: () =>
      rows<Payment>(
        supabase
          .from('financial_payments')
          .select('*')
          .eq('contract_id', contractId)
          .order('payment_date', { ascending: false }),
      ),
  });
}

export function useStatements() {
  return useQuery({
    queryKey: moneyKeys.statements(),
    queryFn: () =>
      rows<Statement>(
        supabase.from('financial_commission_statements').select('*').order('period_month', { ascending: false }),
      ),
    meta: { errorMessage: 'Erro ao carregar comissões: {message}' },
  });
}

/** Open installments and their open amount per aging bucket and currency, added up by the database. */
export interface AgingTotal {
  bucket: string;
  currency: Currency;
  installments: number;
  open_total: number;
}

export function useAgingTotals() {
  return useQuery({
    queryKey: [...moneyKeys.aging(), 'totals'] as const,
    queryFn: async (): Promise<AgingTotal[]> => {
      const { data } = await supabase.rpc('receivables_aging_totals').throwOnError();
      return (data ?? []) as AgingTotal[];
    },
  });
}

/** One page of the open installments, oldest due date first, with the exact number of them. */
export async function fetchAgingPage(page: number, pageSize: number): Promise<Page<AgingRow>> {
  const { from, to } = pageRange(page, pageSize);
  const { data, count } = await supabase
    .from('financial_receivables_aging')
    .select(
      'installment_id, client_name, contract_number, number, due_date, currency, open_amount, days_late, bucket',
      {
        count: 'exact',
      },
    )
    .order('due_date')
    .order('installment_id')
    .range(from, to)
    .throwOnError();
  return { rows: (data ?? []) as AgingRow[], total: count ?? 0 };
}

export function useAgingPage(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...moneyKeys.aging(), 'page', page, pageSize] as const,
    queryFn: () => fetchAgingPage(page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export interface Reports {
  revenue: Array<{ month: string; currency: Currency; revenue: number; revenue_brl: number | null }>;
  expenses: Array<{ due_date: string; amount: number; is_paid: boolean; payment_date: string | null }>;
  byCaseType: Array<{ case_type: string; currency: Currency; revenue: number; revenue_brl: number | null }>;
}

export function useReports() {
  return useQuery({
    queryKey: moneyKeys.reports(),
    queryFn: async (): Promise<Reports> => {
      const [revenue, expenses, byCaseType] = await Promise.all([
        rows<Reports['revenue'][number]>(supabase.from('financial_monthly_revenue').select('*').order('month')),
        rows<Reports['expenses'][number]>(
          supabase.from('financial_expenses').select('due_date, amount, is_paid, payment_date'),
        ),
        rows<Reports['byCaseType'][number]>(supabase.from('financial_revenue_by_case_type').select('*')),
      ]);
      return { revenue, expenses, byCaseType };
    },
    meta: { errorMessage: 'Erro ao carregar relatórios: {message}' },
  });
}

/** The tables a finance mutation may write (quotes, contracts, installments, payments, commissions, rates). */
const MONEY_TABLES = [
  'financial_quotes',
  'financial_quote_items',
  'financial_contracts',
  'financial_installments',
  'financial_payments',
  'financial_commissions',
  'exchange_rates',
];
readsTables(moneyKeys.all, [...MONEY_TABLES, 'clients']);

/** Refreshes every view of money: the finance module, the client page, the dashboard, the portal. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => invalidateTables(queryClient, MONEY_TABLES);
}

export interface NewQuote {
  client_id: string;
  title: string;
  currency: Currency;
  exchange_rate: number | null;
  exchange_rate_date: string | null;
  fees_date: string;
  expiration_date: string | null;
  notes: string | null;
  sales_staff_id: string | null;
  /** a discount given at creation: a percentage follows the lines as they come */
  discount_amount?: number;
  discount_percent?: number;
}

export function useCreateQuote() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: NewQuote) => {
      const { data } = await supabase
        .from('financial_quotes')
        .insert({ ...input, total_amount: 0 })
        .select()
        .single()
        .throwOnError();
      return data as Quote;
    },
    onSuccess: invalidate,
  });
}

/** A new line's discount: an amount, or a percentage the database turns into one. */
type NewItemDiscount = { discount_amount?: number; discount_percent?: number };

export type NewItem = (
  | { quote_id: string; product_id: string; quantity: number }
  | { quote_id: string; uscis_fee_id: string; quantity: number }
  | { quote_id: string; description: string; quantity: number; unit_price: number }
) &
  NewItemDiscount;

export function useQuoteItemMutations() {
  const invalidate = useInvalidate();
  const add = useMutation({
    mutationFn: async (item: NewItem) => {
      // product and fee lines take description and price from the database (converted at the quote's rate)
      const payload: TablesInsert<'financial_quote_items'> =
        'description' in item ? { ...item } : { ...item, description: '' };
      await supabase.from('financial_quote_items').insert(payload).throwOnError();
    },
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      await supabase.from('financial_quote_items').delete().eq('id', id).throwOnError();
    },
    onSuccess: invalidate,
  });
  // the line's amount and the quote's totals come back from the database (computed there), never from here
  const edit = useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: ItemChanges }) => {
      const { data } = await supabase
        .from('financial_quote_items')
        .update(changes)
        .eq('id', id)
        .select('id')
        .throwOnError();
      if (!data || data.length === 0) throw new Error('Item não encontrado ou sem permissão');
    },
    onSuccess: invalidate,
  });
  return { add, remove, edit };
}

/**
 * What an in-place edit of a line may change. The discount is an amount or a percentage; discount_percent: null
 * turns a percentage back into an amount.
 */
export interface ItemChanges {
  description: string;
  quantity: number;
  unit_price: number;
  discount_amount?: number;
  discount_percent?: number | null;
}

export function useUpdateQuote() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({
      id,
      changes,
    }: {
      id: string;
      changes: Partial<Pick<Quote, 'status' | 'discount_amount' | 'sales_staff_id'>> & {
        discount_percent?: number | null;
      };
    }) => {
      const { data } = await supabase.from('financial_quotes').update(changes).eq('id', id).select('id').throwOnError();
      if (!data || data.length === 0) throw new Error('Orçamento não encontrado ou sem permissão');
    },
    onSuccess: invalidate,
  });
}

export interface ContractInput {
  quote_id: string;
  down_payment: number;
  installments: number;
  first_due_date: string | null;
  interval: string;
}

export function useCreateContract() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: ContractInput) => {
      const { data } = await supabase.rpc('create_contract_from_quote', input).throwOnError();
      return data as Contract;
    },
    onSuccess: invalidate,
  });
}

export interface PaymentInput {
  installment_id: string;
  amount: number;
  payment_method: string;
  payment_date: string;
  notes: string | null;
}

export function useRecordPayment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: PaymentInput) => {
      const { data } = await supabase.rpc('record_payment', input).throwOnError();
      return data as Payment;
    },
    onSuccess: invalidate,
  });
}

export function useMarkCommissionsPaid() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ staff_id, period_month }: { staff_id: string; period_month: string }) => {
      const { data } = await supabase.rpc('mark_commissions_paid', { staff_id, period_month }).throwOnError();
      return data as number;
    },
    onSuccess: invalidate,
  });
}

export function useRefreshRate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async () => {
      const { error } = await supabase.functions.invoke('exchange-rates', { body: {} });
      if (error) throw error;
    },
    onSuccess: invalidate,
  });
}

export function useRespondToQuote(onDone?: () => void) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ quote_id, accept }: { quote_id: string; accept: boolean }) => {
      await supabase.rpc('respond_to_quote', { quote_id, accept }).throwOnError();
    },
    onSuccess: async () => {
      await invalidate();
      onDone?.();
    },
  });
}

export type DocumentKind = 'quote' | 'contract' | 'receipt';

/** Asks the finance-documents function for the PDF and saves it. */
export async function downloadFinanceDocument(kind: DocumentKind, id: string, filename: string): Promise<void> {
  const { data, error } = await supabase.functions.invoke('finance-documents', { body: { kind, id } });
  if (error) throw error;
  const blob = data instanceof Blob ? data : new Blob([data as BlobPart], { type: 'application/pdf' });
  saveBlob(blob, filename);
}
