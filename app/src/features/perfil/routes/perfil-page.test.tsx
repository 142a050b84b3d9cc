import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { renderWithProviders } from '@/testing/test-utils';
import PerfilPage from './perfil-page';

const mocks = vi.hoisted(() => ({ update: vi.fn(), eq: vi.fn(), error: null as null | { message: string } }));

vi.mock('@/lib/supabase', () => ({
  supabase: {
    from: (table: string) => ({
      update: (values: unknown) => {
        mocks.update(table, values);
        return {
          eq: (column: string, value: unknown) => {
            mocks.eq(column, value);
            return {
              throwOnError: async () => {
                if (mocks.error) throw mocks.error;
                return { data: null, error: null };
              },
            };
          },
        };
      },
    }),
  },
}));

beforeEach(() => {
  // sonner keeps toasts in module state: start every test without the previous ones
  toast.dismiss();
  mocks.update.mockReset();
  mocks.eq.mockReset();
  mocks.error = null;
});

describe('PerfilPage', () => {
  it('shows the name editable and the e-mail read-only', () => {
    renderWithProviders(<PerfilPage />, { route: '/perfil' });
    expect(screen.getByRole('heading', { level: 1, name: 'Meu Perfil' })).toBeInTheDocument();
    expect((screen.getByLabelText('Nome completo') as HTMLInputElement).value).toBe('Ana Administradora');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('admin@escritorio.test');
    expect(email.readOnly).toBe(true);
  });

  it('refuses a name shorter than 3 characters', async () => {
    renderWithProviders(<PerfilPage />, { route: '/perfil' });
    const name = screen.getByLabelText('Nome completo');
    await userEvent.clear(name);
    await userEvent.type(name, ' Al ');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('O nome deve ter pelo menos 3 caracteres')).toBeInTheDocument();
    expect(mocks.update).not.toHaveBeenCalled();
  });

  it('updates profiles.full_name of the user, refreshes the profile and toasts', async () => {
    const { auth } = renderWithProviders(<PerfilPage />, { route: '/perfil' });
    const name = screen.getByLabelText('Nome completo');
    await userEvent.clear(name);
    await userEvent.type(name, '  Ana Maria  ');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Perfil atualizado com sucesso!')).toBeInTheDocument();
    expect(mocks.update).toHaveBeenCalledWith('profiles', { full_name: 'Ana Maria' });
    expect(mocks.eq).toHaveBeenCalledWith('id', 'user-1');
    expect(auth.refreshProfile).toHaveBeenCalled();
    expect((name as HTMLInputElement).value).toBe('Ana Maria');
  });

  it('toasts Erro ao atualizar perfil when the update fails', async () => {
    mocks.error = { message: 'denied' };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { auth } = renderWithProviders(<PerfilPage />, { route: '/perfil' });
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Erro ao atualizar perfil')).toBeInTheDocument();
    expect(auth.refreshProfile).not.toHaveBeenCalled();
  });

  it('points administrators to the office settings, with no local name or logo form', () => {
    renderWithProviders(<PerfilPage />, { route: '/perfil' });
    expect(screen.getByRole('link', { name: 'Abrir Configurações do escritório' })).toHaveAttribute('href', '/configuracoes');
    expect(screen.queryByLabelText('Nome do escritório')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar Logotipo' })).not.toBeInTheDocument();
  });

  it('shows other staff neither the office card nor the link', () => {
    renderWithProviders(<PerfilPage />, { route: '/perfil', auth: { roles: ['secretary'] } });
    expect(screen.getByLabelText('Nome completo')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Abrir Configurações do escritório' })).not.toBeInTheDocument();
    expect(screen.queryByText('Logotipo e nome do escritório')).not.toBeInTheDocument();
  });
});
