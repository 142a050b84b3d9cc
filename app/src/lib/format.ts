/** pt-BR formatters: money (each amount with its own currency), dates (dd/MM/yyyy), date-times, today's ISO date. */
import { format, isValid, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';

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

/** The currencies money is kept in (financial tables' `currency` column). */
export type Currency = 'USD' | 'BRL';

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat | null {
  const code = currency.trim().toUpperCase();
  let known = moneyFormats.get(code);
  if (!known) {
    try {
      known = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: code });
    } catch {
      return null;
    }
    moneyFormats.set(code, known);
  }
  return known;
}

/**
 * The one money formatter: an amount with its own currency, pt-BR style. (1234.56, 'BRL') -> "R$ 1.234,56",
 * (1234.56, 'USD') -> "US$ 1.234,56". Empty / invalid amount -> "-". Never guesses a currency: an amount without
 * one shows as a bare number.
 */
export function formatMoney(value: number | string | null | undefined, currency: string | null | undefined): string {
  const n = toNumber(value);
  if (n === null) return '-';
  const known = currency ? moneyFormat(currency) : null;
  if (known) return plainSpaces(known.format(n));
  const bare = n.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${currency} ${bare}` : bare;
}

/** Amounts per currency, as "US$ 3.000,00 + R$ 1.500,00" (never added across currencies); "-" when empty. */
export function formatMoneyTotals(totals: Partial<Record<string, number>>): string {
  const parts = Object.entries(totals)
    .filter((entry): entry is [string, number] => entry[1] !== undefined)
    .sort(([a], [b]) => (a === 'USD' ? -1 : b === 'USD' ? 1 : a.localeCompare(b)))
    .map(([currency, amount]) => formatMoney(amount, currency));
  return parts.length > 0 ? parts.join(' + ') : '-';
}

/** Sums amounts per currency in cents (no floating-point drift): { USD: 3000, BRL: 1500 }. */
export function totalsByCurrency<T>(
  rows: readonly T[],
  amount: (row: T) => number | string | null | undefined,
  currency: (row: T) => string | null | undefined,
): Record<string, number> {
  const cents = new Map<string, number>();
  for (const row of rows) {
    const n = toNumber(amount(row));
    const code = currency(row);
    if (n === null || !code) continue;
    cents.set(code, (cents.get(code) ?? 0) + Math.round(n * 100));
  }
  return Object.fromEntries([...cents.entries()].map(([code, c]) => [code, c / 100]));
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
