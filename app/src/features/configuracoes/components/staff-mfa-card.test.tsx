import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { StaffMfaCard } from './staff-mfa-card';

const sb = vi.hoisted(() => ({
  required: false,
  level: 'aal1',
  updateResult: null as null | { data: unknown; error: unknown },
  updates: [] as unknown[],
}));
vi.mock('@/lib/supabase', () => ({
  supabase: {
    rpc: async () => ({ data: sb.required, error: null }),
    auth: { mfa: { getAuthenticatorAssuranceLevel: async () => ({ data: { currentLevel: sb.level }, error: null }) } },
    from: () => ({
      update: (row: { require_staff_mfa: boolean }) => ({
        eq: () => ({
          select: async () => {
            sb.updates.push(row);
            if (sb.updateResult) return sb.updateResult;
            sb.required = row.require_staff_mfa;
            return { data: [row], error: null };
          },
        }),
      }),
    }),
  },
}));

beforeEach(() => {
  sb.required = false;
  sb.level = 'aal1';
  sb.updateResult = null;
  sb.updates = [];
});

const box = () => screen.findByRole('checkbox', { name: 'Exigir verificação em duas etapas para a equipe' });

describe('StaffMfaCard', () => {
  it('an administrator at aal1 cannot turn it on and is told why', async () => {
    renderWithProviders(<StaffMfaCard canEdit />);
    expect(await box()).toBeDisabled();
    expect(screen.getByText(/ninguém bloqueie o acesso do escritório por engano/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir Meu Perfil' })).toHaveAttribute('href', '/perfil');
  });

  it('an administrator at aal2 turns it on and off', async () => {
    sb.level = 'aal2';
    renderWithProviders(<StaffMfaCard canEdit />);
    await userEvent.click(await box());
    await waitFor(() => expect(screen.getByText('Exigência ativada')).toBeInTheDocument());
    await userEvent.click(await box());
    await waitFor(() => expect(screen.getByText('Exigência desativada')).toBeInTheDocument());
    expect(sb.updates).toEqual([{ require_staff_mfa: true }, { require_staff_mfa: false }]);
  });

  it("shows the database's refusal in Portuguese", async () => {
    sb.level = 'aal2';
    sb.updateResult = { data: null, error: { code: 'PT403', message: 'refused' } };
    renderWithProviders(<StaffMfaCard canEdit />);
    await userEvent.click(await box());
    expect(await screen.findByText('Entre com a sua verificação em duas etapas antes de exigi-la da equipe.')).toBeInTheDocument();
  });

  it('other staff only read it', async () => {
    sb.required = true;
    sb.level = 'aal2';
    renderWithProviders(<StaffMfaCard canEdit={false} />);
    const checkbox = await box();
    expect(checkbox).toBeDisabled();
    expect(checkbox).toHaveAttribute('data-state', 'checked');
    expect(screen.getByText('Somente administradores alteram esta exigência.')).toBeInTheDocument();
  });
});
