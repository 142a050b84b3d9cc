/** Report series from the finance views, each currency apart: per month (revenue, expenses), aging, case types. */
import type { AgingTotal, Reports, Statement } from '../api/money';
import { agingBuckets } from './money';

export interface MonthPoint {
  month: string; // yyyy-MM
  /** Received in dollars (US$) and in reais (R$): each currency on its own, never added together. */
  receitaUSD: number;
  receitaBRL: number;
  /** Expenses (R$). */
  despesas: number;
}

const cents = (v: string | number | null | undefined) => Math.round(Number(v ?? 0) * 100);

/** Revenue per currency (what was received) and expenses (BRL, by due month) per month, oldest first. */
export function revenueAndExpensesByMonth(reports: Reports): MonthPoint[] {
  const byMonth = new Map<string, { USD: number; BRL: number; d: number }>();
  const at = (m: string) => byMonth.get(m) ?? byMonth.set(m, { USD: 0, BRL: 0, d: 0 }).get(m)!;
  for (const row of reports.revenue) at(row.month.slice(0, 7))[row.currency] += cents(row.revenue);
  for (const e of reports.expenses) at(e.due_date.slice(0, 7)).d += cents(e.amount);
  return [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, v]) => ({ month, receitaUSD: v.USD / 100, receitaBRL: v.BRL / 100, despesas: v.d / 100 }));
}

/** Open amounts per aging bucket and currency (summed by the database), in the order a vencer, 1-30, 31-60, >60. */
export function agingTotals(rows: AgingTotal[]): Array<{ bucket: string; label: string; USD: number; BRL: number }> {
  return agingBuckets.map((b) => {
    const total = (c: string) =>
      rows.filter((r) => r.bucket === b.value && r.currency === c).reduce((acc, r) => acc + cents(r.open_total), 0) /
      100;
    return { bucket: b.value, label: b.label, USD: total('USD'), BRL: total('BRL') };
  });
}

/** Received per case type and currency (US$ and R$ apart), the largest first (dollars, then reais). */
export function revenueByCaseType(reports: Reports): Array<{ caseType: string; USD: number; BRL: number }> {
  const map = new Map<string, { USD: number; BRL: number }>();
  for (const r of reports.byCaseType) {
    const v = map.get(r.case_type) ?? { USD: 0, BRL: 0 };
    v[r.currency] += cents(r.revenue);
    map.set(r.case_type, v);
  }
  return [...map.entries()]
    .map(([caseType, v]) => ({ caseType, USD: v.USD / 100, BRL: v.BRL / 100 }))
    .sort((a, b) => b.USD - a.USD || b.BRL - a.BRL);
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
