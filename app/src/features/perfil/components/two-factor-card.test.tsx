import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { TwoFactorCard } from './two-factor-card';

const mfa = vi.hoisted(() => ({
  factors: [] as { id: string; status: string; friendly_name: string }[],
  listFactors: vi.fn(),
  enroll: vi.fn(),
  challengeAndVerify: vi.fn(),
  unenroll: vi.fn(),
}));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: { mfa } } }));

beforeEach(() => {
  mfa.factors = [];
  mfa.listFactors.mockImplementation(async () => ({ data: { totp: mfa.factors }, error: null }));
  mfa.challengeAndVerify.mockReset();
  mfa.unenroll.mockReset();
});

describe('TwoFactorCard', () => {
  it('enrols: shows the server QR code, refuses a wrong code, lists the factor once verified', async () => {
    mfa.enroll.mockResolvedValue({
      data: { id: 'f1', totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'JBSWY3DP', uri: 'otpauth://x' } },
      error: null,
    });
    mfa.challengeAndVerify.mockResolvedValueOnce({ error: { message: 'Invalid TOTP code entered' } });
    mfa.challengeAndVerify.mockImplementationOnce(async () => {
      mfa.factors = [{ id: 'f1', status: 'verified', friendly_name: 'Aplicativo autenticador' }];
      return { data: {}, error: null };
    });
    renderWithProviders(<TwoFactorCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ativar verificação em duas etapas' }));
    const qr = await screen.findByRole('img', { name: 'QR code para o aplicativo autenticador' });
    expect(qr).toHaveAttribute('src', 'data:image/svg+xml;utf-8,<svg/>');
    expect(screen.getByText('JBSWY3DP')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Código de verificação'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar código' }));
    expect(await screen.findByText('Código inválido ou expirado')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Código de verificação'));
    await userEvent.type(screen.getByLabelText('Código de verificação'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar código' }));
    expect(await screen.findByRole('button', { name: /Remover/ })).toBeInTheDocument();
    expect(mfa.challengeAndVerify).toHaveBeenLastCalledWith({ factorId: 'f1', code: '123456' });
  });

  it('removes a verified factor', async () => {
    mfa.factors = [{ id: 'f9', status: 'verified', friendly_name: 'Celular' }];
    mfa.unenroll.mockImplementation(async () => {
      mfa.factors = [];
      return { data: {}, error: null };
    });
    renderWithProviders(<TwoFactorCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remover: Celular' }));
    expect(mfa.unenroll).toHaveBeenCalledWith({ factorId: 'f9' });
    expect(await screen.findByRole('button', { name: 'Ativar verificação em duas etapas' })).toBeInTheDocument();
  });
});
