import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { renderWithProviders } from '@/testing/test-utils';
import { InviteUserDialog } from './invite-user-dialog';

const invoke = vi.hoisted(() => vi.fn());
vi.mock('@/lib/supabase', () => ({ supabase: { functions: { invoke } } }));

beforeEach(() => {
  invoke.mockReset();
  toast.dismiss();
});

async function fill(email: string, name: string, role: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Convidar Novo Usuário' }));
  await user.type(screen.getByLabelText('Nome completo'), name);
  await user.type(screen.getByLabelText('Email'), email);
  await user.selectOptions(screen.getByLabelText('Função'), role);
  await user.click(screen.getByRole('button', { name: 'Enviar convite' }));
  return user;
}

describe('InviteUserDialog', () => {
  it('sends the invitation with the chosen role and the set-password page as the link target', async () => {
    invoke.mockResolvedValue({ data: { success: true }, error: null });
    renderWithProviders(<InviteUserDialog />);
    await fill('Nova@Escritorio.test', 'Nova Pessoa', 'legal_assistant');
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    expect(invoke).toHaveBeenCalledWith('invite-staff', {
      body: {
        email: 'Nova@Escritorio.test',
        full_name: 'Nova Pessoa',
        role: 'legal_assistant',
        redirect_to: `${window.location.origin}/definir-senha`,
      },
    });
    expect(await screen.findByText('Convite enviado para nova@escritorio.test')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server error (already registered) and keeps the dialog open', async () => {
    const context = new Response(JSON.stringify({ error: 'Este e-mail já está cadastrado' }), { status: 409 });
    invoke.mockResolvedValue({ data: null, error: Object.assign(new Error('non-2xx'), { context }) });
    renderWithProviders(<InviteUserDialog />);
    await fill('maria.silva@cliente.test', 'Maria Silva', 'secretary');
    expect(await screen.findByText('Este e-mail já está cadastrado')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('validates before calling the server', async () => {
    renderWithProviders(<InviteUserDialog />);
    await fill('sem-arroba', 'Al', 'secretary');
    expect(screen.getByText('Informe um email válido')).toBeInTheDocument();
    expect(screen.getByText('Informe o nome completo (mínimo de 3 caracteres)')).toBeInTheDocument();
    expect(invoke).not.toHaveBeenCalled();
  });
});
