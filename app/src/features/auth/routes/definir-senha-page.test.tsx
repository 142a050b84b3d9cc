import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import DefinirSenhaPage from './definir-senha-page';

const authApi = vi.hoisted(() => ({
  setSession: vi.fn(async () => ({ error: null })),
  getSession: vi.fn(),
  updateUser: vi.fn(async () => ({ data: {}, error: null })),
  getUser: vi.fn(async () => ({ data: { user: { id: 'u1' } } })),
}));
vi.mock('@/lib/supabase', () => ({
  supabase: {
    auth: authApi,
    from: () => ({ select: () => ({ eq: async () => ({ data: [{ role: 'legal_assistant' }] }) }) }),
  },
}));

const routes = { '/': <h1>Dashboard</h1>, '/cliente': <h1>Portal</h1> };

beforeEach(() => {
  authApi.setSession.mockClear();
  authApi.updateUser.mockClear();
  window.history.replaceState(null, '', '/definir-senha');
});

describe('DefinirSenhaPage', () => {
  it('takes the session from the link, sets the password and goes to the staff home', async () => {
    window.location.hash = '#access_token=at&refresh_token=rt&type=invite';
    authApi.getSession.mockResolvedValue({ data: { session: { access_token: 'at' } } });
    renderWithProviders(<DefinirSenhaPage />, { route: '/definir-senha', path: '/definir-senha', routes, auth: { signedOut: true } });
    const password = await screen.findByLabelText('Nova senha');
    expect(authApi.setSession).toHaveBeenCalledWith({ access_token: 'at', refresh_token: 'rt' });
    expect(window.location.hash).toBe('');
    await userEvent.type(password, 'curta');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar senha e entrar' }));
    expect(screen.getByText('A senha deve ter pelo menos 8 caracteres, com letras e números')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'NovaSenha123');
    await userEvent.type(screen.getByLabelText('Confirmar senha'), 'NovaSenha123');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar senha e entrar' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(authApi.updateUser).toHaveBeenCalledWith({ password: 'NovaSenha123' });
  });

  it('explains an expired link', async () => {
    window.location.hash = '#error=access_denied&error_description=Email+link+is+invalid+or+has+expired';
    authApi.getSession.mockResolvedValue({ data: { session: null } });
    renderWithProviders(<DefinirSenhaPage />, { route: '/definir-senha', path: '/definir-senha', routes, auth: { signedOut: true } });
    expect(await screen.findByText('Este link é inválido ou expirou. Peça um novo convite ao administrador.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
    expect(authApi.setSession).not.toHaveBeenCalled();
  });
});
