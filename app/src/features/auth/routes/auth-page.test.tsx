import { FunctionsHttpError } from '@supabase/supabase-js';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, type MockAuthOptions } from '@/testing/test-utils';
import AuthPage from './auth-page';

const invoke = vi.hoisted(() => vi.fn());
const authApi = vi.hoisted(() => ({
  signInWithOtp: vi.fn(),
  setSession: vi.fn(),
  getUser: vi.fn(async () => ({ data: { user: { id: 'u1' } } })),
  mfa: {
    getAuthenticatorAssuranceLevel: vi.fn(),
    listFactors: vi.fn(),
    challengeAndVerify: vi.fn(),
  },
}));
const rolesOf = vi.hoisted(() => ({ roles: ['secretary'] }));
vi.mock('@/lib/supabase', () => ({
  supabase: {
    functions: { invoke },
    auth: authApi,
    from: () => ({ select: () => ({ eq: async () => ({ data: rolesOf.roles.map((role) => ({ role })) }) }) }),
  },
}));

const routes = { '/': <h1>Dashboard</h1>, '/cliente': <h1>Portal</h1> };

function renderAuth(auth: MockAuthOptions = { signedOut: true }) {
  return renderWithProviders(<AuthPage />, { route: '/auth', path: '/auth', routes, auth });
}

async function fill(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Senha'), password);
}

beforeEach(() => {
  invoke.mockReset();
  authApi.signInWithOtp.mockReset();
  authApi.mfa.challengeAndVerify.mockReset();
  authApi.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
    data: { currentLevel: 'aal1', nextLevel: 'aal1' },
    error: null,
  });
  authApi.mfa.listFactors.mockResolvedValue({ data: { totp: [] }, error: null });
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
    invoke.mockResolvedValue({ data: { success: true }, error: null });
    renderAuth();
    await fill('admin@escritorio.test', 'Demo@12345');
    await userEvent.click(screen.getByRole('button', { name: 'Configurar Administrador' }));
    expect(invoke).toHaveBeenCalledWith('create-admin-user', {
      body: { email: 'admin@escritorio.test', password: 'Demo@12345', full_name: 'Administrador' },
    });
    expect(await screen.findByText('Usuário administrador configurado com sucesso')).toBeInTheDocument();
  });

  it('shows the error field of the function response', async () => {
    const response = new Response(JSON.stringify({ error: 'Administrador já existe' }), { status: 400 });
    invoke.mockResolvedValue({ data: null, error: new FunctionsHttpError(response) });
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
    authApi.signInWithOtp.mockResolvedValue({ data: {}, error: null });
    renderAuth();
    await fill('maria.silva@cliente.test', '');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar com link por e-mail' }));
    expect(authApi.signInWithOtp).toHaveBeenCalledWith({
      email: 'maria.silva@cliente.test',
      options: { shouldCreateUser: false, emailRedirectTo: `${window.location.origin}/auth` },
    });
    expect(await screen.findByText(/Enviamos um link para maria.silva@cliente.test/)).toBeInTheDocument();
  });

  it('asks for the authenticator code when the user has a second factor, and enters after it', async () => {
    // signed out when the page opens; at aal1 with a verified factor once the password is accepted
    authApi.mfa.getAuthenticatorAssuranceLevel
      .mockResolvedValueOnce({ data: { currentLevel: null, nextLevel: null }, error: null })
      .mockResolvedValue({ data: { currentLevel: 'aal1', nextLevel: 'aal2' }, error: null });
    authApi.mfa.listFactors.mockResolvedValue({ data: { totp: [{ id: 'f1', status: 'verified' }] }, error: null });
    authApi.mfa.challengeAndVerify.mockResolvedValueOnce({ error: { message: 'Invalid TOTP code entered' } });
    authApi.mfa.challengeAndVerify.mockResolvedValueOnce({ data: {}, error: null });
    renderAuth({ signedOut: true, signIn: vi.fn(async () => ({ error: null, roles: ['secretary'] })) });
    await fill('secretaria@escritorio.test', 'Demo@12345');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    const code = await screen.findByLabelText('Código de verificação');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Código inválido ou expirado')).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(authApi.mfa.challengeAndVerify).toHaveBeenLastCalledWith({ factorId: 'f1', code: '654321' });
  });
});
