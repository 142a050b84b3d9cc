import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { renderWithProviders } from '@/testing/test-utils';
import UsuariosPage from './usuarios-page';

type Row = Record<string, unknown>;
const db = vi.hoisted(() => ({
  profiles: [] as Row[],
  user_roles: [] as Row[],
  calls: [] as string[],
  failInsert: false,
}));

vi.mock('@/lib/supabase', () => {
  const done = (data: unknown, error: unknown = null) => ({
    throwOnError: async () => {
      if (error) throw error;
      return { data, error: null };
    },
  });
  const from = (table: 'profiles' | 'user_roles') => ({
    select: () => ({
      order: () => done(db[table]),
      eq: (column: string, value: unknown) => {
        db.calls.push(`select ${table} ${column}=${value}`);
        return done(db[table].filter((row) => row[column] === value));
      },
      throwOnError: async () => ({ data: db[table], error: null }),
    }),
    delete: () => ({
      eq: (column: string, value: unknown) => {
        db.calls.push(`delete ${table} ${column}=${value}`);
        db[table] = db[table].filter((row) => row[column] !== value);
        return done(null);
      },
    }),
    insert: (row: Row) => {
      db.calls.push(`insert ${table} ${JSON.stringify(row)}`);
      if (db.failInsert) return done(null, { message: 'denied' });
      db[table] = [...db[table], row];
      return done(null);
    },
  });
  return { supabase: { from } };
});

beforeEach(() => {
  // sonner keeps toasts in module state: start every test without the previous ones
  toast.dismiss();
  db.profiles = [
    { id: 'user-1', email: 'admin@escritorio.test', full_name: 'Ana Administradora' },
    { id: 'u2', email: 'multi@escritorio.test', full_name: 'Bruno Assistente' },
    { id: 'u3', email: 'sem.nome@escritorio.test', full_name: null },
    { id: 'u4', email: 'maria.silva@cliente.test', full_name: 'Maria Silva' },
  ];
  db.user_roles = [
    { user_id: 'user-1', role: 'administrator' },
    { user_id: 'u2', role: 'secretary' },
    { user_id: 'u2', role: 'legal_assistant' },
    { user_id: 'u3', role: 'commercial' },
    { user_id: 'u4', role: 'client' },
  ];
  db.calls = [];
  db.failInsert = false;
});

function roleTrigger(name: string) {
  return screen.getByRole('combobox', { name: `Função de ${name}` });
}

describe('UsuariosPage', () => {
  it.each([['legal_assistant'], ['commercial'], ['secretary'], ['client']])(
    'shows Acesso Restrito to %s users and loads nothing',
    (role) => {
      renderWithProviders(<UsuariosPage />, { auth: { roles: [role] }, route: '/usuarios' });
      expect(screen.getByText('Acesso Restrito')).toBeInTheDocument();
      expect(screen.getByText(/não tem permissão para gerenciar usuários/)).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    },
  );

  it('lists users with the role chosen by priority, clients as Cliente and a blank name as Não especificado', async () => {
    renderWithProviders(<UsuariosPage />, { route: '/usuarios' });
    expect(await screen.findByText('Bruno Assistente')).toBeInTheDocument();
    for (const column of ['Nome', 'Email', 'Função', 'Ações']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    expect(roleTrigger('Ana Administradora').textContent).toContain('Administrador');
    expect(roleTrigger('Bruno Assistente').textContent).toContain('Assistente Legal');
    expect(roleTrigger('Não especificado').textContent).toContain('Comercial');
    expect(roleTrigger('Maria Silva').textContent).toContain('Cliente');
    expect(screen.getByText('Não especificado')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Detalhes/ })).toHaveLength(4);
    // Detalhes opens the user's details
    fireEvent.click(screen.getByRole('button', { name: 'Detalhes: Bruno Assistente' }));
    const details = await screen.findByRole('dialog', { name: 'Detalhes do usuário' });
    expect(within(details).getByText(/Assistente Legal/)).toBeInTheDocument();
    fireEvent.keyDown(details, { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Convidar Novo Usuário' })).toBeInTheDocument();
    // the administrator cannot demote themself by accident
    expect(roleTrigger('Ana Administradora')).toBeDisabled();
  });

  it('replaces the roles of the user with the chosen one and reloads', async () => {
    renderWithProviders(<UsuariosPage />, { route: '/usuarios' });
    await screen.findByText('Bruno Assistente');
    await userEvent.click(roleTrigger('Bruno Assistente'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByRole('option', { name: 'Cliente' })).not.toBeInTheDocument();
    await userEvent.click(within(listbox).getByRole('option', { name: 'Comercial' }));
    expect(await screen.findByText('Função do usuário atualizada com sucesso')).toBeInTheDocument();
    expect(db.calls).toEqual([
      'select user_roles user_id=u2',
      'delete user_roles user_id=u2',
      'insert user_roles {"user_id":"u2","role":"commercial"}',
    ]);
    await waitFor(() => expect(roleTrigger('Bruno Assistente').textContent).toContain('Comercial'));
  });

  it('offers Cliente only for client accounts', async () => {
    renderWithProviders(<UsuariosPage />, { route: '/usuarios' });
    await screen.findByText('Maria Silva');
    await userEvent.click(roleTrigger('Maria Silva'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Administrador',
      'Assistente Legal',
      'Comercial',
      'Secretária',
      'Cliente',
    ]);
  });

  it('toasts the error when the change fails', async () => {
    db.failInsert = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<UsuariosPage />, { route: '/usuarios' });
    await screen.findByText('Bruno Assistente');
    await userEvent.click(roleTrigger('Bruno Assistente'));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Secretária' }));
    expect(await screen.findByText('Erro ao atualizar função do usuário')).toBeInTheDocument();
  });
});
