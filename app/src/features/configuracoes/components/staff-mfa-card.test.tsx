import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/sign-in';
import { db, postgrestError, restUrl, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { StaffMfaCard } from './staff-mfa-card';

const admin = { id: 'u-admin', email: 'admin@escritorio.test' };

beforeEach(() => {
  db.seed('office_settings', [{ id: true, office_name: 'Escritório', require_staff_mfa: false }]);
  // staff_mfa_required() reads the office setting, as the database function does
  server.use(rpc('staff_mfa_required', () => db.rows('office_settings')[0]!.require_staff_mfa === true));
});

const box = () => screen.findByRole('checkbox', { name: 'Exigir verificação em duas etapas para a equipe' });

describe('StaffMfaCard', () => {
  it('an administrator at aal1 cannot turn it on and is told why', async () => {
    await signInAs(admin);
    renderWithProviders(<StaffMfaCard canEdit />);
    expect(await box()).toBeDisabled();
    expect(screen.getByText(/ninguém bloqueie o acesso do escritório por engano/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir Meu Perfil' })).toHaveAttribute('href', '/perfil');
  });

  it('an administrator at aal2 turns it on and off', async () => {
    await signInAs(admin, { aal2: true });
    renderWithProviders(<StaffMfaCard canEdit />);
    await userEvent.click(await box());
    await waitFor(() => expect(screen.getByText('Exigência ativada')).toBeInTheDocument());
    expect(db.rows('office_settings')[0]!.require_staff_mfa).toBe(true);
    await waitFor(async () => expect(await box()).toHaveAttribute('data-state', 'checked'));
    await userEvent.click(await box());
    await waitFor(() => expect(screen.getByText('Exigência desativada')).toBeInTheDocument());
    const patches = db.requests('/rest/v1/office_settings', 'PATCH');
    expect(patches.map((r) => r.body)).toEqual([{ require_staff_mfa: true }, { require_staff_mfa: false }]);
    expect(patches.map((r) => r.params.get('id'))).toEqual(['eq.true', 'eq.true']);
    expect(db.rows('office_settings')[0]!.require_staff_mfa).toBe(false);
  });

  it("shows the database's refusal in Portuguese", async () => {
    await signInAs(admin, { aal2: true });
    server.use(http.patch(restUrl('office_settings'), () => postgrestError(403, 'PT403', 'refused')));
    renderWithProviders(<StaffMfaCard canEdit />);
    await userEvent.click(await box());
    expect(
      await screen.findByText('Entre com a sua verificação em duas etapas antes de exigi-la da equipe.'),
    ).toBeInTheDocument();
    expect(db.rows('office_settings')[0]!.require_staff_mfa).toBe(false);
  });

  it('other staff only read it', async () => {
    db.seed('office_settings', [{ id: true, office_name: 'Escritório', require_staff_mfa: true }]);
    await signInAs({ id: 'u-sec', email: 'secretaria@escritorio.test' }, { aal2: true });
    renderWithProviders(<StaffMfaCard canEdit={false} />);
    const checkbox = await box();
    expect(checkbox).toBeDisabled();
    expect(checkbox).toHaveAttribute('data-state', 'checked');
    expect(screen.getByText('Somente administradores alteram esta exigência.')).toBeInTheDocument();
  });
});
