import { describe, expect, it } from 'vitest';
import { currencySymbol, discountLabel, formatPercent, readDiscount, storedUnit, typedPercent } from './discount';

describe('discounts as an amount or a percentage', () => {
  it('reads percentages typed pt-BR style', () => {
    expect(readDiscount('12,5', 'percent')).toEqual({ discount_percent: 12.5 });
    expect(readDiscount(' 10 ', 'percent')).toEqual({ discount_percent: 10 });
    expect(readDiscount('100', 'percent')).toEqual({ discount_percent: 100 });
    expect(readDiscount('0,25', 'percent')).toEqual({ discount_percent: 0.25 });
  });

  it('refuses percentages outside 0-100 and what is not a number, in Portuguese', () => {
    for (const text of ['100,01', '150', '-1', 'dez', '1.000']) {
      expect(readDiscount(text, 'percent')).toBe('Informe um desconto entre 0% e 100%');
    }
  });

  it('reads amounts as before, and an empty field is no discount', () => {
    expect(readDiscount('1.234,56', 'amount')).toEqual({ discount_amount: 1234.56 });
    expect(readDiscount('-5', 'amount')).toBe('Informe um desconto válido (zero ou mais)');
    expect(readDiscount('', 'percent')).toEqual({ discount_amount: 0 });
    expect(readDiscount('  ', 'amount')).toEqual({ discount_amount: 0 });
  });

  it('labels and symbols', () => {
    expect(formatPercent('12.50')).toBe('12,5%');
    expect(formatPercent(10)).toBe('10%');
    expect(discountLabel(null)).toBe('Desconto');
    expect(discountLabel(undefined)).toBe('Desconto');
    expect(discountLabel('10.00')).toBe('Desconto (10%)');
    expect(currencySymbol('BRL')).toBe('R$');
    expect(currencySymbol('USD')).toBe('US$');
    expect(storedUnit({ discount_percent: null })).toBe('amount');
    expect(storedUnit({})).toBe('amount');
    expect(storedUnit({ discount_percent: '0.00' })).toBe('percent');
    expect(typedPercent('12.50')).toBe('12,5');
  });
});
