import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import DefinirSenhaPage from './definir-senha-page';

const routes = { '/': <h1>Dashboard</h1>, '/cliente': <h1>Portal</h1> };

beforeEach(() => {
  window.history.replaceState(null, '', '/definir-senha');
  db.addUser({ id: 'u1', email: 'nova@escritorio.test', password: 'provisoria-1' });
  // the invited person is staff; another user's client role must not decide where they land
  db.seed('user_roles', [
    { user_id: 'u9', role: 'client' },
    { user_id: 'u1', role: 'legal_assistant' },
  ]);
});

function renderPage() {
  renderWithProviders(<DefinirSenhaPage />, {
    route: '/definir-senha',
    path: '/definir-senha',
    routes,
    auth: { signedOut: true },
  });
}

describe('DefinirSenhaPage', () => {
  it('takes the session from the link, sets the password and goes to the staff home', async () => {
    const link = db.linkSession('u1');
    window.location.hash = `#access_token=${link.access_token}&refresh_token=${link.refresh_token}&type=invite`;
    renderPage();
    const password = await screen.findByLabelText('Nova senha');
    // the link's token was checked with the server, and the fragment cleared
    expect(db.requests('/auth/v1/user', 'GET')[0]!.headers.get('authorization')).toBe(`Bearer ${link.access_token}`);
    expect(window.location.hash).toBe('');
    await userEvent.type(password, 'curta');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar senha e entrar' }));
    expect(screen.getByText('A senha deve ter pelo menos 8 caracteres, com letras e números')).toBeInTheDocument();
    expect(db.requests('/auth/v1/user', 'PUT')).toEqual([]);
    await userEvent.clear(password);
    await userEvent.type(password, 'NovaSenha123');
    await userEvent.type(screen.getByLabelText('Confirmar senha'), 'NovaSenha123');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar senha e entrar' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(db.user('u1')!.password).toBe('NovaSenha123');
    expect(db.requests('/rest/v1/user_roles', 'GET')[0]!.params.get('user_id')).toBe('eq.u1');
  });

  it('explains an expired link', async () => {
    window.location.hash = '#error=access_denied&error_description=Email+link+is+invalid+or+has+expired';
    renderPage();
    expect(
      await screen.findByText('Este link é inválido ou expirou. Peça um novo convite ao administrador.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
    expect(db.requests('/auth/v1/user')).toEqual([]);
  });
});
