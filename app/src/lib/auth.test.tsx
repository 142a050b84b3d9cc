import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider, useAuth } from './auth';

const session = { access_token: 'token', user: { id: 'user-1', email: 'ana@escritorio.test' } };
const state = {
  profileError: null as { message: string } | null,
  signOutError: null as { message: string } | null,
  role: 'administrator',
  /** Tables read before the roles' answer arrived (the client record must not wait for it). */
  readBeforeRoles: [] as string[],
  rolesAnswered: false,
};

vi.mock('@/lib/supabase', () => {
  const table = (name: string) => {
    const builder = {
      select: () => {
        if (!state.rolesAnswered) state.readBeforeRoles.push(name);
        return builder;
      },
      eq: () => builder,
      maybeSingle: async () =>
        name === 'clients' && state.role === 'client'
          ? { data: { id: 'client-1', user_id: 'user-1', full_name: 'Maria Silva' }, error: null }
          : { data: null, error: null },
      single: async () =>
        state.profileError
          ? { data: null, error: state.profileError }
          : { data: { id: 'user-1', email: 'ana@escritorio.test', full_name: 'Ana Administradora' }, error: null },
      then: (resolve: (value: unknown) => void) => {
        if (name === 'user_roles') state.rolesAnswered = true;
        resolve(name === 'user_roles' ? { data: [{ role: state.role }], error: null } : { data: [], error: null });
      },
    };
    return builder;
  };
  return {
    supabase: {
      from: table,
      auth: {
        getSession: async () => ({ data: { session } }),
        onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => {} } } }),
        signOut: async () => ({ error: state.signOutError }),
      },
    },
  };
});

function Probe() {
  const { loading, profile, roles, clientData, signOut } = useAuth();
  return (
    <div>
      <p>{loading ? 'carregando' : `pronto: ${profile?.full_name ?? 'sem perfil'} (${roles.join(',') || 'sem funções'})`}</p>
      <p>{clientData ? `cliente ${clientData.id}` : 'sem registro de cliente'}</p>
      <button type="button" onClick={() => void signOut()}>
        sair
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

describe('AuthProvider (spec section 8)', () => {
  beforeEach(() => {
    state.profileError = null;
    state.signOutError = null;
    state.role = 'administrator';
    state.readBeforeRoles = [];
    state.rolesAnswered = false;
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('loads the profile and roles of the session user', async () => {
    renderProvider();
    expect(await screen.findByText('pronto: Ana Administradora (administrator)')).toBeInTheDocument();
    expect(screen.queryByText('Erro ao carregar dados do usuário')).not.toBeInTheDocument();
  });

  it('asks for the client record together with the roles, and keeps it for a client', async () => {
    state.role = 'client';
    renderProvider();
    expect(await screen.findByText('cliente client-1')).toBeInTheDocument();
    expect(state.readBeforeRoles).toEqual(expect.arrayContaining(['profiles', 'user_roles', 'clients']));
  });

  it('keeps no client record for staff', async () => {
    renderProvider();
    await screen.findByText('pronto: Ana Administradora (administrator)');
    expect(screen.getByText('sem registro de cliente')).toBeInTheDocument();
  });

  it('toasts Erro ao carregar dados do usuário when the profile cannot be read', async () => {
    state.profileError = { message: 'boom' };
    renderProvider();
    expect(await screen.findByText('Erro ao carregar dados do usuário')).toBeInTheDocument();
    expect(screen.getByText('pronto: sem perfil (sem funções)')).toBeInTheDocument();
  });

  it('toasts Erro ao sair do sistema when sign-out fails, and keeps the user', async () => {
    renderProvider();
    await screen.findByText('pronto: Ana Administradora (administrator)');
    state.signOutError = { message: 'network' };
    await act(async () => {
      screen.getByRole('button', { name: 'sair' }).click();
    });
    expect(await screen.findByText('Erro ao sair do sistema')).toBeInTheDocument();
    expect(screen.getByText('pronto: Ana Administradora (administrator)')).toBeInTheDocument();
  });
});
