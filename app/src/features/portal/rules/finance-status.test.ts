import { describe, expect, it } from 'vitest';
import { financeStatusColor, isOpenPayment } from './finance-status';

describe('financeStatusColor', () => {
  it.each([
    ['paid', 'green'],
    ['Pago', 'green'],
    ['completed', 'green'],
    ['concluído', 'green'],
    ['pending', 'amber'],
    ['PENDENTE', 'amber'],
    ['overdue', 'red'],
    ['atrasado', 'red'],
    ['draft', 'gray'],
    ['rascunho', 'gray'],
    ['active', 'blue'],
    ['Ativo', 'blue'],
    ['other', 'gray'],
  ])('%s -> %s', (status, colour) => {
    expect(financeStatusColor(status)).toBe(colour);
  });

  it('counts pending and overdue payments as open', () => {
    expect(isOpenPayment('pending')).toBe(true);
    expect(isOpenPayment('Atrasado')).toBe(true);
    expect(isOpenPayment('paid')).toBe(false);
  });
});
