/** Dashboard figures (pure): month bounds, trends, active processes, paid revenue of a month. */
import { addMonths, format, startOfMonth } from 'date-fns';
import { formatBRL } from '@/lib/format';
import { isClosedProcessStatus, isPaidStatus } from '@/lib/status';

export interface StatFigure {
  value: number;
  /** Percentage versus the previous month (e.g. 12.5 or -3). */
  trend: number;
  /** True when the figure is the spec's sample (no data to compute it from). */
  sample: boolean;
  /** True when the value is computed but the trend is the sample's (no comparable previous month). */
  sampleTrend?: boolean;
}

/** The spec's fixed sample figures; trends are the sample's month-on-month changes. */
export const SAMPLE_STATS = {
  clients: { value: 128, trend: 12, sample: true },
  activeProcesses: { value: 84, trend: 8, sample: true },
  revenue: { value: 42500, trend: 15, sample: true },
  pendingTasks: { value: 23, trend: -5, sample: true },
} as const satisfies Record<string, StatFigure>;

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

export function countActiveProcesses(rows: readonly { status: string | null }[]): number {
  return rows.filter((row) => isActiveProcessStatus(row.status)).length;
}

export interface PaymentRow {
  amount: number | string;
  payment_date: string | null;
  status: string | null;
}

/** Sum of the paid payments of the current and of the previous month. */
export function paidRevenueByMonth(
  payments: readonly PaymentRow[],
  bounds: MonthBounds,
): { current: number; previous: number } {
  let current = 0;
  let previous = 0;
  for (const payment of payments) {
    if (!isPaidStatus(payment.status) || !payment.payment_date) continue;
    const amount = Number(payment.amount);
    if (!Number.isFinite(amount)) continue;
    const day = payment.payment_date.slice(0, 10);
    if (day >= bounds.start && day < bounds.nextStart) current += amount;
    else if (day >= bounds.previousStart && day < bounds.start) previous += amount;
  }
  return { current: Math.round(current * 100) / 100, previous: Math.round(previous * 100) / 100 };
}

/** A computed figure with its trend; the sample trend when the trend cannot be computed. */
export function figure(value: number, previous: number | null, sampleTrend: number): StatFigure {
  const trend = previous === null ? null : trendPercent(value, previous);
  return trend === null
    ? { value, trend: sampleTrend, sample: false, sampleTrend: true }
    : { value, trend, sample: false };
}

/** Receita Mensal as the dashboard shows it: whole reais when round (R$ 42.500), else with cents. */
export function formatRevenue(value: number): string {
  const text = formatBRL(value);
  return text.endsWith(',00') ? text.slice(0, -3) : text;
}
