import { describe, expect, it } from 'vitest';
import { formatMoney, installmentDisplayStatus, sumMoney, toCsv } from './money';
import { agingTotals, revenueAndExpensesByMonth, revenueByCaseType } from './reports';
import type { AgingTotal } from '../api/money';

describe('finance money helpers', () => {
  it('formats by currency and sums in cents', () => {
    expect(formatMoney('1234.5', 'USD')).toBe('US$ 1.234,50');
    expect(formatMoney(1234.5, 'BRL')).toBe('R$ 1.234,50');
    expect(sumMoney(['0.10', '0.20', 0.3])).toBe(0.6);
  });

  it('shows an open installment past due as overdue', () => {
    expect(installmentDisplayStatus({ status: 'partial', due_date: '2025-01-01' }, '2025-01-02')).toBe('overdue');
    expect(installmentDisplayStatus({ status: 'pending', due_date: '2025-01-02' }, '2025-01-02')).toBe('pending');
    expect(installmentDisplayStatus({ status: 'paid', due_date: '2024-01-01' }, '2025-01-02')).toBe('paid');
  });

  it('writes CSV with ; and quotes where needed', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x;y', 'say "hi"'],
          [1, null],
        ],
      ),
    ).toBe('\ufeffa;b\r\n"x;y";"say ""hi"""\r\n1;\r\n');
  });

  it('groups revenue and expenses by month and aging by bucket', () => {
    const months = revenueAndExpensesByMonth({
      revenue: [
        { month: '2025-02-01', currency: 'USD', revenue: 100, revenue_brl: 533.1 },
        { month: '2025-02-01', currency: 'BRL', revenue: 10.1, revenue_brl: 10.1 },
      ],
      expenses: [{ due_date: '2025-01-15', amount: 99.99, is_paid: true, payment_date: null }],
      byCaseType: [],
    });
    // dollars and reais apart: never 100 dollars added to 10,10 reais
    expect(months).toEqual([
      { month: '2025-01', receitaUSD: 0, receitaBRL: 0, despesas: 99.99 },
      { month: '2025-02', receitaUSD: 100, receitaBRL: 10.1, despesas: 0 },
    ]);
    const row = (bucket: string, currency: 'USD' | 'BRL', open: number): AgingTotal => ({
      bucket,
      currency,
      installments: 1,
      open_total: open,
    });
    const totals = agingTotals([row('1_30', 'USD', 10.1), row('1_30', 'BRL', 0.2), row('over_60', 'BRL', 5)]);
    expect(totals.map((t) => [t.label, t.USD, t.BRL])).toEqual([
      ['A vencer', 0, 0],
      ['1-30 dias', 10.1, 0.2],
      ['31-60 dias', 0, 0],
      ['Mais de 60 dias', 0, 5],
    ]);
    expect(
      revenueByCaseType({
        revenue: [],
        expenses: [],
        byCaseType: [
          { case_type: 'Asilo', currency: 'USD', revenue: 100, revenue_brl: 500 },
          { case_type: 'N-400', currency: 'BRL', revenue: 900, revenue_brl: 900 },
        ],
      }),
    ).toEqual([
      { caseType: 'Asilo', USD: 100, BRL: 0 },
      { caseType: 'N-400', USD: 0, BRL: 900 },
    ]);
  });
});
