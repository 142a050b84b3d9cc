/** Dashboard figures (pure): month bounds, trends, active processes, paid revenue of a month per currency. */
import { addMonths, format, startOfMonth } from 'date-fns';
import { formatMoney } from '@/lib/format';
import { isClosedProcessStatus } from '@/lib/status';

export interface StatFigure {
  value: number;
  /** Percentage versus the previous month (e.g. 12.5 or -3); null when there is nothing to compare with. */
  trend: number | null;
}

/** Receita Mensal in one currency: what was received this month, and the change versus last month. */
export interface MoneyFigure extends StatFigure {
  currency: string;
}

/** What a stat card shows: the value's text and its trends (one per currency for money); none when unknown. */
export interface StatDisplay {
  value: string;
  trends: Array<{ label?: string; percent: number }>;
}

export interface MonthBounds {
  /** First day of the current month, 'yyyy-MM-dd'. */
  start: string;
  /** First day of the previous month. */
  previousStart: string;
  /** First day of the next month (exclusive end of the current month). */
  nextStart: string;
  /** The current month's first instant (local midnight) as an ISO timestamp. */
  startInstant: string;
}

export function monthBounds(now: Date = new Date()): MonthBounds {
  const start = startOfMonth(now);
  return {
    start: format(start, 'yyyy-MM-dd'),
    previousStart: format(addMonths(start, -1), 'yyyy-MM-dd'),
    nextStart: format(addMonths(start, 1), 'yyyy-MM-dd'),
    startInstant: start.toISOString(),
  };
}

/** Change from previous to current in percent, rounded to one decimal; null when it cannot be computed (from 0 to more). */
export function trendPercent(current: number, previous: number): number | null {
  if (!Number.isFinite(current) || !Number.isFinite(previous)) return null;
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** '+12%', '-3,5%', '0%' (pt-BR decimal comma). */
export function formatTrend(trend: number): string {
  const sign = trend > 0 ? '+' : trend < 0 ? '-' : '';
  return `${sign}${Math.abs(trend).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
}

/** A process counts as active until it is concluded, archived or cancelled. */
export function isActiveProcessStatus(status: string | null | undefined): boolean {
  return !isClosedProcessStatus(status);
}

/** A row of paid_revenue_by_month(): what was paid in one currency in the month starting at `month`. */
export interface MonthlyRevenue {
  currency: string;
  month: string;
  total: number | string;
}

/** Receita Mensal from the database's monthly sums: this month versus the previous one, per currency, dollars first. */
export function revenueFromMonthlyTotals(rows: readonly MonthlyRevenue[], bounds: MonthBounds): MoneyFigure[] {
  const cents = new Map<string, { current: number; previous: number }>();
  for (const row of rows) {
    const amount = Math.round(Number(row.total) * 100);
    if (!row.currency || !Number.isFinite(amount)) continue;
    const sums = cents.get(row.currency) ?? { current: 0, previous: 0 };
    const month = row.month.slice(0, 10);
    if (month === bounds.start) sums.current += amount;
    else if (month === bounds.previousStart) sums.previous += amount;
    else continue;
    cents.set(row.currency, sums);
  }
  return [...cents.entries()]
    .sort(([a], [b]) => (a === 'USD' ? -1 : b === 'USD' ? 1 : a.localeCompare(b)))
    .map(([currency, sums]) => ({ currency, ...figure(sums.current / 100, sums.previous / 100) }));
}

/** A computed figure with its trend versus `previous` (none when there is no previous figure to compare). */
export function figure(value: number, previous: number | null): StatFigure {
  return { value, trend: previous === null ? null : trendPercent(value, previous) };
}

/** A count as the card shows it. */
export function countDisplay(stat: StatFigure): StatDisplay {
  return { value: stat.value.toLocaleString('pt-BR'), trends: stat.trend === null ? [] : [{ percent: stat.trend }] };
}

/** An amount as the Receita Mensal card shows it: whole units when round (R$ 42.500), else with cents. */
export function formatRevenue(value: number, currency: string): string {
  const text = formatMoney(value, currency);
  return text.endsWith(',00') ? text.slice(0, -3) : text;
}

/** Receita Mensal: each currency's total ("US$ 3.000 · R$ 1.500"), each with its own trend. */
export function revenueDisplay(figures: readonly MoneyFigure[], nothing: string): StatDisplay {
  if (figures.length === 0) return { value: nothing, trends: [] };
  return {
    value: figures.map((f) => formatRevenue(f.value, f.currency)).join(' · '),
    trends: figures.flatMap((f) =>
      f.trend === null
        ? []
        : [{ label: figures.length > 1 ? currencySymbol(f.currency) : undefined, percent: f.trend }],
    ),
  };
}

function currencySymbol(currency: string): string {
  return formatMoney(0, currency).replace(/\s?0,00$/, '');
}
