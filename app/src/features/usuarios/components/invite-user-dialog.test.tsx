import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, server, SUPABASE_URL } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { InviteUserDialog } from './invite-user-dialog';

const INVITE_URL = `${SUPABASE_URL}/functions/v1/invite-staff`;
const invitations = () => db.requests('/functions/v1/invite-staff', 'POST');

beforeEach(() => {
  server.use(http.post(INVITE_URL, () => HttpResponse.json({ success: true })));
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
    renderWithProviders(<InviteUserDialog />);
    await fill('Nova@Escritorio.test', 'Nova Pessoa', 'legal_assistant');
    await waitFor(() => expect(invitations()).toHaveLength(1));
    await waitFor(() =>
      expect(invitations()[0]!.body).toEqual({
        email: 'Nova@Escritorio.test',
        full_name: 'Nova Pessoa',
        role: 'legal_assistant',
        redirect_to: `${window.location.origin}/definir-senha`,
      }),
    );
    expect(await screen.findByText('Convite enviado para nova@escritorio.test')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server error (already registered) and keeps the dialog open', async () => {
    server.use(
      http.post(INVITE_URL, () => HttpResponse.json({ error: 'Este e-mail já está cadastrado' }, { status: 409 })),
    );
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
    expect(invitations()).toEqual([]);
  });
});
