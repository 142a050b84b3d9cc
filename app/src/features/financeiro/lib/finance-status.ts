/** Finance status rules (spec section 4): expense display status, expense tabs and search (badge colours: lib/status). */
import { parseDate } from '@/lib/format';
import { normalizeText } from '@/lib/text';

export type ExpenseStatus = 'Pago' | 'Atrasado' | 'Pendente';

/** Pago if is_paid; else Atrasado if the due date is before now (today); else Pendente. */
export function expenseStatus(
  expense: { is_paid: boolean; due_date: string | null },
  now: Date = new Date(),
): ExpenseStatus {
  if (expense.is_paid) return 'Pago';
  const due = parseDate(expense.due_date);
  if (due) {
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    if (due.getTime() < today.getTime()) return 'Atrasado';
  }
  return 'Pendente';
}

/** Expense tabs: all, pending (unpaid), paid. */
export type ExpenseFilter = 'all' | 'pending' | 'paid';

export function matchesExpenseFilter(expense: { is_paid: boolean }, filter: ExpenseFilter): boolean {
  if (filter === 'pending') return !expense.is_paid;
  if (filter === 'paid') return expense.is_paid;
  return true;
}

/** Case-insensitive substring search over the given fields. */
export function matchesSearch(search: string, fields: (string | null | undefined)[]): boolean {
  const query = normalizeText(search);
  if (!query) return true;
  return fields.some((field) => normalizeText(field).includes(query));
}
