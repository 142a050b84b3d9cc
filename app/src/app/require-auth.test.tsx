import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { RequireAuth } from './require-auth';

const state = vi.hoisted(() => ({ checks: [] as boolean[], pending: false }));
vi.mock('@/features/auth/api/staff-second-factor', () => ({
  useStaffSecondFactor: (enabled: boolean) => {
    state.checks.push(enabled);
    return state.pending ? { data: undefined, isPending: true } : { data: { type: 'ok' }, isPending: false };
  },
}));

beforeEach(() => {
  state.checks = [];
  state.pending = false;
  localStorage.clear();
});

const area = (
  <RequireAuth roles={['secretary']} secondFactor>
    <h1>Área da equipe</h1>
  </RequireAuth>
);

describe('RequireAuth', () => {
  it('starts the second-factor check while the roles are still loading, so the area does not wait for it after', () => {
    renderWithProviders(area, { auth: { loading: true, roles: [] } });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(state.checks).toContain(true);
  });

  it('runs no second-factor check outside the staff area', () => {
    renderWithProviders(
      <RequireAuth roles={['client']}>
        <h1>Portal</h1>
      </RequireAuth>,
      { auth: { roles: ['client'] } },
    );
    expect(state.checks.every((enabled) => !enabled)).toBe(true);
  });

  it('opens the area once allowed', async () => {
    renderWithProviders(area, { auth: { roles: ['secretary'] } });
    expect(await screen.findByRole('heading', { name: 'Área da equipe' })).toBeInTheDocument();
  });

  it('keeps the spinner while the staff area waits for the second-factor check', () => {
    state.pending = true;
    renderWithProviders(area, { auth: { roles: ['secretary'] } });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Área da equipe' })).not.toBeInTheDocument();
  });

  it("opens a client's portal on the last confirmed roles while they are read again", () => {
    renderWithProviders(
      <RequireAuth roles={['client']}>
        <h1>Portal</h1>
      </RequireAuth>,
      {
        auth: { loading: true, roles: ['client'] },
      },
    );
    expect(screen.getByRole('heading', { name: 'Portal' })).toBeInTheDocument();
  });

  it('never opens the staff area for a session whose known roles are not staff', () => {
    renderWithProviders(area, { auth: { loading: true, roles: ['client'] } });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Área da equipe' })).not.toBeInTheDocument();
  });

  it("opens the staff area during the second-factor check when the same user's last check passed", async () => {
    renderWithProviders(area, { auth: { roles: ['secretary'] } });
    await screen.findByRole('heading', { name: 'Área da equipe' });
    expect(localStorage.getItem('auth.staff-second-factor-ok')).toBe('user-1');
  });

  it("keeps the spinner during the check when another user's check passed", () => {
    localStorage.setItem('auth.staff-second-factor-ok', 'user-2');
    state.pending = true;
    renderWithProviders(area, { auth: { roles: ['secretary'] } });
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('shows the area while the check runs again for the user whose last check passed', () => {
    localStorage.setItem('auth.staff-second-factor-ok', 'user-1');
    state.pending = true;
    renderWithProviders(area, { auth: { loading: true, roles: ['secretary'] } });
    expect(screen.getByRole('heading', { name: 'Área da equipe' })).toBeInTheDocument();
  });
});
