import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/sign-in';
import { db, rpc, server, TOTP_CODE } from '@/testing/supabase-server';
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

  it('asks before removing a verified factor: Cancelar keeps it, Confirmar removes it', async () => {
    await signInAs({
      id: 'u1',
      email: 'ana@escritorio.test',
      factors: [{ id: 'f9', status: 'verified', friendly_name: 'Celular' }],
    });
    renderWithProviders(<TwoFactorCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remover: Celular' }));
    await screen.findByRole('alertdialog', { name: 'Remover o autenticador?' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(db.requests('/auth/v1/factors/f9', 'DELETE')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Remover: Celular' }));
    await screen.findByRole('alertdialog', { name: 'Remover o autenticador?' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('button', { name: 'Ativar verificação em duas etapas' })).toBeInTheDocument();
    expect(db.requests('/auth/v1/factors/f9', 'DELETE')).toHaveLength(1);
    expect(db.user('u1')!.factors).toEqual([]);
  });

  describe('when the office requires the second factor of its staff', () => {
    const celular = { id: 'f9', status: 'verified' as const, friendly_name: 'Celular' };
    const warning = /O escritório exige a verificação em duas etapas para a equipe/;
    const staffMfa = (required: boolean) => server.use(rpc('staff_mfa_required', () => required));
    const refreshes = () =>
      db.requests('/auth/v1/token', 'POST').filter((r) => r.params.get('grant_type') === 'refresh_token');

    it('asks before removing the only authenticator; cancelling keeps it', async () => {
      staffMfa(true);
      await signInAs({ id: 'u1', email: 'ana@escritorio.test', factors: [celular] }, { aal2: true });
      renderWithProviders(<TwoFactorCard />);
      await userEvent.click(await screen.findByRole('button', { name: 'Remover: Celular' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Remover o único autenticador?' });
      expect(dialog).toHaveTextContent(warning);
      expect(dialog).toHaveTextContent(
        /cadastrar um novo aplicativo autenticador antes de voltar a usar a área da equipe/,
      );
      await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(db.requests('/auth/v1/factors/f9', 'DELETE')).toHaveLength(0);
      expect(db.user('u1')!.factors).toEqual([expect.objectContaining({ id: 'f9', status: 'verified' })]);
      expect(screen.getByRole('button', { name: 'Remover: Celular' })).toBeInTheDocument();
    });

    it('removes the only authenticator once confirmed, and takes the session back to one factor', async () => {
      staffMfa(true);
      await signInAs({ id: 'u1', email: 'ana@escritorio.test', factors: [celular] }, { aal2: true });
      renderWithProviders(<TwoFactorCard />);
      await userEvent.click(await screen.findByRole('button', { name: 'Remover: Celular' }));
      await screen.findByRole('alertdialog');
      expect(db.requests('/auth/v1/factors/f9', 'DELETE')).toHaveLength(0);
      await userEvent.click(screen.getByRole('button', { name: 'Remover mesmo assim' }));
      expect(await screen.findByRole('button', { name: 'Ativar verificação em duas etapas' })).toBeInTheDocument();
      expect(db.requests('/auth/v1/factors/f9', 'DELETE')).toHaveLength(1);
      expect(db.user('u1')!.factors).toEqual([]);
      await waitFor(() => expect(refreshes()).toHaveLength(1));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    });

    it('asks only the plain question when another verified authenticator remains', async () => {
      staffMfa(true);
      await signInAs(
        {
          id: 'u1',
          email: 'ana@escritorio.test',
          factors: [celular, { id: 'f8', status: 'verified', friendly_name: 'Tablet' }],
        },
        { aal2: true },
      );
      renderWithProviders(<TwoFactorCard />);
      await userEvent.click(await screen.findByRole('button', { name: 'Remover: Celular' }));
      await screen.findByRole('alertdialog', { name: 'Remover o autenticador?' });
      await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
      await waitFor(() => expect(db.requests('/auth/v1/factors/f9', 'DELETE')).toHaveLength(1));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(db.user('u1')!.factors).toEqual([expect.objectContaining({ id: 'f8' })]);
    });

    it('asks only the plain question when the office does not require it', async () => {
      staffMfa(false);
      await signInAs({ id: 'u1', email: 'ana@escritorio.test', factors: [celular] }, { aal2: true });
      renderWithProviders(<TwoFactorCard />);
      await userEvent.click(await screen.findByRole('button', { name: 'Remover: Celular' }));
      await screen.findByRole('alertdialog', { name: 'Remover o autenticador?' });
      await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
      expect(await screen.findByRole('button', { name: 'Ativar verificação em duas etapas' })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(db.requests('/auth/v1/factors/f9', 'DELETE')).toHaveLength(1);
      expect(db.requests('/rest/v1/rpc/staff_mfa_required')).toHaveLength(1);
      expect(refreshes()).toHaveLength(0);
    });
  });
});
