import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatMoneyTotals,
  parseDate,
  parseDecimal,
  todayISO,
  totalsByCurrency,
} from './format';

describe('formatMoney', () => {
  it('formats each amount with its own currency, pt-BR separators', () => {
    expect(formatMoney(1234.56, 'BRL')).toBe('R$ 1.234,56');
    expect(formatMoney(42500, 'BRL')).toBe('R$ 42.500,00');
    expect(formatMoney('10.5', 'BRL')).toBe('R$ 10,50');
    expect(formatMoney(0, 'BRL')).toBe('R$ 0,00');
    expect(formatMoney(1234.56, 'USD')).toBe('US$ 1.234,56');
    expect(formatMoney('3047.74', 'USD')).toBe('US$ 3.047,74');
    expect(formatMoney('675', 'usd')).toBe('US$ 675,00');
  });
  it('returns - for empty or invalid amounts', () => {
    expect(formatMoney(null, 'BRL')).toBe('-');
    expect(formatMoney(undefined, 'USD')).toBe('-');
    expect(formatMoney('abc', 'BRL')).toBe('-');
  });
  it('never guesses a currency', () => {
    expect(formatMoney(10, null)).toBe('10,00');
    expect(formatMoney(10, 'XYZW')).toBe('XYZW 10,00');
  });
});

describe('totals per currency', () => {
  it('adds amounts of one currency only, in cents', () => {
    const rows = [
      { amount: '0.10', currency: 'USD' },
      { amount: '0.20', currency: 'USD' },
      { amount: 1500, currency: 'BRL' },
      { amount: null, currency: 'BRL' },
    ];
    const totals = totalsByCurrency(
      rows,
      (r) => r.amount,
      (r) => r.currency,
    );
    expect(totals).toEqual({ USD: 0.3, BRL: 1500 });
    expect(formatMoneyTotals(totals)).toBe('US$ 0,30 + R$ 1.500,00');
    expect(formatMoneyTotals({})).toBe('-');
  });
});

describe('formatDate', () => {
  it('formats yyyy-MM-dd without timezone shift', () => {
    expect(formatDate('2024-03-01')).toBe('01/03/2024');
    expect(formatDate('2024-12-31')).toBe('31/12/2024');
  });
  it('formats ISO timestamps in local time', () => {
    const iso = new Date(2024, 0, 15, 10, 30).toISOString();
    expect(formatDate(iso)).toBe('15/01/2024');
  });
  it('returns the fallback for empty or invalid', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate('')).toBe('-');
    expect(formatDate('not a date', 'n/d')).toBe('n/d');
  });
});

describe('formatDateTime', () => {
  it('formats dd/MM/yyyy HH:mm', () => {
    const iso = new Date(2024, 6, 4, 9, 5).toISOString();
    expect(formatDateTime(iso)).toBe('04/07/2024 09:05');
  });
});

describe('parseDate / todayISO', () => {
  it('parses date-only strings as local dates', () => {
    const d = parseDate('2024-03-01');
    expect(d?.getFullYear()).toBe(2024);
    expect(d?.getMonth()).toBe(2);
    expect(d?.getDate()).toBe(1);
  });
  it('gives the local date as yyyy-MM-dd', () => {
    expect(todayISO(new Date(2025, 1, 3, 23, 59))).toBe('2025-02-03');
  });
});

describe('parseDecimal', () => {
  it('reads numbers as people here type them', () => {
    expect(parseDecimal('1.234,56')).toBe(1234.56);
    expect(parseDecimal('1234,5')).toBe(1234.5);
    expect(parseDecimal(' 1234.56 ')).toBe(1234.56);
    expect(parseDecimal('12.345.678,9')).toBe(12345678.9);
    expect(parseDecimal('0,75')).toBe(0.75);
  });

  it('takes a dot before groups of three digits, with no comma, as the thousands separator', () => {
    // a payment of "1.500" is one thousand five hundred, not one and a half
    expect(parseDecimal('1.500')).toBe(1500);
    expect(parseDecimal('2.000.000')).toBe(2000000);
    expect(parseDecimal('1.5')).toBe(1.5);
    expect(parseDecimal('1.50')).toBe(1.5);
  });

  it('is NaN for what is not a number', () => {
    for (const text of ['', '12a', '1,2,3', '1.2.3', '1.234.56', 'R$ 10', ',5']) expect(parseDecimal(text)).toBeNaN();
  });
});
