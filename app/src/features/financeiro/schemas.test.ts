import { describe, expect, it } from 'vitest';
import {
  expensePayload,
  expenseSchema,
  feePayload,
  feeSchema,
  markPaidPayload,
  productPayload,
  productSchema,
} from './schemas';

const REQUIRED = 'Preencha todos os campos obrigatórios';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((i) => i.message) ?? [];
}

describe('product form', () => {
  it('requires name, category and a price > 0', () => {
    const result = productSchema.safeParse({ name: ' ', category: '', price: '0', description: '' });
    expect(result.success).toBe(false);
    expect(new Set(messages(result))).toEqual(new Set([REQUIRED]));
    expect(messages(result)).toHaveLength(3);
  });
  it('rejects more than 2 decimals and accepts step 0.01', () => {
    expect(productSchema.safeParse({ name: 'A', category: 'B', price: '10.123' }).success).toBe(false);
    expect(productSchema.safeParse({ name: 'A', category: 'B', price: '0.01' }).success).toBe(true);
  });
  it('builds the payload (price as number, empty description null)', () => {
    expect(productPayload({ name: ' Consulta ', category: 'Consultoria', price: '350.5', description: '' })).toEqual({
      name: 'Consulta',
      category: 'Consultoria',
      price: 350.5,
      description: null,
    });
  });
});

describe('expense form', () => {
  const base = { description: 'Aluguel', amount: '1500', due_date: '2025-06-01', is_paid: false };
  it('requires description, due date and amount > 0', () => {
    expect(expenseSchema.safeParse(base).success).toBe(true);
    expect(messages(expenseSchema.safeParse({ ...base, description: '' }))).toEqual([REQUIRED]);
    expect(messages(expenseSchema.safeParse({ ...base, due_date: '' }))).toEqual([REQUIRED]);
    expect(messages(expenseSchema.safeParse({ ...base, amount: '-3' }))).toEqual([REQUIRED]);
  });
  it('clears payment fields when unpaid and keeps them when paid', () => {
    expect(expensePayload({ ...base, payment_date: '2025-06-02', payment_method: 'PIX' })).toMatchObject({
      payment_date: null,
      payment_method: null,
      category_id: null,
    });
    expect(expensePayload({ ...base, is_paid: true, payment_date: '2025-06-02', payment_method: 'PIX' })).toMatchObject(
      {
        is_paid: true,
        payment_date: '2025-06-02',
        payment_method: 'PIX',
      },
    );
  });
  it('mark paid uses today and the method or Não especificado', () => {
    expect(markPaidPayload('2025-06-15', '')).toEqual({
      is_paid: true,
      payment_date: '2025-06-15',
      payment_method: 'Não especificado',
    });
    expect(markPaidPayload('2025-06-15', 'Cartão')).toEqual({
      is_paid: true,
      payment_date: '2025-06-15',
      payment_method: 'Cartão',
    });
  });
});

describe('USCIS fee form', () => {
  const base = {
    form_code: 'I-130',
    form_name: 'Petition for Alien Relative',
    fee_amount: '675',
    valid_from: '2024-04-01',
    is_active: true,
  };
  it('requires form_code, form_name, valid_from and fee_amount > 0', () => {
    expect(feeSchema.safeParse(base).success).toBe(true);
    for (const field of ['form_code', 'form_name', 'valid_from'] as const) {
      expect(messages(feeSchema.safeParse({ ...base, [field]: '' }))).toEqual([REQUIRED]);
    }
    expect(messages(feeSchema.safeParse({ ...base, fee_amount: '0' }))).toEqual([REQUIRED]);
  });
  it('refuses an end date before the start date', () => {
    expect(feeSchema.safeParse({ ...base, valid_until: '2024-01-01' }).success).toBe(false);
  });
  it('sends null when the end date is cleared', () => {
    expect(feePayload({ ...base, valid_until: '', category: '', description: '' })).toEqual({
      form_code: 'I-130',
      form_name: 'Petition for Alien Relative',
      fee_amount: 675,
      category: null,
      description: null,
      valid_from: '2024-04-01',
      valid_until: null,
      is_active: true,
    });
  });
});
