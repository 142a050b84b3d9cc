import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/sign-in';
import { db, TOTP_CODE } from '@/testing/supabase-server';
import { mockUser, renderWithProviders } from '@/testing/test-utils';
import { ChangePasswordCard } from './change-password-card';

const EMAIL = 'ana@escritorio.test';

async function fill(current: string, next: string, confirm = next) {
  await userEvent.clear(screen.getByLabelText('Senha atual'));
  await userEvent.type(screen.getByLabelText('Senha atual'), current);
  await userEvent.clear(screen.getByLabelText('Nova senha'));
  await userEvent.type(screen.getByLabelText('Nova senha'), next);
  await userEvent.clear(screen.getByLabelText('Confirmar nova senha'));
  await userEvent.type(screen.getByLabelText('Confirmar nova senha'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
}

const passwordUpdates = () => db.requests('/auth/v1/user', 'PUT');

describe('ChangePasswordCard', () => {
  it('checks the current password by signing in with it, then updates the password', async () => {
    await signInAs({ id: 'u1', email: EMAIL });
    renderWithProviders(<ChangePasswordCard />, { auth: { user: mockUser({ id: 'u1', email: EMAIL }) } });
    await fill('errada', 'nova-senha-1');
    expect(await screen.findByText('Senha atual incorreta')).toBeInTheDocument();
    expect(passwordUpdates()).toHaveLength(0);
    await fill('senha-de-teste', 'nova-senha-1');
    expect(await screen.findByText('Senha alterada com sucesso')).toBeInTheDocument();
    expect(passwordUpdates().map((r) => (r.body as { password: string }).password)).toEqual(['nova-senha-1']);
    expect(db.user('u1')!.password).toBe('nova-senha-1');
  });

  it('asks for the authenticator code when the session is aal1 and the account has a verified factor', async () => {
    await signInAs({ id: 'u1', email: EMAIL, factors: [{ id: 'f1', status: 'verified' }] });
    renderWithProviders(<ChangePasswordCard />, { auth: { user: mockUser({ id: 'u1', email: EMAIL }) } });
    await fill('senha-de-teste', 'nova-senha-2');
    const code = await screen.findByLabelText('Código do aplicativo autenticador');
    expect(passwordUpdates()).toHaveLength(0);
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('Código inválido ou expirado')).toBeInTheDocument();
    expect(passwordUpdates()).toHaveLength(0);
    await userEvent.clear(code);
    await userEvent.type(code, TOTP_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('Senha alterada com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(passwordUpdates()).toHaveLength(1));
    expect(db.requests('/auth/v1/factors/f1/verify', 'POST').length).toBeGreaterThanOrEqual(1);
  });
});
