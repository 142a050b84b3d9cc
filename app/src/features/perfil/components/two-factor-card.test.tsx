import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/sign-in';
import { db, TOTP_CODE } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { TwoFactorCard } from './two-factor-card';

describe('TwoFactorCard', () => {
  it('enrols: shows the server QR code, refuses a wrong code, lists the factor once verified', async () => {
    await signInAs({ id: 'u1', email: 'ana@escritorio.test' });
    renderWithProviders(<TwoFactorCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ativar verificação em duas etapas' }));
    const qr = await screen.findByRole('img', { name: 'QR code para o aplicativo autenticador' });
    expect(qr).toHaveAttribute('src', 'data:image/svg+xml;utf-8,<svg data-secret="JBSWY3DPEHPK3PXP"/>');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Código de verificação'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar código' }));
    expect(await screen.findByText('Código inválido ou expirado')).toBeInTheDocument();
    expect(db.user('u1')!.factors).toEqual([expect.objectContaining({ status: 'unverified' })]);
    await userEvent.clear(screen.getByLabelText('Código de verificação'));
    await userEvent.type(screen.getByLabelText('Código de verificação'), TOTP_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar código' }));
    expect(await screen.findByRole('button', { name: /Remover/ })).toBeInTheDocument();
    // both codes went to the factor the enrolment created
    const [factor] = db.user('u1')!.factors!;
    expect(factor).toMatchObject({ status: 'verified' });
    expect(
      db.requests(`/auth/v1/factors/${factor!.id}/verify`, 'POST').map((r) => (r.body as { code: string }).code),
    ).toEqual(['000000', TOTP_CODE]);
  });

  it('removes a verified factor', async () => {
    await signInAs({
      id: 'u1',
      email: 'ana@escritorio.test',
      factors: [{ id: 'f9', status: 'verified', friendly_name: 'Celular' }],
    });
    renderWithProviders(<TwoFactorCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remover: Celular' }));
    expect(await screen.findByRole('button', { name: 'Ativar verificação em duas etapas' })).toBeInTheDocument();
    expect(db.requests('/auth/v1/factors/f9', 'DELETE')).toHaveLength(1);
    expect(db.user('u1')!.factors).toEqual([]);
  });
});
