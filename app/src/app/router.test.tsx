import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthContext } from '@/lib/auth-context';
import { createMockAuth, createTestQueryClient, type MockAuthOptions } from '@/testing/test-utils';
import { routes } from './router';

function renderApp(url: string, auth: MockAuthOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <AuthContext.Provider value={createMockAuth(auth)}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('route table', () => {
  it('shows the 404 page for unknown paths', async () => {
    renderApp('/nao-existe');
    expect(await heading('Página não encontrada')).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
  });

  it('sends visitors to /auth', async () => {
    const router = renderApp('/clientes', { signedOut: true });
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows a spinner while auth is loading', async () => {
    renderApp('/clientes', { loading: true });
    // The router's fallback spinner gives way to the guard's: look again rather than hold the first element.
    await waitFor(() => expect(screen.getByRole('status')).toBeInTheDocument());
  });

  it('renders staff screens inside the staff layout', async () => {
    renderApp('/clientes', { roles: ['secretary'] });
    expect(await heading('Clientes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pesquisar (Ctrl+K)' })).toBeInTheDocument();
  });

  it.each([
    ['/', 'Dashboard'],
    ['/processos', 'Processos'],
    ['/processos/avancado', 'Processos'],
    ['/atendimento', 'Atendimento'],
    ['/perfil', 'Meu Perfil'],
    ['/agendamentos', 'Agendamentos'],
    ['/tarefas', 'Tarefas'],
    ['/crm', 'CRM'],
    ['/relatorios', 'Relatórios'],
    ['/configuracoes', 'Configurações'],
    ['/financeiro', 'Módulo Financeiro'],
    ['/financeiro/produtos', 'Produtos e Serviços'],
    ['/financeiro/despesas', 'Despesas'],
    ['/financeiro/taxas-uscis', 'Taxas USCIS'],
    ['/financeiro/orcamentos', 'Orçamentos'],
    ['/financeiro/contratos', 'Contratos'],
    ['/financeiro/comissoes', 'Comissões'],
    ['/financeiro/relatorios', 'Relatórios Financeiros'],
    ['/integracoes', 'Integrações'],
    ['/usuarios', 'Usuários'],
  ])('administrator opens %s', async (url, title) => {
    renderApp(url, { roles: ['administrator'] });
    expect(await heading(title)).toBeInTheDocument();
  });

  it('sends a client who opens a staff route to /cliente', async () => {
    const router = renderApp('/clientes', { roles: ['client'] });
    // The portal home (Início) greets the client by first name.
    expect(await screen.findByRole('heading', { level: 1, name: /^Bem-vindo\(a\)/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cliente');
  });

  it('sends staff who open the portal to /', async () => {
    const router = renderApp('/cliente/mensagens', { roles: ['commercial'] });
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows Acesso Restrito on /integracoes to non-administrators (no silent redirect)', async () => {
    const router = renderApp('/integracoes', { roles: ['legal_assistant'] });
    expect(await screen.findByText('Acesso Restrito')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/integracoes');
  });

  it('keeps /processos/avancado from other roles', async () => {
    const router = renderApp('/processos/avancado', { roles: ['secretary'] });
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets the legal assistant open /processos/avancado', async () => {
    renderApp('/processos/avancado', { roles: ['legal_assistant'] });
    expect(await heading('Processos')).toBeInTheDocument();
  });

  it('shows Acesso Restrito on /usuarios to non-administrators', async () => {
    renderApp('/usuarios', { roles: ['secretary'] });
    expect(await screen.findByText('Acesso Restrito')).toBeInTheDocument();
  });

  it('renders portal screens for clients', async () => {
    renderApp('/cliente/documentos', { roles: ['client'] });
    expect(await heading('Documentos')).toBeInTheDocument();
  });

  it('shows Acesso Restrito to a signed-in user without any role instead of looping', async () => {
    renderApp('/', { roles: [] });
    expect(await screen.findByText('Acesso Restrito')).toBeInTheDocument();
  });
});
