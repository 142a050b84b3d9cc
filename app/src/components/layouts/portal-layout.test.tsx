import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { withViewportWidth } from '@/testing/viewport';
import { PortalLayout } from './portal-layout';

const clientData = {
  id: 'c1',
  user_id: 'user-1',
  full_name: 'Maria Aparecida Silva',
  email: 'maria.silva@cliente.test',
  phone: null,
  address: '',
  created_at: '2024-01-01T00:00:00Z',
};

function renderPortal() {
  return renderWithProviders(
    <Routes>
      <Route path="/cliente" element={<PortalLayout />}>
        <Route index element={<h1>Início</h1>} />
      </Route>
      <Route path="/auth" element={<h1>Login</h1>} />
    </Routes>,
    { route: '/cliente', auth: { roles: ['client'], clientData } },
  );
}

describe('PortalLayout', () => {
  withViewportWidth(1280);

  it('shows the menu and the footer with year and company name', () => {
    renderPortal();
    const nav = screen.getByRole('navigation', { name: 'Menu do portal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Início',
      'Meus Processos',
      'Financeiro',
      'Mensagens',
      'Documentos',
      'Questionário',
      'Agendamentos',
      'Meu Perfil',
      'Meus Dados',
    ]);
    expect(screen.getByRole('contentinfo').textContent).toContain(
      `${new Date().getFullYear()} Escritório de Imigração`,
    );
  });

  it('opens the profile dialog with Não informado for empty fields', async () => {
    renderPortal();
    await userEvent.click(screen.getByRole('button', { name: /Meu Perfil/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('MA')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Maria Aparecida Silva').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('maria.silva@cliente.test')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Não informado')).toHaveLength(2);
  });

  it('opens the phone menu sheet on first use, with the portal links, and closes it after a link', async () => {
    renderPortal();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(sheet).getByRole('link', { name: 'Financeiro' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('signs out and goes to /auth', async () => {
    const { auth } = renderPortal();
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(auth.signOut).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('PortalLayout on a phone', () => {
  withViewportWidth(412);

  it('builds no side menu (its menu is the sheet) and still shows the page and the footer', async () => {
    renderPortal();
    expect(screen.getByRole('heading', { name: 'Início' })).toBeInTheDocument();
    expect(screen.getByText(/Todos os direitos reservados/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu do portal' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(sheet).getByRole('link', { name: 'Financeiro' })).toBeInTheDocument();
  });
});
