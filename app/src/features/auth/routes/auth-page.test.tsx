import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import { supabase } from '@/lib/supabase';
import { db, server, SUPABASE_URL, TOTP_CODE } from '@/testing/supabase-server';
import { renderWithProviders, type MockAuthOptions } from '@/testing/test-utils';
import AuthPage from './auth-page';

const CREATE_ADMIN_URL = `${SUPABASE_URL}/functions/v1/create-admin-user`;

const routes = { '/': <h1>Dashboard</h1>, '/cliente': <h1>Portal</h1> };

function renderAuth(auth: MockAuthOptions = { signedOut: true }) {
  return renderWithProviders(<AuthPage />, { route: '/auth', path: '/auth', routes, auth });
}

async function fill(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Senha'), password);
}

beforeEach(() => {
  server.use(http.post(CREATE_ADMIN_URL, () => HttpResponse.json({ success: true })));
});

describe('AuthPage', () => {
  it('shows the e-mail and password fields and Entrar, and no "Voltar" link that would loop back to /auth', () => {
    renderAuth();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Senha')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Voltar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Configurar Administrador' })).not.toBeInTheDocument();
  });

  it('toggles the password visibility', async () => {
    renderAuth();
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar caracteres digitados' }));
    expect(screen.getByLabelText('Senha')).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar caracteres digitados' }));
    expect(screen.getByLabelText('Senha')).toHaveAttribute('type', 'password');
  });

  it('requires e-mail and password', async () => {
    const { auth } = renderAuth();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('O email é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('A senha é obrigatória')).toBeInTheDocument();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('signs a client in and goes to /cliente', async () => {
    const signIn = vi.fn(async () => ({ error: null, roles: ['client'] }));
    renderAuth({ signedOut: true, signIn });
    await fill('maria.silva@cliente.test', 'Demo@12345');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(signIn).toHaveBeenCalledWith('maria.silva@cliente.test', 'Demo@12345');
    expect(await screen.findByRole('heading', { name: 'Portal' })).toBeInTheDocument();
    expect(await screen.findByText('Login realizado com sucesso')).toBeInTheDocument();
  });

  it('signs staff in and goes to /', async () => {
    renderAuth({ signedOut: true, signIn: vi.fn(async () => ({ error: null, roles: ['secretary'] })) });
    await fill('secretaria@escritorio.test', 'Demo@12345');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('reports invalid credentials', async () => {
    const error = { code: 'invalid_credentials', message: 'Invalid login credentials' };
    renderAuth({ signedOut: true, signIn: vi.fn(async () => ({ error, roles: [] }) as never) });
    await fill('x@y.test', 'errada');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Email ou senha inválidos')).toBeInTheDocument();
  });

  it('reports other sign-in errors with their message', async () => {
    const error = { code: 'over_request_rate_limit', message: 'Too many requests' };
    renderAuth({ signedOut: true, signIn: vi.fn(async () => ({ error, roles: [] }) as never) });
    await fill('x@y.test', 'senha');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Erro ao fazer login: Too many requests')).toBeInTheDocument();
  });

  it('offers Configurar Administrador only for the administrator e-mail and calls the function', async () => {
    renderAuth();
    await fill('maria.silva@cliente.test', 'Demo@12345');
    expect(screen.queryByRole('button', { name: 'Configurar Administrador' })).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'admin@escritorio.test');
    await userEvent.click(screen.getByRole('button', { name: 'Configurar Administrador' }));
    expect(await screen.findByText('Usuário administrador configurado com sucesso')).toBeInTheDocument();
    expect(db.requests('/functions/v1/create-admin-user', 'POST').map((r) => r.body)).toEqual([
      { email: 'admin@escritorio.test', password: 'Demo@12345', full_name: 'Administrador' },
    ]);
  });

  it('in production asks for the one-time setup code, says where to find it, and sends it', async () => {
    env.ADMIN_SETUP_CODE_REQUIRED = true;
    try {
      renderAuth();
      await fill('maria.silva@cliente.test', 'Demo@12345');
      expect(screen.queryByLabelText('Código de configuração')).not.toBeInTheDocument();
      await userEvent.clear(screen.getByLabelText('Email'));
      await userEvent.type(screen.getByLabelText('Email'), 'admin@escritorio.test');
      const code = screen.getByLabelText('Código de configuração');
      expect(code).toHaveAccessibleDescription(/supastack admin-setup-code/);
      await userEvent.click(screen.getByRole('button', { name: 'Configurar Administrador' }));
      expect(await screen.findByText('Informe o código de configuração exibido no servidor')).toBeInTheDocument();
      expect(db.requests('/functions/v1/create-admin-user', 'POST')).toEqual([]);
      await userEvent.type(code, ' abcd-efgh-jkmn-pqrs ');
      await userEvent.click(screen.getByRole('button', { name: 'Configurar Administrador' }));
      expect(await screen.findByText('Usuário administrador configurado com sucesso')).toBeInTheDocument();
      expect(db.requests('/functions/v1/create-admin-user', 'POST').map((r) => r.body)).toEqual([
        {
          email: 'admin@escritorio.test',
          password: 'Demo@12345',
          full_name: 'Administrador',
          setup_code: 'abcd-efgh-jkmn-pqrs',
        },
      ]);
    } finally {
      env.ADMIN_SETUP_CODE_REQUIRED = false;
    }
  });

  it('shows the error field of the function response', async () => {
    server.use(
      http.post(CREATE_ADMIN_URL, () => HttpResponse.json({ error: 'Administrador já existe' }, { status: 400 })),
    );
    renderAuth();
    await fill('admin@escritorio.test', 'Demo@12345');
    await userEvent.click(screen.getByRole('button', { name: 'Configurar Administrador' }));
    expect(await screen.findByText('Erro ao configurar administrador: Administrador já existe')).toBeInTheDocument();
  });

  it('redirects users who are already signed in', async () => {
    renderAuth({ roles: ['client'] });
    expect(await screen.findByRole('heading', { name: 'Portal' })).toBeInTheDocument();
  });

  it('sends a magic link to the e-mail (no password needed) and says where it went', async () => {
    db.addUser({ id: 'u-maria', email: 'maria.silva@cliente.test', password: 'x' });
    renderAuth();
    await fill('maria.silva@cliente.test', '');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar com link por e-mail' }));
    expect(await screen.findByText(/Enviamos um link para maria.silva@cliente.test/)).toBeInTheDocument();
    const [sent] = db.requests('/auth/v1/otp', 'POST');
    expect(sent!.params.get('redirect_to')).toBe(`${window.location.origin}/auth`);
    expect(sent!.body).toMatchObject({ email: 'maria.silva@cliente.test', create_user: false });
  });

  it('asks for the authenticator code when the user has a second factor, and enters after it', async () => {
    // signed out when the page opens; the password gives an aal1 session of a user with a verified factor
    db.addUser({
      id: 'u-sec',
      email: 'secretaria@escritorio.test',
      password: 'Demo@12345',
      factors: [{ id: 'f1', status: 'verified' }],
    });
    const signIn = vi.fn(async (email: string, password: string) => {
      await supabase.auth.signInWithPassword({ email, password });
      return { error: null, roles: ['secretary'] };
    });
    renderAuth({ signedOut: true, signIn });
    await fill('secretaria@escritorio.test', 'Demo@12345');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    const code = await screen.findByLabelText('Código de verificação');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Código inválido ou expirado')).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, TOTP_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(db.requests('/auth/v1/factors/f1/verify', 'POST').map((r) => (r.body as { code: string }).code)).toEqual([
      '000000',
      TOTP_CODE,
    ]);
    expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
  });
});
