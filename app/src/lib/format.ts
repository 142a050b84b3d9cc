/** pt-BR formatters: money (BRL, USD), dates (dd/MM/yyyy), date-times, today's ISO date. */
import { format, isValid, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const usd = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'USD' });

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * A number as people here type it: "1.234,56" and "1234,5" (pt-BR), "1234.56", and "1.500" read as one thousand five
 * hundred (a dot before groups of exactly three digits, with no comma, separates thousands). NaN when it is none.
 */
export function parseDecimal(text: string): number {
  const t = text.trim().replace(/\s/g, '');
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) return Number(t.replace(/\./g, '').replace(',', '.'));
  if (/^-?\d+([.,]\d+)?$/.test(t)) return Number(t.replace(',', '.'));
  return Number.NaN;
}

/** Intl puts a no-break space after the symbol; tests and users expect a plain space. */
function plainSpaces(text: string): string {
  return text.replace(/\u00a0|\u202f/g, ' ');
}

/** 1234.56 -> "R$ 1.234,56". Empty / invalid -> "-". */
export function formatBRL(value: number | string | null | undefined): string {
  const n = toNumber(value);
  return n === null ? '-' : plainSpaces(brl.format(n));
}

/** 1234.56 -> "US$ 1.234,56" (USCIS fees: USD with Brazilian formatting). Empty / invalid -> "-". */
export function formatUSD(value: number | string | null | undefined): string {
  const n = toNumber(value);
  return n === null ? '-' : plainSpaces(usd.format(n));
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Parses 'yyyy-MM-dd' as a LOCAL date (no UTC shift) and ISO timestamps as instants.
 * Returns null for empty or invalid input.
 */
export function parseDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return isValid(value) ? value : null;
  const m = DATE_ONLY.exec(value);
  const date = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : parseISO(value);
  return isValid(date) ? date : null;
}

/** '2024-03-05' or an ISO timestamp -> '05/03/2024'. Empty / invalid -> '-' (or the given fallback). */
export function formatDate(value: string | Date | null | undefined, fallback = '-'): string {
  const date = parseDate(value);
  return date ? format(date, 'dd/MM/yyyy', { locale: ptBR }) : fallback;
}

/** ISO timestamp -> '05/03/2024 14:30' (local time). Empty / invalid -> '-' (or the given fallback). */
export function formatDateTime(value: string | Date | null | undefined, fallback = '-'): string {
  const date = parseDate(value);
  return date ? format(date, 'dd/MM/yyyy HH:mm', { locale: ptBR }) : fallback;
}

/** Today's local date as 'yyyy-MM-dd' (what the API expects for date columns). */
export function todayISO(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}
