import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/sign-in';
import { db, restUrl, server } from '@/testing/supabase-server';
import { AuthProvider, useAuth } from './auth';

// The roles are answered only when the test releases them, to see what the provider holds meanwhile.
const ana = { id: 'user-1', email: 'ana@escritorio.test' };
let release: () => void = () => {};

function seed(role: string) {
  db.seed('profiles', [
    { id: 'user-2', email: 'bruno@escritorio.test', full_name: 'Bruno' },
    { id: 'user-1', email: 'ana@escritorio.test', full_name: 'Ana' },
  ]);
  db.seed('user_roles', [
    { user_id: 'user-2', role: 'administrator' },
    { user_id: 'user-1', role },
  ]);
  db.seed('clients', [{ id: 'client-9', user_id: 'user-9', full_name: 'Outro Cliente' }]);
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(restUrl('user_roles'), async () => {
      await held;
      return HttpResponse.json([{ role }]);
    }),
  );
}

function Probe() {
  const { loading, roles, profile, clientData } = useAuth();
  return (
    <>
      <p>{`${loading ? 'carregando' : 'pronto'}: ${roles.join(',') || 'sem funções'}`}</p>
      <p>{profile?.full_name ?? 'sem nome'}</p>
      <p>{clientData ? `cliente ${clientData.id}` : 'sem cliente'}</p>
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
  });

  it('holds no roles while loading for a user seen for the first time, then remembers the confirmed ones', async () => {
    seed('secretary');
    await signInAs(ana);
    renderProvider();
    expect(await screen.findByText('carregando: sem funções')).toBeInTheDocument();
    release();
    expect(await screen.findByText('pronto: secretary')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('auth.roles-hint') ?? 'null')).toEqual({
      userId: 'user-1',
      roles: ['secretary'],
      profile: { id: 'user-1', email: 'ana@escritorio.test', full_name: 'Ana' },
      client: null,
    });
  });

  it("remembers a client's record id and name (not the rest of the record), and offers them on the next visit", async () => {
    seed('client');
    db.seed('clients', [
      { id: 'client-1', user_id: 'user-1', full_name: 'Ana Cliente', email: 'ana@escritorio.test', phone: '555' },
      { id: 'client-9', user_id: 'user-9', full_name: 'Outro Cliente' },
    ]);
    await signInAs(ana);
    const first = renderProvider();
    release();
    expect(await screen.findByText('pronto: client')).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem('auth.roles-hint') ?? 'null');
    expect(stored.client).toEqual({
      id: 'client-1',
      user_id: 'user-1',
      full_name: 'Ana Cliente',
      email: 'ana@escritorio.test',
    });
    first.unmount();

    seed('client');
    renderProvider();
    expect(await screen.findByText('carregando: client')).toBeInTheDocument();
    expect(screen.getByText('cliente client-1')).toBeInTheDocument();
    release();
    expect(await screen.findByText('pronto: client')).toBeInTheDocument();
  });

  it('with a hint, reads the roles again only once the first screen is idle, not during its render', async () => {
    localStorage.setItem(
      'auth.roles-hint',
      JSON.stringify({ userId: 'user-1', roles: ['administrator'], profile: { id: 'user-1', full_name: 'Ana' } }),
    );
    seed('administrator');
    let asked = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.endsWith('/user_roles')) asked += 1;
    });
    await signInAs(ana);
    renderProvider();
    expect(await screen.findByText('carregando: administrator')).toBeInTheDocument();
    expect(asked).toBe(0);
    await waitFor(() => expect(asked).toBe(1));
    release();
    expect(await screen.findByText('pronto: administrator')).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('offers the last confirmed roles of the same user while loading, and the server answer replaces them', async () => {
    const profile = { id: 'user-1', email: 'ana@escritorio.test', full_name: 'Ana Antiga' };
    localStorage.setItem('auth.roles-hint', JSON.stringify({ userId: 'user-1', roles: ['administrator'], profile }));
    seed('client');
    await signInAs(ana);
    renderProvider();
    expect(await screen.findByText('carregando: administrator')).toBeInTheDocument();
    expect(screen.getByText('Ana Antiga')).toBeInTheDocument();
    release();
    expect(await screen.findByText('pronto: client')).toBeInTheDocument();
    expect(screen.getByText('Ana')).toBeInTheDocument();
  });

  it("ignores another user's hint", async () => {
    localStorage.setItem(
      'auth.roles-hint',
      JSON.stringify({ userId: 'user-2', roles: ['administrator'], profile: { id: 'user-2', full_name: 'Outra' } }),
    );
    seed('secretary');
    await signInAs(ana);
    renderProvider();
    expect(await screen.findByText('carregando: sem funções')).toBeInTheDocument();
    expect(screen.getByText('sem nome')).toBeInTheDocument();
  });
});
