/** Finance status rules (spec section 4): expense display status and finance badge colours. */
import type { BadgeColor } from '@/components/ui/badge';
import { parseDate } from '@/lib/format';

export type ExpenseStatus = 'Pago' | 'Atrasado' | 'Pendente';

/** Pago if is_paid; else Atrasado if the due date is before now (today); else Pendente. */
export function expenseStatus(expense: { is_paid: boolean; due_date: string | null }, now: Date = new Date()): ExpenseStatus {
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

function normalize(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

const FINANCE_COLORS: Record<string, BadgeColor> = {
  paid: 'green',
  pago: 'green',
  completed: 'green',
  concluido: 'green',
  pending: 'amber',
  pendente: 'amber',
  overdue: 'red',
  atrasado: 'red',
  draft: 'gray',
  rascunho: 'gray',
  active: 'blue',
  ativo: 'blue',
};

/** Finance badge colour: paid/pago/completed/concluído green, pending amber, overdue red, draft gray, active blue. */
export function financeBadgeColor(status: string | null | undefined): BadgeColor {
  return FINANCE_COLORS[normalize(status)] ?? 'gray';
}

/** Case-insensitive substring search over the given fields. */
export function matchesSearch(search: string, fields: (string | null | undefined)[]): boolean {
  const query = normalize(search);
  if (!query) return true;
  return fields.some((field) => normalize(field).includes(query));
}
