/** Finance form rules (spec section 5): every failure shows "Preencha todos os campos obrigatórios". */
import { z } from 'zod';
import type { TablesInsert, TablesUpdate } from '@/lib/database.types';
import { financeStrings } from './strings';

const REQUIRED_MESSAGE = financeStrings.required;

const required = z.string().trim().min(1, REQUIRED_MESSAGE);
/** A money amount typed in a number input: greater than 0 with at most 2 decimals (step 0.01). */
const amount = z
  .string()
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .refine((value) => {
    const n = Number(value.replace(',', '.'));
    return Number.isFinite(n) && n > 0 && Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
  }, REQUIRED_MESSAGE);

export function toAmount(value: string): number {
  return Math.round(Number(value.replace(',', '.')) * 100) / 100;
}

export const productSchema = z.object({
  name: required,
  category: required,
  price: amount,
  description: z.string().optional(),
});
export type ProductInput = z.infer<typeof productSchema>;

export const expenseSchema = z.object({
  description: required,
  amount,
  due_date: required,
  category_id: z.string().optional(),
  notes: z.string().optional(),
  is_paid: z.boolean(),
  payment_date: z.string().optional(),
  payment_method: z.string().optional(),
});
export type ExpenseInput = z.infer<typeof expenseSchema>;

export const feeSchema = z
  .object({
    form_code: required,
    form_name: required,
    fee_amount: amount,
    category: z.string().optional(),
    description: z.string().optional(),
    valid_from: required,
    valid_until: z.string().optional(),
    is_active: z.boolean(),
  })
  .refine((fee) => !fee.valid_until || fee.valid_until >= fee.valid_from, {
    path: ['valid_until'],
    message: 'A data final deve ser igual ou posterior à data inicial',
  });
export type FeeInput = z.infer<typeof feeSchema>;

/** The payload the fee insert/update sends (spec section 7); an empty end date becomes null. */
export function feePayload(input: FeeInput): TablesInsert<'financial_uscis_fees'> {
  return {
    form_code: input.form_code.trim(),
    form_name: input.form_name.trim(),
    fee_amount: toAmount(input.fee_amount),
    category: input.category?.trim() || null,
    description: input.description?.trim() || null,
    valid_from: input.valid_from,
    valid_until: input.valid_until ? input.valid_until : null,
    is_active: input.is_active,
  };
}

export function productPayload(input: ProductInput): TablesInsert<'financial_products'> {
  return {
    name: input.name.trim(),
    category: input.category.trim(),
    price: toAmount(input.price),
    description: input.description?.trim() || null,
  };
}

export function expensePayload(input: ExpenseInput): TablesInsert<'financial_expenses'> {
  return {
    description: input.description.trim(),
    amount: toAmount(input.amount),
    due_date: input.due_date,
    category_id: input.category_id || null,
    notes: input.notes?.trim() || null,
    is_paid: input.is_paid,
    payment_date: input.is_paid ? input.payment_date || null : null,
    payment_method: input.is_paid ? input.payment_method?.trim() || null : null,
  };
}

/** Quick "mark as paid": today and the given method, else "Não especificado". */
export function markPaidPayload(today: string, method?: string | null): TablesUpdate<'financial_expenses'> {
  return { is_paid: true, payment_date: today, payment_method: method?.trim() || 'Não especificado' };
}
