import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { StaffSecondFactorGate } from './staff-second-factor-gate';

const state = vi.hoisted(() => ({
  status: { type: 'ok' } as { type: string; factorId?: string },
  enroll: vi.fn(),
  challengeAndVerify: vi.fn(),
}));
vi.mock('@/features/auth/api/staff-second-factor', () => ({
  useStaffSecondFactor: () => ({ data: state.status, isPending: false }),
}));
vi.mock('@/lib/supabase', () => ({
  supabase: { auth: { mfa: { enroll: state.enroll, challengeAndVerify: state.challengeAndVerify } } },
}));

beforeEach(() => {
  state.enroll.mockReset();
  state.challengeAndVerify.mockReset();
});

const area = <StaffSecondFactorGate><h1>Área da equipe</h1></StaffSecondFactorGate>;

describe('StaffSecondFactorGate', () => {
  it('opens the staff area when the session meets the rule', async () => {
    state.status = { type: 'ok' };
    renderWithProviders(area, { auth: { roles: ['secretary'] } });
    expect(await screen.findByRole('heading', { name: 'Área da equipe' })).toBeInTheDocument();
  });

  it('asks the authenticator code when a verified factor exists', async () => {
    state.status = { type: 'verify', factorId: 'f1' };
    state.challengeAndVerify.mockResolvedValueOnce({ data: null, error: { message: 'Invalid TOTP code entered' } });
    renderWithProviders(area, { auth: { roles: ['secretary'] } });
    expect(await screen.findByRole('heading', { name: 'Verificação em duas etapas' })).toBeInTheDocument();
    expect(screen.getByText(/O escritório exige a verificação em duas etapas para a equipe/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Área da equipe' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Código de verificação'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Código inválido ou expirado')).toBeInTheDocument();
    expect(state.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'f1', code: '123456' });
  });

  it('guides the enrolment (QR code, then a code) when there is no factor', async () => {
    state.status = { type: 'enroll' };
    state.enroll.mockResolvedValue({
      data: { id: 'new', totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://x' } },
      error: null,
    });
    state.challengeAndVerify.mockResolvedValue({ data: {}, error: null });
    const { auth } = renderWithProviders(area, { auth: { roles: ['legal_assistant'] } });
    expect(await screen.findByRole('heading', { name: 'Configure a verificação em duas etapas' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Configurar aplicativo autenticador' }));
    const qr = await screen.findByRole('img', { name: 'QR code para o aplicativo autenticador' });
    expect(qr).toHaveAttribute('src', 'data:image/svg+xml;utf-8,<svg/>');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(state.enroll).toHaveBeenCalledWith(expect.objectContaining({ factorType: 'totp' }));
    await userEvent.type(screen.getByLabelText('Código de verificação'), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar e entrar' }));
    expect(await screen.findByText('Código inválido ou expirado')).toBeInTheDocument();
    expect(state.challengeAndVerify).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Código de verificação'));
    await userEvent.type(screen.getByLabelText('Código de verificação'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar e entrar' }));
    expect(await screen.findByText('Verificação em duas etapas ativada')).toBeInTheDocument();
    expect(state.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'new', code: '654321' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar e sair' }));
    expect(auth.signOut).toHaveBeenCalled();
  });
});
