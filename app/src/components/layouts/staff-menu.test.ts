import { describe, expect, it } from 'vitest';
import { menuLabels, staffMenu, type MenuGroup } from './staff-menu';

const COMMON = [
  'Dashboard',
  'Clientes',
  'Processos',
  'Atendimento',
  'Mensagens',
  'Agendamentos',
  'Tarefas',
  'Configurações',
  'Logotipo',
];

describe('staffMenu', () => {
  it('gives the administrator every entry and every finance page', () => {
    expect(menuLabels(staffMenu(['administrator']))).toEqual([
      'Dashboard',
      'Clientes',
      'Processos',
      'Atendimento',
      'Mensagens',
      'Financeiro',
      'Financeiro > Produtos e Serviços',
      'Financeiro > Despesas',
      'Financeiro > Taxas USCIS',
      'Financeiro > Orçamentos',
      'Financeiro > Contratos',
      'Financeiro > Comissões',
      'Financeiro > Relatórios',
      'Agendamentos',
      'Tarefas',
      'CRM',
      'Relatórios',
      'Integrações',
      'Usuários',
      'Histórico de alterações',
      'Privacidade (LGPD)',
      'Configurações',
      'Logotipo',
    ]);
  });

  it('gives the legal assistant finance (its cards) and Relatórios, not CRM / Integrações / Usuários', () => {
    const labels = menuLabels(staffMenu(['legal_assistant']));
    expect(labels).toContain('Financeiro');
    expect(labels).toContain('Relatórios');
    expect(labels).not.toContain('CRM');
    expect(labels).not.toContain('Integrações');
    expect(labels).not.toContain('Usuários');
    const finance = staffMenu(['legal_assistant']).find((e): e is MenuGroup => e.type === 'group');
    expect(finance?.children.map((c) => c.label)).toEqual([
      'Produtos e Serviços',
      'Taxas USCIS',
      'Orçamentos',
      'Contratos',
    ]);
  });

  it('gives commercial CRM and Financeiro > Orçamentos (its own quotes), no other finance page or reports', () => {
    const labels = menuLabels(staffMenu(['commercial']));
    expect(labels).toEqual([
      ...COMMON.slice(0, 5),
      'Financeiro',
      'Financeiro > Orçamentos',
      ...COMMON.slice(5, 7),
      'CRM',
      ...COMMON.slice(7),
    ]);
  });

  it('gives the secretary only the common entries', () => {
    expect(menuLabels(staffMenu(['secretary']))).toEqual(COMMON);
  });

  it('combines roles', () => {
    const labels = menuLabels(staffMenu(['secretary', 'commercial', 'legal_assistant']));
    expect(labels).toContain('CRM');
    expect(labels).toContain('Financeiro');
    expect(labels).not.toContain('Usuários');
  });

  it('shows nothing to users without a staff role', () => {
    expect(staffMenu([])).toEqual([]);
    expect(staffMenu(['client'])).toEqual([]);
  });

  it('links every entry to its route', () => {
    const links = staffMenu(['administrator']).flatMap((e) => (e.type === 'link' ? [e] : e.children));
    expect(Object.fromEntries(links.map((l) => [l.label, l.to]))).toMatchObject({
      Dashboard: '/',
      Clientes: '/clientes',
      Logotipo: '/perfil',
      'Taxas USCIS': '/financeiro/taxas-uscis',
      Usuários: '/usuarios',
    });
  });
});
