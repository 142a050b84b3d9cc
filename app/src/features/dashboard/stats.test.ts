import { describe, expect, it } from 'vitest';
import {
  countActiveProcesses,
  figure,
  formatRevenue,
  formatTrend,
  isActiveProcessStatus,
  monthBounds,
  paidRevenueByMonth,
  SAMPLE_STATS,
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
    expect(
      countActiveProcesses([
        { status: 'em andamento' },
        { status: 'em análise' },
        { status: 'concluído' },
        { status: 'arquivado' },
      ]),
    ).toBe(2);
  });
});

describe('paidRevenueByMonth', () => {
  const bounds = monthBounds(new Date(2024, 2, 15));
  it('sums only paid payments of the current and previous month', () => {
    const result = paidRevenueByMonth(
      [
        { amount: '4000.00', payment_date: '2024-03-01', status: 'paid' },
        { amount: 2000, payment_date: '2024-03-31', status: 'pago' },
        { amount: 999, payment_date: '2024-03-10', status: 'pending' },
        { amount: 3250, payment_date: '2024-02-29', status: 'paid' },
        { amount: 500, payment_date: '2024-01-31', status: 'paid' },
        { amount: 700, payment_date: '2024-04-01', status: 'paid' },
        { amount: 100, payment_date: null, status: 'paid' },
      ],
      bounds,
    );
    expect(result).toEqual({ current: 6000, previous: 3250 });
  });
});

describe('figure', () => {
  it('uses the computed trend when possible, else the sample trend', () => {
    expect(figure(6, 4, SAMPLE_STATS.clients.trend)).toEqual({ value: 6, trend: 50, sample: false });
    expect(figure(6, 0, SAMPLE_STATS.clients.trend)).toEqual({ value: 6, trend: 12, sample: false, sampleTrend: true });
    expect(figure(6, null, 8)).toEqual({ value: 6, trend: 8, sample: false, sampleTrend: true });
    expect(figure(0, 0, 15)).toEqual({ value: 0, trend: 0, sample: false });
  });
});

describe('formatRevenue', () => {
  it('drops zero cents like the spec sample', () => {
    expect(formatRevenue(42500)).toBe('R$ 42.500');
    expect(formatRevenue(1234.5)).toBe('R$ 1.234,50');
  });
});
