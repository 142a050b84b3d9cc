/** Finance status rules (spec section 4): expense display status, expense tabs and search (badge colours: lib/status). */
import { parseDate } from '@/lib/format';
import { EXPENSE_STATUS_LABELS } from '@/lib/glossary';
import { normalizeText } from '@/lib/text';

/** The words of lib/glossary.ts (EXPENSE_STATUS_LABELS). */
export type ExpenseStatus = (typeof EXPENSE_STATUS_LABELS)[keyof typeof EXPENSE_STATUS_LABELS];

/** Pago if is_paid; else Atrasado if the due date is before now (today); else Pendente. */
export function expenseStatus(
  expense: { is_paid: boolean; due_date: string | null },
  now: Date = new Date(),
): ExpenseStatus {
  if (expense.is_paid) return EXPENSE_STATUS_LABELS.paid;
  const due = parseDate(expense.due_date);
  if (due) {
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    if (due.getTime() < today.getTime()) return EXPENSE_STATUS_LABELS.overdue;
  }
  return EXPENSE_STATUS_LABELS.pending;
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
