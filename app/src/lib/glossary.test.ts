import { describe, expect, it } from 'vitest';
import { EXPENSE_STATUS_LABELS, financeStatusLabel } from './glossary';

describe('financeStatusLabel', () => {
  it('says every stored finance code in pt-BR', () => {
    const codes = ['draft', 'sent', 'accepted', 'declined', 'expired', 'active', 'completed', 'cancelled'];
    const words = ['Rascunho', 'Enviado', 'Aceito', 'Recusado', 'Expirado', 'Ativo', 'Concluído', 'Cancelado'];
    expect(codes.map((c) => financeStatusLabel(c))).toEqual(words);
    expect(['paid', 'pending', 'overdue', 'partial'].map((c) => financeStatusLabel(c))).toEqual([
      'Pago',
      'Pendente',
      'Atrasado',
      'Parcial',
    ]);
  });

  it("uses the domain's own word when the kind is given, and shows unknown codes as stored", () => {
    expect(financeStatusLabel('cancelled', 'installment')).toBe('Cancelada');
    expect(financeStatusLabel('cancelled', 'contract')).toBe('Cancelado');
    expect(financeStatusLabel('PENDING', 'quote')).toBe('Pendente');
    expect(financeStatusLabel('Pago')).toBe('Pago');
    expect(financeStatusLabel('em revisão')).toBe('em revisão');
    expect(financeStatusLabel(null)).toBe('-');
  });

  it('expenses use the same words as the rest of finance', () => {
    expect(Object.entries(EXPENSE_STATUS_LABELS).map(([code, word]) => [financeStatusLabel(code), word])).toEqual([
      ['Pago', 'Pago'],
      ['Atrasado', 'Atrasado'],
      ['Pendente', 'Pendente'],
    ]);
  });
});
