import { describe, expect, it } from 'vitest';
import { hubCardsFor } from './hub-cards';

const titles = (roles: string[]) => hubCardsFor(roles).map((c) => c.title);

describe('hubCardsFor', () => {
  it('administrators see all seven cards', () => {
    expect(titles(['administrator'])).toEqual([
      'Produtos e Serviços',
      'Despesas',
      'Taxas USCIS',
      'Orçamentos',
      'Contratos',
      'Comissões',
      'Relatórios',
    ]);
  });
  it('legal assistants see products, fees, quotes and contracts', () => {
    expect(titles(['legal_assistant'])).toEqual(['Produtos e Serviços', 'Taxas USCIS', 'Orçamentos', 'Contratos']);
  });
  it('commercial sees its quotes only; the secretary sees none', () => {
    expect(titles(['commercial'])).toEqual(['Orçamentos']);
    expect(titles(['secretary'])).toEqual([]);
  });
});
