import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getBranding } from '@/lib/branding';
import { toast } from 'sonner';
import { renderWithProviders } from '@/testing/test-utils';
import { logoFileProblem } from '../schemas';
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
    expect(screen.getByRole('heading', { level: 1, name: 'Meu Perfil' })).toBeTruthy();
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
    expect(await screen.findByText('O nome deve ter pelo menos 3 caracteres')).toBeTruthy();
    expect(mocks.update).not.toHaveBeenCalled();
  });

  it('updates profiles.full_name of the user, refreshes the profile and toasts', async () => {
    const { auth } = renderWithProviders(<PerfilPage />, { route: '/perfil' });
    const name = screen.getByLabelText('Nome completo');
    await userEvent.clear(name);
    await userEvent.type(name, '  Ana Maria  ');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Perfil atualizado com sucesso!')).toBeTruthy();
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
    expect(await screen.findByText('Erro ao atualizar perfil')).toBeTruthy();
    expect(auth.refreshProfile).not.toHaveBeenCalled();
  });

  it('saves the company name and logo for the shell', async () => {
    renderWithProviders(<PerfilPage />, { route: '/perfil' });
    const name = screen.getByLabelText('Nome do escritório');
    await userEvent.clear(name);
    await userEvent.type(name, 'Souza & Associados');
    const file = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' });
    await userEvent.upload(screen.getByLabelText('Logotipo'), file);
    expect(await screen.findByAltText('Pré-visualização do logotipo')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Logotipo' }));
    expect(await screen.findByText('Logotipo atualizado com sucesso')).toBeTruthy();
    await waitFor(() => expect(getBranding().name).toBe('Souza & Associados'));
    expect(getBranding().logo).toMatch(/^data:image\/svg\+xml/);
    await userEvent.click(screen.getByRole('button', { name: 'Remover logotipo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Logotipo' }));
    await waitFor(() => expect(getBranding().logo).toBeNull());
  });
});

describe('logoFileProblem', () => {
  it('accepts images up to 1 MB only', () => {
    expect(logoFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(logoFileProblem({ type: 'application/pdf', size: 1000 })).toBe('Selecione um arquivo de imagem');
    expect(logoFileProblem({ type: 'image/png', size: 2 * 1024 * 1024 })).toBe('A imagem deve ter no máximo 1 MB');
  });
});
