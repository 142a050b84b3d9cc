import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { withViewportWidth } from '@/testing/viewport';
import { StaffLayout } from './staff-layout';

// The bell reads the user's notifications (two, one unread) and listens for new ones; search calls an RPC.
beforeEach(() => {
  db.seed('notifications', [
    {
      id: 'n2',
      user_id: 'user-1',
      kind: 'upload',
      title: 'Documento enviado',
      body: null,
      link: null,
      created_at: '2025-01-01T10:00:00Z',
      read_at: '2025-01-01T11:00:00Z',
    },
    {
      id: 'n1',
      user_id: 'user-1',
      kind: 'message',
      title: 'Nova mensagem de Maria Silva',
      body: null,
      link: null,
      created_at: '2025-01-02T10:00:00Z',
      read_at: null,
    },
  ]);
  server.use(rpc('search_workspace', () => []));
});

function renderLayout(options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <Routes>
      <Route element={<StaffLayout />}>
        <Route path="*" element={<h1>Conteúdo</h1>} />
      </Route>
    </Routes>,
    options,
  );
}

describe('StaffLayout', () => {
  withViewportWidth(1280);

  it('shows the default company name, caption, search, the bell with the unread count and page', async () => {
    renderLayout();
    expect(screen.getAllByText('Escritório de Imigração').length).toBeGreaterThan(0);
    expect(screen.getAllByText('IMMIGRATION SERVICES').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Pesquisar (Ctrl+K)' })).toBeInTheDocument();
    // the count is the user's unread notifications, not a fixed figure
    const bell = await screen.findByRole('button', { name: 'Notificações (1 não lidas)' });
    expect(within(bell).getByTestId('bell-count')).toHaveTextContent('1');
    expect(screen.getByRole('heading', { name: 'Conteúdo' })).toBeInTheDocument();
  });

  it('opens the search palette with Ctrl+K', async () => {
    renderLayout();
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('combobox', { name: /Pesquisar clientes/ })).toBeInTheDocument();
  });

  it('uses the company name stored in localStorage', () => {
    window.localStorage.setItem('companyName', 'Silva & Souza Advogados');
    renderLayout();
    expect(screen.getAllByText('Silva & Souza Advogados').length).toBeGreaterThan(0);
  });

  it('lists the menu of the role', () => {
    renderLayout({ auth: { roles: ['secretary'] } });
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    for (const label of [
      'Dashboard',
      'Clientes',
      'Processos',
      'Agendamentos',
      'Tarefas',
      'Configurações',
      'Logotipo',
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).queryByText('CRM')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Financeiro')).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Logotipo' })).toHaveAttribute('href', '/perfil');
  });

  it('expands the finance group', async () => {
    renderLayout({ auth: { roles: ['administrator'] } });
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Financeiro' }));
    expect(within(nav).getByRole('link', { name: 'Taxas USCIS' })).toHaveAttribute('href', '/financeiro/taxas-uscis');
  });

  it('shows the user menu with initials, name, e-mail and role label', async () => {
    const { auth } = renderLayout({
      auth: { profile: { id: 'user-1', email: 'admin@escritorio.test', full_name: 'Ana Administradora' } },
    });
    const trigger = screen.getByRole('button', { name: /Menu do usuário/ });
    expect(within(trigger).getByText('AA')).toBeInTheDocument();
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Ana Administradora')).toBeInTheDocument();
    expect(within(menu).getByText('admin@escritorio.test')).toBeInTheDocument();
    expect(within(menu).getByText('Administrador')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Meu Perfil' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Configurações' })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sair' }));
    expect(auth.signOut).toHaveBeenCalled();
  });

  it('mounts no Radix menu, sheet or palette before first use; the phone menu opens as a sheet', async () => {
    renderLayout();
    await screen.findByRole('button', { name: 'Notificações (1 não lidas)' });
    // Radix triggers carry aria-haspopup: the bell and the user menu are plain buttons until clicked
    expect(screen.getByRole('button', { name: /Menu do usuário/ })).not.toHaveAttribute('aria-haspopup');
    expect(screen.getByRole('button', { name: 'Notificações (1 não lidas)' })).not.toHaveAttribute('aria-haspopup');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(sheet).getByRole('link', { name: 'Clientes' })).toBeInTheDocument();
  });
});

describe('StaffLayout on a phone', () => {
  withViewportWidth(412);

  it('builds no sidebar (its menu is the sheet) and still shows the page, search, bell and user menu', async () => {
    renderLayout();
    expect(screen.getByRole('heading', { name: 'Conteúdo' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Notificações (1 não lidas)' });
    expect(screen.getByRole('button', { name: 'Pesquisar (Ctrl+K)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Menu do usuário/ })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(sheet).getByRole('link', { name: 'Clientes' })).toBeInTheDocument();
  });
});
