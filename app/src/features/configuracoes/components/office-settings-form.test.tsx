import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, restUrl, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { OfficeSettingsForm } from './office-settings-form';

const nineToSix = { open: '09:00', close: '18:00' };
const settings = {
  id: true,
  office_name: 'Silva Immigration Law',
  logo_path: null,
  time_zone: 'America/New_York',
  business_hours: { mon: nineToSix, tue: nineToSix, wed: nineToSix, thu: nineToSix, fri: nineToSix, sat: null },
  notification_templates: {
    appointment_reminder: 'Olá {cliente}, lembrete do seu horário em {data} às {hora}.',
    task_due: 'A tarefa {tarefa} vence em {data}.',
  },
  hearing_prep_days: 14,
  rfe_response_days: 30,
  biometrics_lead_days: 21,
  document_expiry_alert_days: 60,
  translation_certification_template: 'I, {tradutor}, certify.',
  contract_reminder_days: 3,
  contract_reminder_max: 5,
  require_staff_mfa: false,
};

beforeEach(() => {
  db.seed('office_settings', [settings]);
  // the preview of a chosen logo (jsdom has no blob URLs)
  URL.createObjectURL = vi.fn(() => 'blob:logo-preview');
});

async function renderForm(canEdit = true) {
  const view = renderWithProviders(<OfficeSettingsForm canEdit={canEdit} />);
  await screen.findByDisplayValue('Silva Immigration Law');
  return view;
}

const lastPatch = () => db.requests('/rest/v1/office_settings', 'PATCH').at(-1)!;

describe('OfficeSettingsForm', () => {
  it("shows the office's settings as stored: name, zone, hours, templates and deadlines", async () => {
    await renderForm();
    expect(screen.getByLabelText('Nome do escritório')).toHaveValue('Silva Immigration Law');
    expect(screen.getByLabelText('Fuso horário')).toHaveValue('America/New_York');
    expect(screen.getByLabelText('Abre Segunda')).toHaveValue('09:00');
    expect(screen.getByLabelText('Fecha Sexta')).toHaveValue('18:00');
    // Saturday stored closed, Sunday not stored at all: both closed
    expect(screen.queryByLabelText('Abre Sábado')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Abre Domingo')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Lembrete de agendamento')).toHaveValue(
      'Olá {cliente}, lembrete do seu horário em {data} às {hora}.',
    );
    expect(screen.getByLabelText('Solicitação de documento')).toHaveValue('');
    expect(screen.getByLabelText('Preparação de audiência EOIR (dias antes)')).toHaveValue(14);
    expect(screen.getByLabelText('Resposta a RFE (dias após o pedido)')).toHaveValue(30);
    expect(screen.getByLabelText('Biometria: agendamento provisório (dias à frente)')).toHaveValue(21);
    expect(screen.getByLabelText('Lembrar o cliente de assinar a cada (dias)')).toHaveValue(3);
    expect(screen.getByLabelText('Máximo de lembretes (0 = nenhum)')).toHaveValue(5);
    expect(screen.getByRole('img', { name: 'Logotipo de Silva Immigration Law' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover logotipo' })).not.toBeInTheDocument();
    expect(
      screen.queryByText('Somente administradores alteram as configurações do escritório.'),
    ).not.toBeInTheDocument();
  });

  it('saves what the administrator changed, as one PATCH of the single settings row', async () => {
    await renderForm();
    await userEvent.clear(screen.getByLabelText('Nome do escritório'));
    await userEvent.type(screen.getByLabelText('Nome do escritório'), '  Silva & Souza Imigração  ');
    await userEvent.selectOptions(screen.getByLabelText('Fuso horário'), 'America/Los_Angeles');
    await userEvent.clear(screen.getByLabelText('Abre Segunda'));
    await userEvent.type(screen.getByLabelText('Abre Segunda'), '08:30');
    const friday = screen.getByText('Sexta').parentElement as HTMLElement;
    await userEvent.click(within(friday).getByRole('checkbox'));
    expect(screen.queryByLabelText('Abre Sexta')).not.toBeInTheDocument();
    const sunday = screen.getByText('Domingo').parentElement as HTMLElement;
    await userEvent.click(within(sunday).getByRole('checkbox'));
    expect(screen.getByLabelText('Abre Domingo')).toHaveValue('09:00');
    // '{{' types a literal brace in userEvent
    await userEvent.type(screen.getByLabelText('Solicitação de documento'), 'Envie {{documento}, por favor.');
    await userEvent.clear(screen.getByLabelText('Resposta a RFE (dias após o pedido)'));
    await userEvent.type(screen.getByLabelText('Resposta a RFE (dias após o pedido)'), '45');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));

    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument();
    const patches = db.requests('/rest/v1/office_settings', 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]!.params.get('id')).toBe('eq.true');
    expect(patches[0]!.body).toEqual({
      office_name: 'Silva & Souza Imigração',
      time_zone: 'America/Los_Angeles',
      notification_templates: {
        ...settings.notification_templates,
        document_request: 'Envie {documento}, por favor.',
      },
      hearing_prep_days: 14,
      rfe_response_days: 45,
      biometrics_lead_days: 21,
      document_expiry_alert_days: 60,
      translation_certification_template: 'I, {tradutor}, certify.',
      contract_reminder_days: 3,
      contract_reminder_max: 5,
      business_hours: {
        mon: { open: '08:30', close: '18:00' },
        tue: nineToSix,
        wed: nineToSix,
        thu: nineToSix,
        fri: null,
        sat: null,
        sun: nineToSix,
      },
    });
    // the form then shows the row as the database has it
    await waitFor(() => expect(screen.getByLabelText('Nome do escritório')).toHaveValue('Silva & Souza Imigração'));
  });

  it('saves the contract signature reminders: every 7 days, none at all with 0', async () => {
    await renderForm();
    await userEvent.clear(screen.getByLabelText('Lembrar o cliente de assinar a cada (dias)'));
    await userEvent.type(screen.getByLabelText('Lembrar o cliente de assinar a cada (dias)'), '7');
    await userEvent.clear(screen.getByLabelText('Máximo de lembretes (0 = nenhum)'));
    await userEvent.type(screen.getByLabelText('Máximo de lembretes (0 = nenhum)'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument();
    expect(lastPatch().body).toMatchObject({ contract_reminder_days: 7, contract_reminder_max: 0 });
    expect(db.rows('office_settings')[0]).toMatchObject({ contract_reminder_days: 7, contract_reminder_max: 0 });
    expect(screen.getByText(/gera um lembrete ao cliente/)).toBeInTheDocument();
  });

  it('refuses reminder values outside the allowed ranges, saying which, without writing', async () => {
    await renderForm();
    const days = screen.getByLabelText('Lembrar o cliente de assinar a cada (dias)');
    const max = screen.getByLabelText('Máximo de lembretes (0 = nenhum)');
    await userEvent.clear(days);
    await userEvent.type(days, '61');
    await userEvent.clear(max);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Informe um número inteiro de 1 a 60 dias')).toBeInTheDocument();
    expect(screen.getByText('Informe um número inteiro de 0 a 20')).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(db.requests('/rest/v1/office_settings', 'PATCH')).toHaveLength(0);

    // corrected, the same form saves and the messages go away
    await userEvent.clear(days);
    await userEvent.type(days, '60');
    await userEvent.type(max, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument();
    expect(lastPatch().body).toMatchObject({ contract_reminder_days: 60, contract_reminder_max: 20 });
    expect(screen.queryByText('Informe um número inteiro de 1 a 60 dias')).not.toBeInTheDocument();
  });

  it('uploads a new logo to the branding bucket and stores its name', async () => {
    await renderForm();
    const file = new File(['<svg/>'], 'Logo Novo.SVG', { type: 'image/svg+xml' });
    await userEvent.upload(screen.getByLabelText('Logotipo'), file);
    expect(screen.getByRole('img', { name: 'Logotipo de Silva Immigration Law' })).toHaveAttribute(
      'src',
      'blob:logo-preview',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument();
    const [stored] = db.objects('office_branding');
    expect(stored!.path).toMatch(/^logo-\d+\.svg$/);
    expect(stored!.contentType).toBe('image/svg+xml');
    expect(lastPatch().body).toMatchObject({ logo_path: stored!.path, office_name: 'Silva Immigration Law' });
  });

  it('removes the stored logo with logo_path null', async () => {
    db.seed('office_settings', [{ ...settings, logo_path: 'logo-1.png' }]);
    await renderForm();
    expect(screen.getByRole('img', { name: 'Logotipo de Silva Immigration Law' })).toHaveAttribute(
      'src',
      expect.stringMatching(/\/storage\/v1\/object\/public\/office_branding\/logo-1\.png$/),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remover logotipo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument();
    expect(lastPatch().body).toMatchObject({ logo_path: null });
    expect(db.rows('office_settings')[0]!.logo_path).toBeNull();
  });

  it('refuses a name shorter than 2 characters without writing', async () => {
    await renderForm();
    await userEvent.clear(screen.getByLabelText('Nome do escritório'));
    await userEvent.type(screen.getByLabelText('Nome do escritório'), ' S ');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('O nome deve ter pelo menos 2 caracteres')).toBeInTheDocument();
    expect(db.requests('/rest/v1/office_settings', 'PATCH')).toHaveLength(0);
  });

  it('says the save was refused when row-level security let no row change', async () => {
    // PostgREST answers an UPDATE that RLS filtered out with 200 and no rows
    server.use(http.patch(restUrl('office_settings'), () => HttpResponse.json([])));
    await renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Erro ao salvar configurações: Permissão negada')).toBeInTheDocument();
    expect(screen.queryByText('Configurações salvas')).not.toBeInTheDocument();
  });

  it('shows other staff the settings read-only, without a save button', async () => {
    await renderForm(false);
    expect(screen.getByText('Somente administradores alteram as configurações do escritório.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome do escritório')).toBeDisabled();
    expect(screen.getByLabelText('Fuso horário')).toBeDisabled();
    expect(screen.getByLabelText('Abre Segunda')).toBeDisabled();
    expect(screen.getByLabelText('Lembrete de agendamento')).toBeDisabled();
    expect(screen.getByLabelText('Logotipo')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar configurações' })).not.toBeInTheDocument();
  });
});
