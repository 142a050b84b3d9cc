import { describe, expect, it } from 'vitest';
import {
  countDisplay,
  figure,
  formatRevenue,
  formatTrend,
  isActiveProcessStatus,
  monthBounds,
  revenueFromMonthlyTotals,
  revenueDisplay,
  trendPercent,
} from './stats';

describe('monthBounds', () => {
  it('gives the current, previous and next month starts', () => {
    const bounds = monthBounds(new Date(2024, 2, 15, 10, 0));
    expect(bounds.start).toBe('2024-03-01');
    expect(bounds.previousStart).toBe('2024-02-01');
    expect(bounds.nextStart).toBe('2024-04-01');
    expect(new Date(bounds.startInstant).getTime()).toBe(new Date(2024, 2, 1).getTime());
  });

  it('crosses the year', () => {
    const bounds = monthBounds(new Date(2025, 0, 3));
    expect(bounds.previousStart).toBe('2024-12-01');
    expect(bounds.nextStart).toBe('2025-02-01');
  });
});

describe('trendPercent and formatTrend', () => {
  it('computes the change in percent', () => {
    expect(trendPercent(110, 100)).toBe(10);
    expect(trendPercent(90, 120)).toBe(-25);
    expect(trendPercent(2, 3)).toBe(-33.3);
    expect(trendPercent(5, 5)).toBe(0);
  });

  it('is not computable from zero to more, and 0 from zero to zero', () => {
    expect(trendPercent(5, 0)).toBeNull();
    expect(trendPercent(0, 0)).toBe(0);
  });

  it('formats with a sign and a decimal comma', () => {
    expect(formatTrend(12)).toBe('+12%');
    expect(formatTrend(-33.3)).toBe('-33,3%');
    expect(formatTrend(0)).toBe('0%');
  });
});

describe('active processes', () => {
  it('excludes concluded, archived and cancelled processes, with or without accents', () => {
    expect(isActiveProcessStatus('em andamento')).toBe(true);
    expect(isActiveProcessStatus('aguardando entrevista')).toBe(true);
    expect(isActiveProcessStatus('aprovado')).toBe(true);
    expect(isActiveProcessStatus('Concluído')).toBe(false);
    expect(isActiveProcessStatus('concluido')).toBe(false);
    expect(isActiveProcessStatus('archived')).toBe(false);
    expect(isActiveProcessStatus('Arquivado')).toBe(false);
    expect(isActiveProcessStatus('cancelado')).toBe(false);
  });
});

describe('revenueFromMonthlyTotals', () => {
  const bounds = monthBounds(new Date(2024, 2, 15));
  it("takes the database's sums of the current and previous month, each currency apart", () => {
    const result = revenueFromMonthlyTotals(
      [
        { currency: 'BRL', month: '2024-03-01', total: '6000.00' },
        { currency: 'BRL', month: '2024-02-01', total: 3250 },
        { currency: 'BRL', month: '2024-01-01', total: 500 },
        { currency: 'USD', month: '2024-03-01', total: '3047.74' },
      ],
      bounds,
    );
    // dollars first; no dollars last month: no trend for them
    expect(result).toEqual([
      { currency: 'USD', value: 3047.74, trend: null },
      { currency: 'BRL', value: 6000, trend: 84.6 },
    ]);
  });
});

describe('figure', () => {
  it('has a trend only when there is a previous figure to compare with', () => {
    expect(figure(6, 4)).toEqual({ value: 6, trend: 50 });
    expect(figure(6, 0)).toEqual({ value: 6, trend: null });
    expect(figure(6, null)).toEqual({ value: 6, trend: null });
    expect(figure(0, 0)).toEqual({ value: 0, trend: 0 });
  });
});

describe('what the cards show', () => {
  it("drops zero cents like the spec sample, in the amount's own currency", () => {
    expect(formatRevenue(42500, 'BRL')).toBe('R$ 42.500');
    expect(formatRevenue(1234.5, 'BRL')).toBe('R$ 1.234,50');
    expect(formatRevenue(3047.74, 'USD')).toBe('US$ 3.047,74');
  });

  it('shows each currency with its own trend, and no trend that cannot be computed', () => {
    expect(
      revenueDisplay(
        [
          { currency: 'USD', value: 3000, trend: 20 },
          { currency: 'BRL', value: 1500, trend: null },
        ],
        'Nenhum recebimento',
      ),
    ).toEqual({ value: 'US$ 3.000 · R$ 1.500', trends: [{ label: 'US$', percent: 20 }] });
    expect(revenueDisplay([{ currency: 'BRL', value: 10, trend: -50 }], 'x')).toEqual({
      value: 'R$ 10',
      trends: [{ label: undefined, percent: -50 }],
    });
    expect(revenueDisplay([], 'Nenhum recebimento')).toEqual({ value: 'Nenhum recebimento', trends: [] });
    expect(countDisplay({ value: 1234, trend: null })).toEqual({ value: '1.234', trends: [] });
  });
});
