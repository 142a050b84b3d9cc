import { FunctionsHttpError } from '@supabase/supabase-js';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, type MockAuthOptions } from '@/testing/test-utils';
import AuthPage from './auth-page';

const invoke = vi.hoisted(() => vi.fn());
vi.mock('@/lib/supabase', () => ({ supabase: { functions: { invoke } } }));

const routes = { '/': <h1>Dashboard</h1>, '/cliente': <h1>Portal</h1> };

function renderAuth(auth: MockAuthOptions = { signedOut: true }) {
  return renderWithProviders(<AuthPage />, { route: '/auth', path: '/auth', routes, auth });
}

async function fill(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Senha'), password);
}

beforeEach(() => invoke.mockReset());

describe('AuthPage', () => {
  it('shows the e-mail and password fields and Entrar, and no "Voltar" link that would loop back to /auth', () => {
    renderAuth();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Senha').getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Voltar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Configurar Administrador' })).toBeNull();
  });

  it('toggles the password visibility', async () => {
    renderAuth();
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar caracteres digitados' }));
    expect(screen.getByLabelText('Senha').getAttribute('type')).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar caracteres digitados' }));
    expect(screen.getByLabelText('Senha').getAttribute('type')).toBe('password');
  });

  it('requires e-mail and password', async () => {
    const { auth } = renderAuth();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('O email é obrigatório')).toBeTruthy();
    expect(screen.getByText('A senha é obrigatória')).toBeTruthy();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('signs a client in and goes to /cliente', async () => {
    const signIn = vi.fn(async () => ({ error: null, roles: ['client'] }));
    renderAuth({ signedOut: true, signIn });
    await fill('maria.silva@cliente.test', 'Demo@12345');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(signIn).toHaveBeenCalledWith('maria.silva@cliente.test', 'Demo@12345');
    expect(await screen.findByRole('heading', { name: 'Portal' })).toBeTruthy();
    expect(await screen.findByText('Login realizado com sucesso')).toBeTruthy();
  });

  it('signs staff in and goes to /', async () => {
    renderAuth({ signedOut: true, signIn: vi.fn(async () => ({ error: null, roles: ['secretary'] })) });
    await fill('secretaria@escritorio.test', 'Demo@12345');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('reports invalid credentials', async () => {
    const error = { code: 'invalid_credentials', message: 'Invalid login credentials' };
    renderAuth({ signedOut: true, signIn: vi.fn(async () => ({ error, roles: [] }) as never) });
    await fill('x@y.test', 'errada');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Email ou senha inválidos')).toBeTruthy();
  });

  it('reports other sign-in errors with their message', async () => {
    const error = { code: 'over_request_rate_limit', message: 'Too many requests' };
    renderAuth({ signedOut: true, signIn: vi.fn(async () => ({ error, roles: [] }) as never) });
    await fill('x@y.test', 'senha');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Erro ao fazer login: Too many requests')).toBeTruthy();
  });

  it('offers Configurar Administrador only for the administrator e-mail and calls the function', async () => {
    invoke.mockResolvedValue({ data: { success: true }, error: null });
    renderAuth();
    await fill('admin@escritorio.test', 'Demo@12345');
    await userEvent.click(screen.getByRole('button', { name: 'Configurar Administrador' }));
    expect(invoke).toHaveBeenCalledWith('create-admin-user', {
      body: { email: 'admin@escritorio.test', password: 'Demo@12345', full_name: 'Administrador' },
    });
    expect(await screen.findByText('Usuário administrador configurado com sucesso')).toBeTruthy();
  });

  it('shows the error field of the function response', async () => {
    const response = new Response(JSON.stringify({ error: 'Administrador já existe' }), { status: 400 });
    invoke.mockResolvedValue({ data: null, error: new FunctionsHttpError(response) });
    renderAuth();
    await fill('admin@escritorio.test', 'Demo@12345');
    await userEvent.click(screen.getByRole('button', { name: 'Configurar Administrador' }));
    expect(await screen.findByText('Erro ao configurar administrador: Administrador já existe')).toBeTruthy();
  });

  it('redirects users who are already signed in', async () => {
    renderAuth({ roles: ['client'] });
    expect(await screen.findByRole('heading', { name: 'Portal' })).toBeTruthy();
  });
});
