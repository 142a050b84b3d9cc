/** Finance hub cards and the roles that see each (spec section 2). */
import { paths } from '@/config/paths';
import { hasAnyRole } from '@/lib/roles';

export interface HubCard {
  key: string;
  title: string;
  description: string;
  to: string;
  roles: readonly string[];
}

const ADMIN_AND_ASSISTANT = ['administrator', 'legal_assistant'] as const;
const ADMIN = ['administrator'] as const;

export const HUB_CARDS: readonly HubCard[] = [
  {
    key: 'produtos',
    title: 'Produtos e Serviços',
    description: 'Catálogo de produtos e serviços do escritório.',
    to: paths.financeiro.produtos,
    roles: ADMIN_AND_ASSISTANT,
  },
  {
    key: 'despesas',
    title: 'Despesas',
    description: 'Controle das despesas e contas a pagar.',
    to: paths.financeiro.despesas,
    roles: ADMIN,
  },
  {
    key: 'taxas',
    title: 'Taxas USCIS',
    description: 'Tabela de taxas dos formulários do USCIS.',
    to: paths.financeiro.taxasUscis,
    roles: ADMIN_AND_ASSISTANT,
  },
  {
    key: 'orcamentos',
    title: 'Orçamentos',
    description: 'Orçamentos enviados aos clientes.',
    to: paths.financeiro.orcamentos,
    // commercial sees the quotes it sells
    roles: [...ADMIN_AND_ASSISTANT, 'commercial'],
  },
  {
    key: 'contratos',
    title: 'Contratos',
    description: 'Contratos de prestação de serviços.',
    to: paths.financeiro.contratos,
    roles: ADMIN_AND_ASSISTANT,
  },
  {
    key: 'comissoes',
    title: 'Comissões',
    description: 'Comissões de vendas e parceiros.',
    to: paths.financeiro.comissoes,
    roles: ADMIN,
  },
  {
    key: 'relatorios',
    title: 'Relatórios',
    description: 'Relatórios financeiros do escritório.',
    to: paths.financeiro.relatorios,
    roles: ADMIN,
  },
];

export function hubCardsFor(roles: readonly string[]): HubCard[] {
  return HUB_CARDS.filter((card) => hasAnyRole(roles, card.roles));
}
