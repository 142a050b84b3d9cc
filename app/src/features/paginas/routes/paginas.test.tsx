import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import AgendamentosPage from './agendamentos-page';
import ConfiguracoesPage from './configuracoes-page';
import CrmPage from './crm-page';
import RelatoriosPage from './relatorios-page';
import TarefasPage from './tarefas-page';

describe('simple staff pages', () => {
  it('Tarefas shows the sample tasks with the priority colours', () => {
    renderWithProviders(<TarefasPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeTruthy();
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(within(rows[1]!).getByText('Alta').className).toContain('bg-red-100');
    expect(screen.getAllByText('Média')[0]!.className).toContain('bg-yellow-100');
    expect(screen.getAllByText('Baixa')[0]!.className).toContain('bg-green-100');
    expect(screen.getByText('4 tarefas pendentes da equipe.')).toBeTruthy();
  });

  it('Agendamentos shows the sample appointments', () => {
    renderWithProviders(<AgendamentosPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Agendamentos' })).toBeTruthy();
    expect(screen.getAllByText('Google Meet').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Presencial').length).toBeGreaterThan(0);
  });

  it('CRM and Relatórios say what they will hold', () => {
    renderWithProviders(<CrmPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'CRM' })).toBeTruthy();
    expect(screen.getByText(/em desenvolvimento/)).toBeTruthy();
  });

  it('Relatórios links to the finance reports for administrators only', () => {
    const { unmount } = renderWithProviders(<RelatoriosPage />);
    expect(screen.getByRole('link', { name: 'Financeiro › Relatórios' })).toBeTruthy();
    unmount();
    renderWithProviders(<RelatoriosPage />, { auth: { roles: ['legal_assistant'] } });
    expect(screen.queryByRole('link', { name: 'Financeiro › Relatórios' })).toBeNull();
  });

  it('Configurações links to the admin settings only for administrators', () => {
    const { unmount } = renderWithProviders(<ConfiguracoesPage />);
    expect(screen.getByRole('link', { name: /Usuários/ }).getAttribute('href')).toBe('/usuarios');
    expect(screen.getByRole('link', { name: /Integrações/ })).toBeTruthy();
    unmount();
    renderWithProviders(<ConfiguracoesPage />, { auth: { roles: ['secretary'] } });
    expect(screen.getByRole('link', { name: /Meu Perfil e Logotipo/ }).getAttribute('href')).toBe('/perfil');
    expect(screen.queryByRole('link', { name: /Usuários/ })).toBeNull();
  });
});
