/** Report series from the finance views: per month (revenue and expenses, BRL), aging buckets, case types. */
import type { AgingRow, Reports, Statement } from './api';
import { agingBuckets } from './format';

export interface MonthPoint {
  month: string; // yyyy-MM
  receita: number;
  despesas: number;
}

const cents = (v: string | number | null | undefined) => Math.round(Number(v ?? 0) * 100);

/** Revenue (BRL equivalent of what was received) and expenses (BRL, by due month) per month, oldest first. */
export function revenueAndExpensesByMonth(reports: Reports): MonthPoint[] {
  const byMonth = new Map<string, { r: number; d: number }>();
  const at = (m: string) => byMonth.get(m) ?? byMonth.set(m, { r: 0, d: 0 }).get(m)!;
  for (const row of reports.revenue)
    at(row.month.slice(0, 7)).r += cents(row.revenue_brl ?? (row.currency === 'BRL' ? row.revenue : 0));
  for (const e of reports.expenses) at(e.due_date.slice(0, 7)).d += cents(e.amount);
  return [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, v]) => ({ month, receita: v.r / 100, despesas: v.d / 100 }));
}

/** Open amounts per aging bucket and currency, in the order a vencer, 1-30, 31-60, >60. */
export function agingTotals(rows: AgingRow[]): Array<{ bucket: string; label: string; USD: number; BRL: number }> {
  return agingBuckets.map((b) => {
    const inBucket = rows.filter((r) => r.bucket === b.value);
    const total = (c: string) =>
      inBucket.filter((r) => r.currency === c).reduce((acc, r) => acc + cents(r.open_amount), 0) / 100;
    return { bucket: b.value, label: b.label, USD: total('USD'), BRL: total('BRL') };
  });
}

export function revenueByCaseType(reports: Reports): Array<{ caseType: string; receita: number }> {
  const map = new Map<string, number>();
  for (const r of reports.byCaseType)
    map.set(r.case_type, (map.get(r.case_type) ?? 0) + cents(r.revenue_brl ?? (r.currency === 'BRL' ? r.revenue : 0)));
  return [...map.entries()]
    .map(([caseType, c]) => ({ caseType, receita: c / 100 }))
    .sort((a, b) => b.receita - a.receita);
}

export function commissionsByMonth(statements: Statement[]): Array<{ month: string; USD: number; BRL: number }> {
  const map = new Map<string, { USD: number; BRL: number }>();
  for (const s of statements) {
    const m = s.period_month.slice(0, 7);
    const v = map.get(m) ?? { USD: 0, BRL: 0 };
    v[s.currency] += cents(s.amount_total);
    map.set(m, v);
  }
  return [...map.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, v]) => ({ month, USD: v.USD / 100, BRL: v.BRL / 100 }));
}
