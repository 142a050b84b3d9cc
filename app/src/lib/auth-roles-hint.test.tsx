import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from './auth';

// The roles are answered only when the test releases them, to see what the provider holds meanwhile.
const state = vi.hoisted(() => ({ role: 'secretary', release: () => {} }));

vi.mock('@/lib/supabase', () => {
  const table = (name: string) => {
    const builder = {
      select: () => builder,
      eq: () => builder,
      maybeSingle: async () => ({ data: null, error: null }),
      single: async () => ({ data: { id: 'user-1', email: 'ana@escritorio.test', full_name: 'Ana' }, error: null }),
      then: (resolve: (value: unknown) => void) => {
        if (name !== 'user_roles') return resolve({ data: [], error: null });
        state.release = () => resolve({ data: [{ role: state.role }], error: null });
      },
    };
    return builder;
  };
  return {
    supabase: {
      from: table,
      auth: {
        getSession: async () => ({ data: { session: { access_token: 't', user: { id: 'user-1' } } } }),
        onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => {} } } }),
      },
    },
  };
});

function Probe() {
  const { loading, roles, profile } = useAuth();
  return (
    <>
      <p>{`${loading ? 'carregando' : 'pronto'}: ${roles.join(',') || 'sem funções'}`}</p>
      <p>{profile?.full_name ?? 'sem nome'}</p>
    </>
  );
}

const renderProvider = () =>
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );

describe('AuthProvider roles hint', () => {
  beforeEach(() => {
    localStorage.clear();
    state.role = 'secretary';
  });

  it('holds no roles while loading for a user seen for the first time, then remembers the confirmed ones', async () => {
    renderProvider();
    expect(await screen.findByText('carregando: sem funções')).toBeInTheDocument();
    state.release();
    expect(await screen.findByText('pronto: secretary')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('auth.roles-hint') ?? 'null')).toEqual({
      userId: 'user-1',
      roles: ['secretary'],
      profile: { id: 'user-1', email: 'ana@escritorio.test', full_name: 'Ana' },
    });
  });

  it('offers the last confirmed roles of the same user while loading, and the server answer replaces them', async () => {
    const profile = { id: 'user-1', email: 'ana@escritorio.test', full_name: 'Ana Antiga' };
    localStorage.setItem('auth.roles-hint', JSON.stringify({ userId: 'user-1', roles: ['administrator'], profile }));
    state.role = 'client';
    renderProvider();
    expect(await screen.findByText('carregando: administrator')).toBeInTheDocument();
    expect(screen.getByText('Ana Antiga')).toBeInTheDocument();
    state.release();
    expect(await screen.findByText('pronto: client')).toBeInTheDocument();
    expect(screen.getByText('Ana')).toBeInTheDocument();
  });

  it("ignores another user's hint", async () => {
    localStorage.setItem('auth.roles-hint', JSON.stringify({ userId: 'user-2', roles: ['administrator'], profile: { id: 'user-2', full_name: 'Outra' } }));
    renderProvider();
    expect(await screen.findByText('carregando: sem funções')).toBeInTheDocument();
    expect(screen.getByText('sem nome')).toBeInTheDocument();
  });
});
