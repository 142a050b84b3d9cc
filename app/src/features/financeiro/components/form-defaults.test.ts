import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyExpense } from './expense-form-dialog';
import { emptyFee } from './fee-form-dialog';

describe('finance form defaults (spec sections 3, 4, 5, 9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a new expense is due today and unpaid', () => {
    vi.useFakeTimers({ now: new Date(2025, 2, 7, 15, 30) });
    expect(emptyExpense()).toMatchObject({ due_date: '2025-03-07', is_paid: false, amount: '' });
  });

  it('a new or cleared USCIS fee is valid from today, active, without end date', () => {
    vi.useFakeTimers({ now: new Date(2025, 11, 31, 23, 0) });
    expect(emptyFee()).toMatchObject({ valid_from: '2025-12-31', is_active: true, valid_until: '', form_code: '' });
  });
});
