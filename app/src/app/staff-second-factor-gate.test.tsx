import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/sign-in';
import { db, rpc, server, TOTP_CODE } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { StaffSecondFactorGate } from './staff-second-factor-gate';

const area = (
  <StaffSecondFactorGate>
    <h1>Área da equipe</h1>
  </StaffSecondFactorGate>
);
const staff = { id: 'u-staff', email: 'bruno@escritorio.test' };
let required: boolean;

beforeEach(() => {
  required = true;
  server.use(rpc('staff_mfa_required', () => required));
});

describe('StaffSecondFactorGate', () => {
  it('opens the staff area when the office does not require the second factor', async () => {
    required = false;
    await signInAs(staff);
    renderWithProviders(area, { auth: { roles: ['secretary'] } });
    expect(await screen.findByRole('heading', { name: 'Área da equipe' })).toBeInTheDocument();
  });

  it('opens the staff area to a session that passed its second factor', async () => {
    await signInAs(staff, { aal2: true });
    renderWithProviders(area, { auth: { roles: ['secretary'] } });
    expect(await screen.findByRole('heading', { name: 'Área da equipe' })).toBeInTheDocument();
  });

  it('asks the authenticator code when a verified factor exists', async () => {
    await signInAs({ ...staff, factors: [{ id: 'f1', status: 'verified' }] });
    renderWithProviders(area, { auth: { roles: ['secretary'] } });
    expect(await screen.findByRole('heading', { name: 'Verificação em duas etapas' })).toBeInTheDocument();
    expect(screen.getByText(/O escritório exige a verificação em duas etapas para a equipe/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Área da equipe' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Código de verificação'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Código inválido ou expirado')).toBeInTheDocument();
    expect(db.requests('/auth/v1/factors/f1/verify', 'POST').map((r) => r.body)).toEqual([
      expect.objectContaining({ code: '000000' }),
    ]);
  });

  it('guides the enrolment (QR code, then a code) when there is no factor', async () => {
    await signInAs(staff);
    const { auth } = renderWithProviders(area, { auth: { roles: ['legal_assistant'] } });
    expect(await screen.findByRole('heading', { name: 'Configure a verificação em duas etapas' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar e sair' }));
    expect(auth.signOut).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Configurar aplicativo autenticador' }));
    const qr = await screen.findByRole('img', { name: 'QR code para o aplicativo autenticador' });
    expect(qr).toHaveAttribute('src', 'data:image/svg+xml;utf-8,<svg data-secret="JBSWY3DPEHPK3PXP"/>');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(db.requests('/auth/v1/factors', 'POST').map((r) => r.body)).toEqual([
      expect.objectContaining({ factor_type: 'totp' }),
    ]);
    const [factor] = db.user(staff.id)!.factors!;
    await userEvent.type(screen.getByLabelText('Código de verificação'), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar e entrar' }));
    expect(await screen.findByText('Código inválido ou expirado')).toBeInTheDocument();
    // refused before asking the server
    expect(db.requests(`/auth/v1/factors/${factor!.id}/verify`)).toEqual([]);
    await userEvent.clear(screen.getByLabelText('Código de verificação'));
    await userEvent.type(screen.getByLabelText('Código de verificação'), TOTP_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar e entrar' }));
    expect(await screen.findByText('Verificação em duas etapas ativada')).toBeInTheDocument();
    expect(db.user(staff.id)!.factors).toEqual([expect.objectContaining({ id: factor!.id, status: 'verified' })]);
    // the session is now aal2: the staff area opens
    expect(await screen.findByRole('heading', { name: 'Área da equipe' })).toBeInTheDocument();
  });
});
