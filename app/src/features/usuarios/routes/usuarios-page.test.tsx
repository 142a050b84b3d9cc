import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, postgrestError, restUrl, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import UsuariosPage from './usuarios-page';

beforeEach(() => {
  // stored out of order: the page asks for profiles by created_at
  db.seed('profiles', [
    { id: 'u4', email: 'maria.silva@cliente.test', full_name: 'Maria Silva', created_at: '2025-04-01T00:00:00Z' },
    {
      id: 'user-1',
      email: 'admin@escritorio.test',
      full_name: 'Ana Administradora',
      created_at: '2025-01-01T00:00:00Z',
    },
    { id: 'u3', email: 'sem.nome@escritorio.test', full_name: null, created_at: '2025-03-01T00:00:00Z' },
    { id: 'u2', email: 'multi@escritorio.test', full_name: 'Bruno Assistente', created_at: '2025-02-01T00:00:00Z' },
  ]);
  db.seed('user_roles', [
    { user_id: 'user-1', role: 'administrator' },
    { user_id: 'u2', role: 'secretary' },
    { user_id: 'u2', role: 'legal_assistant' },
    { user_id: 'u3', role: 'commercial' },
    { user_id: 'u4', role: 'client' },
  ]);
});

/** What the page sent to user_roles besides reading the roles of the page's users: "METHOD query body". */
function roleWrites() {
  return db
    .requests('/rest/v1/user_roles')
    .filter((r) => r.method !== 'GET' || r.params.get('user_id')?.startsWith('eq.'))
    .map((r) => `${r.method} ${r.params.get('user_id') ?? ''} ${r.body ? JSON.stringify(r.body) : ''}`.trim());
}

function roleTrigger(name: string) {
  return screen.getByRole('combobox', { name: `Função de ${name}` });
}

describe('UsuariosPage', () => {
  it.each([['legal_assistant'], ['commercial'], ['secretary'], ['client']])(
    'shows Acesso Restrito to %s users and loads nothing',
    (role) => {
      renderWithProviders(<UsuariosPage />, { auth: { roles: [role] }, route: '/usuarios' });
      expect(screen.getByText('Acesso Restrito')).toBeInTheDocument();
      expect(screen.getByText(/não tem permissão para gerenciar usuários/)).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(db.requests('/rest/v1/profiles')).toEqual([]);
    },
  );

  it('lists users with the role chosen by priority, clients as Cliente and a blank name as Não especificado', async () => {
    renderWithProviders(<UsuariosPage />, { route: '/usuarios' });
    expect(await screen.findByText('Bruno Assistente')).toBeInTheDocument();
    for (const column of ['Nome', 'Email', 'Função', 'Ações']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    expect(roleTrigger('Ana Administradora').textContent).toContain('Administrador');
    expect(roleTrigger('Bruno Assistente').textContent).toContain('Assistente Legal');
    expect(roleTrigger('Não especificado').textContent).toContain('Comercial');
    expect(roleTrigger('Maria Silva').textContent).toContain('Cliente');
    expect(screen.getByText('Não especificado')).toBeInTheDocument();
    // oldest account first
    expect(screen.getAllByRole('button', { name: /^Detalhes/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Detalhes: Ana Administradora',
      'Detalhes: Bruno Assistente',
      'Detalhes: Não especificado',
      'Detalhes: Maria Silva',
    ]);
    // Detalhes opens the user's details
    fireEvent.click(screen.getByRole('button', { name: 'Detalhes: Bruno Assistente' }));
    const details = await screen.findByRole('dialog', { name: 'Detalhes do usuário' });
    expect(within(details).getByText(/Assistente Legal/)).toBeInTheDocument();
    fireEvent.keyDown(details, { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Convidar Novo Usuário' })).toBeInTheDocument();
    // the administrator cannot demote themself by accident
    expect(roleTrigger('Ana Administradora')).toBeDisabled();
  });

  it('asks for confirmation, saying what the person will see, then replaces the roles and reloads', async () => {
    renderWithProviders(<UsuariosPage />, { route: '/usuarios' });
    await screen.findByText('Bruno Assistente');
    await userEvent.click(roleTrigger('Bruno Assistente'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByRole('option', { name: 'Cliente' })).not.toBeInTheDocument();
    await userEvent.click(within(listbox).getByRole('option', { name: 'Comercial' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Alterar a função de Bruno Assistente?' });
    expect(confirm).toHaveTextContent('Bruno Assistente passará de Assistente Legal para Comercial.');
    expect(confirm).toHaveTextContent('apenas os orçamentos que vender');
    expect(roleWrites()).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Alterar função' }));
    expect(await screen.findByText('Função do usuário atualizada com sucesso')).toBeInTheDocument();
    expect(roleWrites()).toEqual(['GET eq.u2', 'POST  {"user_id":"u2","role":"commercial"}', 'DELETE eq.u2']);
    expect(db.rows('user_roles').filter((r) => r.user_id === 'u2')).toEqual([
      expect.objectContaining({ user_id: 'u2', role: 'commercial' }),
    ]);
    expect(db.rows('user_roles')).toHaveLength(4);
    await waitFor(() => expect(roleTrigger('Bruno Assistente').textContent).toContain('Comercial'));
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    renderWithProviders(<UsuariosPage />, { route: '/usuarios' });
    await screen.findByText('Bruno Assistente');
    await userEvent.click(roleTrigger('Bruno Assistente'));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Secretária' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(roleWrites()).toEqual([]);
    expect(roleTrigger('Bruno Assistente').textContent).toContain('Assistente Legal');
  });

  it('offers no staff role for client accounts', async () => {
    renderWithProviders(<UsuariosPage />, { route: '/usuarios' });
    await screen.findByText('Maria Silva');
    expect(roleTrigger('Maria Silva')).toBeDisabled();
    expect(roleTrigger('Maria Silva')).toHaveAttribute('title', 'Um cliente não pode receber uma função da equipe.');
    expect(roleTrigger('Maria Silva').textContent).toContain('Cliente');
  });

  it('toasts the error when the change fails', async () => {
    server.use(http.post(restUrl('user_roles'), () => postgrestError(403, '42501', 'denied')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<UsuariosPage />, { route: '/usuarios' });
    await screen.findByText('Bruno Assistente');
    await userEvent.click(roleTrigger('Bruno Assistente'));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Comercial' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Alterar função' }),
    );
    expect(await screen.findByText('Erro ao atualizar função do usuário')).toBeInTheDocument();
    // the refused role was added first: nothing was taken away
    expect(roleWrites()).toEqual(['GET eq.u2', 'POST  {"user_id":"u2","role":"commercial"}']);
  });

  it('pages the users on the server with the exact count and searches by name or e-mail in the query', async () => {
    db.seed(
      'profiles',
      Array.from({ length: 30 }, (_, n) => ({
        id: `p-${n}`,
        email: `pessoa.${n}@escritorio.test`,
        full_name: `Pessoa ${String(n).padStart(2, '0')}`,
        created_at: new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString(),
      })),
    );
    db.seed('user_roles', [{ user_id: 'p-29', role: 'secretary' }]);
    renderWithProviders(<UsuariosPage />, { route: '/usuarios' });
    expect(await screen.findByText('Pessoa 00')).toBeInTheDocument();
    expect(screen.getByTestId('pager-label')).toHaveTextContent('1-25 de 30');
    expect(screen.queryByText('Pessoa 29')).not.toBeInTheDocument();
    // only the page's users have their roles read
    const rolesRead = db.requests('/rest/v1/user_roles', 'GET').at(-1)!;
    expect(rolesRead.params.get('user_id')).toMatch(/^in\.\(/);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByText('Pessoa 29')).toBeInTheDocument();
    expect(screen.getByTestId('pager-label')).toHaveTextContent('26-30 de 30');
    expect(roleTrigger('Pessoa 29').textContent).toContain('Secretária');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar usuários por nome ou e-mail' }), {
      target: { value: 'pessoa.7@' },
    });
    await waitFor(() => expect(screen.getByTestId('pager-label')).toHaveTextContent('1-1 de 1'));
    expect(screen.getByText('Pessoa 07')).toBeInTheDocument();
    expect(db.requests('/rest/v1/profiles', 'GET').at(-1)!.params.get('or')).toContain('ilike');
    // a page of 25 role selects renders slowly on a busy machine
  }, 60_000);
});
