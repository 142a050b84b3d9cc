import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import ConfiguracoesPage from './configuracoes-page';

beforeEach(() => {
  db.seed('office_settings', [
    {
      id: true,
      office_name: 'Silva Immigration Law',
      logo_path: null,
      time_zone: 'America/New_York',
      business_hours: {},
      notification_templates: {},
      hearing_prep_days: 14,
      rfe_response_days: 30,
      biometrics_lead_days: 21,
      document_expiry_alert_days: 90,
      translation_certification_template: 'I, {tradutor}, certify.',
      require_staff_mfa: false,
    },
  ]);
  db.seed('case_types', [{ id: 'asilo', label: 'Asilo', category: 'EOIR', is_active: true, sort_order: 10 }]);
  server.use(rpc('staff_mfa_required', () => false));
});

/** The shortcut tiles at the top: [title, href]. */
const tiles = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.closest('ul'))
    .map((link) => [link.querySelector('p')?.textContent, link.getAttribute('href')]);

describe('ConfiguracoesPage (/configuracoes)', () => {
  it("gives an administrator the users' and integrations' shortcuts and editable cards", async () => {
    renderWithProviders(<ConfiguracoesPage />, { route: '/configuracoes' });
    expect(screen.getByRole('heading', { level: 1, name: 'Configurações' })).toBeInTheDocument();
    expect(tiles()).toEqual([
      ['Meu Perfil', '/perfil'],
      ['Usuários', '/usuarios'],
      ['Integrações', '/integracoes'],
    ]);
    expect(await screen.findByDisplayValue('Silva Immigration Law')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Salvar configurações' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Ativo: Asilo' })).toBeEnabled();
  });

  it('gives other staff only their own profile, and the cards read-only', async () => {
    renderWithProviders(<ConfiguracoesPage />, { route: '/configuracoes', auth: { roles: ['legal_assistant'] } });
    expect(tiles()).toEqual([['Meu Perfil', '/perfil']]);
    expect(await screen.findByDisplayValue('Silva Immigration Law')).toBeDisabled();
    expect(screen.getByText('Somente administradores alteram as configurações do escritório.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar configurações' })).not.toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Ativo: Asilo' })).toBeDisabled();
    expect(screen.queryByLabelText('Novo tipo de caso')).not.toBeInTheDocument();
  });
});
