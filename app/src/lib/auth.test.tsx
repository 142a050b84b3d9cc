import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { signInAs } from '@/testing/sign-in';
import { db, postgrestError, restUrl, server, SUPABASE_URL } from '@/testing/supabase-server';
import { AuthProvider, useAuth } from './auth';

const ana = { id: 'user-1', email: 'ana@escritorio.test' };

function Probe() {
  const { loading, profile, roles, clientData, signOut, signIn } = useAuth();
  return (
    <div>
      <p>
        {loading ? 'carregando' : `pronto: ${profile?.full_name ?? 'sem perfil'} (${roles.join(',') || 'sem funções'})`}
      </p>
      <p>{clientData ? `cliente ${clientData.id}` : 'sem registro de cliente'}</p>
      <button type="button" onClick={() => void signOut()}>
        sair
      </button>
      <button type="button" onClick={() => void signIn('ana@escritorio.test', 'senha-de-teste')}>
        entrar
      </button>
    </div>
  );
}

function renderProvider() {
  return render(
    <AuthProvider>
      <Probe />
      <Toaster />
    </AuthProvider>,
  );
}

/** Seeds the profile, roles and client rows (another user's next to each) for a user with `role`. */
function seedUser(role: string) {
  db.seed('profiles', [
    { id: 'user-2', email: 'bruno@escritorio.test', full_name: 'Bruno Assistente' },
    { id: 'user-1', email: 'ana@escritorio.test', full_name: 'Ana Administradora' },
  ]);
  db.seed('user_roles', [
    { user_id: 'user-2', role: 'secretary' },
    { user_id: 'user-1', role },
  ]);
  db.seed('clients', [
    { id: 'client-9', user_id: 'user-9', full_name: 'Outro Cliente' },
    ...(role === 'client' ? [{ id: 'client-1', user_id: 'user-1', full_name: 'Maria Silva' }] : []),
  ]);
}

describe('AuthProvider (spec section 8)', () => {
  beforeEach(() => {
    seedUser('administrator');
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('loads the profile and roles of the session user', async () => {
    await signInAs(ana);
    renderProvider();
    expect(await screen.findByText('pronto: Ana Administradora (administrator)')).toBeInTheDocument();
    expect(screen.queryByText('Erro ao carregar dados do usuário')).not.toBeInTheDocument();
    expect(db.requests('/rest/v1/user_roles')[0]!.params.get('user_id')).toBe('eq.user-1');
  });

  it('asks for the client record together with the roles, and keeps it for a client', async () => {
    seedUser('client');
    // the roles' answer waits until the client record was asked for: the provider must not wait for the roles first
    let release!: () => void;
    const asked = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(restUrl('user_roles'), async () => {
        await asked;
        return HttpResponse.json([{ role: 'client' }]);
      }),
    );
    await signInAs(ana);
    renderProvider();
    await waitFor(() => expect(db.requests('/rest/v1/clients', 'GET')).toHaveLength(1));
    expect(db.requests('/rest/v1/profiles', 'GET')).toHaveLength(1);
    release();
    expect(await screen.findByText('cliente client-1')).toBeInTheDocument();
    expect(db.requests('/rest/v1/clients', 'GET')[0]!.params.get('user_id')).toBe('eq.user-1');
  });

  it("keeps no client record for staff, even when the client table has other users' rows", async () => {
    await signInAs(ana);
    renderProvider();
    await screen.findByText('pronto: Ana Administradora (administrator)');
    expect(screen.getByText('sem registro de cliente')).toBeInTheDocument();
  });

  it('shows no user without a session, and loads one signed in through the provider', async () => {
    db.addUser({ ...ana, password: 'senha-de-teste' });
    renderProvider();
    expect(await screen.findByText('pronto: sem perfil (sem funções)')).toBeInTheDocument();
    expect(db.requests('/rest/v1/profiles')).toEqual([]);
    await act(async () => {
      screen.getByRole('button', { name: 'entrar' }).click();
    });
    expect(await screen.findByText('pronto: Ana Administradora (administrator)')).toBeInTheDocument();
  });

  it('toasts Erro ao carregar dados do usuário when the profile cannot be read', async () => {
    server.use(http.get(restUrl('profiles'), () => postgrestError(500, 'XX000', 'boom')));
    await signInAs(ana);
    renderProvider();
    expect(await screen.findByText('Erro ao carregar dados do usuário')).toBeInTheDocument();
    expect(screen.getByText('pronto: sem perfil (sem funções)')).toBeInTheDocument();
  });

  it('toasts Erro ao sair do sistema when sign-out fails, and keeps the user', async () => {
    await signInAs(ana);
    renderProvider();
    await screen.findByText('pronto: Ana Administradora (administrator)');
    server.use(
      http.post(`${SUPABASE_URL}/auth/v1/logout`, () => HttpResponse.json({ msg: 'network' }, { status: 500 })),
    );
    await act(async () => {
      screen.getByRole('button', { name: 'sair' }).click();
    });
    expect(await screen.findByText('Erro ao sair do sistema')).toBeInTheDocument();
    expect(screen.getByText('pronto: Ana Administradora (administrator)')).toBeInTheDocument();
  });
});
