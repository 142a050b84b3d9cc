import { describe, expect, it } from 'vitest';
import { expenseStatus, matchesExpenseFilter, matchesSearch } from './finance-status';

const now = new Date(2025, 5, 15, 10, 0, 0); // 15/06/2025 10:00 local

describe('expenseStatus', () => {
  it('is Pago when paid, whatever the due date', () => {
    expect(expenseStatus({ is_paid: true, due_date: '2020-01-01' }, now)).toBe('Pago');
  });
  it('is Atrasado when unpaid and the due date is before today', () => {
    expect(expenseStatus({ is_paid: false, due_date: '2025-06-14' }, now)).toBe('Atrasado');
  });
  it('is Pendente when unpaid and due today or later', () => {
    expect(expenseStatus({ is_paid: false, due_date: '2025-06-15' }, now)).toBe('Pendente');
    expect(expenseStatus({ is_paid: false, due_date: '2025-07-01' }, now)).toBe('Pendente');
  });
});

describe('matchesExpenseFilter', () => {
  it('all / pending (unpaid) / paid', () => {
    expect(matchesExpenseFilter({ is_paid: true }, 'all')).toBe(true);
    expect(matchesExpenseFilter({ is_paid: true }, 'pending')).toBe(false);
    expect(matchesExpenseFilter({ is_paid: false }, 'pending')).toBe(true);
    expect(matchesExpenseFilter({ is_paid: false }, 'paid')).toBe(false);
  });
});

describe('matchesSearch', () => {
  it('is a case-insensitive substring match over any field', () => {
    expect(matchesSearch('CONSUL', ['Consulta inicial', 'Consultoria'])).toBe(true);
    expect(matchesSearch('uscis', ['Green Card', 'Processos USCIS'])).toBe(true);
    expect(matchesSearch('xyz', ['Green Card', null])).toBe(false);
    expect(matchesSearch('  ', ['a'])).toBe(true);
  });
});
