import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, postgrestError, restUrl, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import PerfilPage from './perfil-page';

beforeEach(() => {
  // another user's profile next to Ana's: the update touches Ana's only
  db.seed('profiles', [
    { id: 'u2', email: 'bruno@escritorio.test', full_name: 'Bruno Assistente' },
    { id: 'user-1', email: 'admin@escritorio.test', full_name: 'Ana Administradora' },
  ]);
});

const profileUpdates = () => db.requests('/rest/v1/profiles', 'PATCH');

describe('PerfilPage', () => {
  it('shows the name editable and the e-mail read-only', () => {
    renderWithProviders(<PerfilPage />, { route: '/perfil' });
    expect(screen.getByRole('heading', { level: 1, name: 'Meu Perfil' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nome completo')).toHaveValue('Ana Administradora');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('admin@escritorio.test');
    expect(email).toHaveAttribute('readonly');
  });

  it('refuses a name shorter than 3 characters', async () => {
    renderWithProviders(<PerfilPage />, { route: '/perfil' });
    const name = screen.getByLabelText('Nome completo');
    await userEvent.clear(name);
    await userEvent.type(name, ' Al ');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('O nome deve ter pelo menos 3 caracteres')).toBeInTheDocument();
    expect(profileUpdates()).toEqual([]);
  });

  it('updates profiles.full_name of the user, refreshes the profile and toasts', async () => {
    const { auth } = renderWithProviders(<PerfilPage />, { route: '/perfil' });
    const name = screen.getByLabelText('Nome completo');
    await userEvent.clear(name);
    await userEvent.type(name, '  Ana Maria  ');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Perfil atualizado com sucesso!')).toBeInTheDocument();
    expect(profileUpdates().map((r) => [r.params.get('id'), r.body])).toEqual([
      ['eq.user-1', { full_name: 'Ana Maria' }],
    ]);
    expect(db.rows('profiles').map((p) => p.full_name)).toEqual(['Bruno Assistente', 'Ana Maria']);
    expect(auth.refreshProfile).toHaveBeenCalled();
    expect(name).toHaveValue('Ana Maria');
  });

  it('toasts Erro ao atualizar perfil when the update fails', async () => {
    server.use(http.patch(restUrl('profiles'), () => postgrestError(403, '42501', 'denied')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { auth } = renderWithProviders(<PerfilPage />, { route: '/perfil' });
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Erro ao atualizar perfil')).toBeInTheDocument();
    expect(auth.refreshProfile).not.toHaveBeenCalled();
  });

  it('points administrators to the office settings, with no local name or logo form', () => {
    renderWithProviders(<PerfilPage />, { route: '/perfil' });
    expect(screen.getByRole('link', { name: 'Abrir Configurações do escritório' })).toHaveAttribute(
      'href',
      '/configuracoes',
    );
    expect(screen.queryByLabelText('Nome do escritório')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar Logotipo' })).not.toBeInTheDocument();
  });

  it('shows other staff neither the office card nor the link', () => {
    renderWithProviders(<PerfilPage />, { route: '/perfil', auth: { roles: ['secretary'] } });
    expect(screen.getByLabelText('Nome completo')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Abrir Configurações do escritório' })).not.toBeInTheDocument();
    expect(screen.queryByText('Logotipo e nome do escritório')).not.toBeInTheDocument();
  });
});
