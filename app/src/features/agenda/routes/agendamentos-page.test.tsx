import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatInZone, formatOfficeDateTime } from '@/lib/office-time';
import { db, postgrestError, restUrl, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import AgendamentosPage from './agendamentos-page';

// The office is in New York (the default zone); the browser in Brazil: every time shown or typed is New York's.
const OFFICE = 'America/New_York';
beforeAll(() => vi.stubEnv('TZ', 'America/Sao_Paulo'));
afterAll(() => vi.unstubAllEnvs());

/** Today at hh:mm on the office's clock: always inside the week the calendar opens on. */
function todayAt(hours: number, minutes = 0): string {
  const date = new TZDate(Date.now(), OFFICE);
  date.setHours(hours, minutes, 0, 0);
  return new Date(date.getTime()).toISOString();
}

const base = {
  process_id: null,
  duration_minutes: 60,
  kind: 'presencial',
  location: null,
  meeting_link: null,
  notes: null,
  source: null,
  clients: null,
};
const withMaria = {
  ...base,
  id: 'a1',
  client_id: 'c1',
  staff_id: 's1',
  title: 'Entrevista de Green Card',
  starts_at: todayAt(9),
  status: 'agendado',
  clients: { full_name: 'Maria Silva' },
};
const withJoao = {
  ...base,
  id: 'a2',
  client_id: 'c2',
  staff_id: 's2',
  title: null,
  starts_at: todayAt(15),
  status: 'confirmado',
  clients: { full_name: 'João Souza' },
};
const request = {
  ...base,
  id: 'a3',
  client_id: 'c2',
  staff_id: null,
  title: null,
  starts_at: todayAt(11),
  status: 'solicitado',
  notes: 'Prefiro de manhã',
  clients: { full_name: 'João Souza' },
};
// Two months ago: outside the week the calendar asks for.
const longAgo = {
  ...withMaria,
  id: 'a9',
  title: 'Consulta antiga',
  starts_at: new Date(Date.now() - 60 * 86_400_000).toISOString(),
};

let conflictCalls: Record<string, unknown>[] = [];

beforeEach(() => {
  conflictCalls = [];
  db.seed('appointments', [withMaria, withJoao, request, longAgo]);
  db.seed('clients', [
    { id: 'c2', full_name: 'João Souza' },
    { id: 'c1', full_name: 'Maria Silva' },
  ]);
  db.seed('calendar_feeds', []);
  server.use(
    rpc('staff_directory', () => [
      { id: 's1', full_name: 'Bruno Assistente' },
      { id: 's2', full_name: 'Carla Comercial' },
    ]),
    rpc('appointment_conflicts', (args) => {
      conflictCalls.push(args);
      return [{ ...withJoao, id: 'a7', title: 'Audiência EOIR', starts_at: '2030-01-15T17:00:00Z' }];
    }),
  );
});

const calendar = () => document.querySelector('.fc') as HTMLElement;
const dialog = () => screen.findByRole('dialog');

describe('AgendamentosPage (/agendamentos)', () => {
  it("shows the week's appointments with their client, and the clients' requests apart", async () => {
    renderWithProviders(<AgendamentosPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Agendamentos' })).toBeInTheDocument();
    expect(await within(calendar()).findByText('Entrevista de Green Card — Maria Silva')).toBeInTheDocument();
    // no title: the client's name is the label
    expect(within(calendar()).getAllByText('João Souza')).toHaveLength(2);
    expect(within(calendar()).queryByText(/Consulta antiga/)).not.toBeInTheDocument();
    // the calendar asked the database for its visible range only
    const read = db.requests('/rest/v1/appointments', 'GET').find((r) => r.params.has('starts_at'));
    expect(read!.params.getAll('starts_at')).toEqual([expect.stringMatching(/^gte\./), expect.stringMatching(/^lt\./)]);
    expect(read!.params.get('order')).toBe('starts_at.asc');
    // the requests card: only the one still "solicitado", with its notes
    const requests = (await screen.findByText('Solicitações de clientes')).closest('[data-slot="card"]') as HTMLElement;
    const items = within(requests).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent(
      `SolicitadoJoão Souza${formatOfficeDateTime(request.starts_at, OFFICE)}— Prefiro de manhã`,
    );
    expect(formatOfficeDateTime(request.starts_at, OFFICE)).toMatch(/ 11:00$/);
  });

  it("filters by staff member through the query, showing only that person's appointments", async () => {
    renderWithProviders(<AgendamentosPage />);
    await within(calendar()).findByText('Entrevista de Green Card — Maria Silva');
    const filter = screen.getByLabelText('Responsável');
    await waitFor(() => expect(within(filter).getAllByRole('option')).toHaveLength(3));
    expect(within(filter).getByRole('option', { name: 'Toda a equipe' })).toBeInTheDocument();
    await userEvent.selectOptions(filter, 'Carla Comercial');
    await waitFor(() =>
      expect(within(calendar()).queryByText('Entrevista de Green Card — Maria Silva')).not.toBeInTheDocument(),
    );
    expect(within(calendar()).getAllByText('João Souza').length).toBeGreaterThan(0);
    const last = db.requests('/rest/v1/appointments', 'GET').at(-1)!;
    expect(last.params.get('staff_id')).toBe('eq.s2');
  });

  it('says so in the list view when the week has no appointments', async () => {
    db.seed('appointments', [longAgo]);
    renderWithProviders(<AgendamentosPage />);
    await userEvent.click(await within(calendar()).findByRole('button', { name: 'Lista' }));
    expect(await within(calendar()).findByText('Não há eventos para mostrar')).toBeInTheDocument();
    expect(screen.queryByText('Solicitações de clientes')).not.toBeInTheDocument();
  });

  it('creates an online appointment through the dialog: the exact insert body, the clash warning, then closes', async () => {
    renderWithProviders(<AgendamentosPage />);
    await within(calendar()).findByText('Entrevista de Green Card — Maria Silva');
    await userEvent.click(screen.getByRole('button', { name: 'Novo agendamento' }));
    const form = within(await dialog());
    expect(form.getByRole('heading', { name: 'Novo agendamento' })).toBeInTheDocument();
    await waitFor(() => expect(form.getByRole('option', { name: 'Maria Silva' })).toBeInTheDocument());
    await userEvent.selectOptions(form.getByLabelText('Cliente'), 'Maria Silva');
    await waitFor(() => expect(form.getByRole('option', { name: 'Bruno Assistente' })).toBeInTheDocument());
    await userEvent.selectOptions(form.getByLabelText('Responsável'), 'Bruno Assistente');
    await userEvent.type(form.getByLabelText('Título (opcional)'), '  Preparação da entrevista  ');
    await userEvent.clear(form.getByLabelText('Data'));
    await userEvent.type(form.getByLabelText('Data'), '2030-01-15');
    await userEvent.clear(form.getByLabelText('Horário'));
    await userEvent.type(form.getByLabelText('Horário'), '14:30');
    await userEvent.clear(form.getByLabelText('Duração (minutos)'));
    await userEvent.type(form.getByLabelText('Duração (minutos)'), '90');
    await userEvent.selectOptions(form.getByLabelText('Tipo'), 'Online');
    expect(form.queryByLabelText('Local')).not.toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Link da reunião'), 'https://meet.example.test/abc');
    await userEvent.type(form.getByLabelText('Observações'), 'Levar passaporte');
    // Bruno already has something then: a warning, not a block
    const clash = await form.findByText('Conflito de horário');
    expect(clash.closest('[role="alert"]')).toHaveTextContent('15/01/2030 12:00 (60 min) — Audiência EOIR');
    // 14:30 typed is 14:30 in New York (EST, UTC-5), not in the browser's São Paulo
    const start = '2030-01-15T19:30:00.000Z';
    expect(conflictCalls.at(-1)).toEqual({ p_staff_id: 's1', p_starts_at: start, p_duration: 90, p_exclude: null });
    await userEvent.click(form.getByRole('button', { name: 'Salvar' }));
    // saving the double booking asks first; going back keeps the form and writes nothing
    let confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText('Conflito de horário')).toBeInTheDocument();
    expect(confirm.getByText('15/01/2030 12:00 (60 min) — Audiência EOIR')).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Voltar e mudar o horário' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(db.requests('/rest/v1/appointments', 'POST')).toEqual([]);
    await userEvent.click(form.getByRole('button', { name: 'Salvar' }));
    confirm = within(await screen.findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Agendar mesmo assim' }));

    expect(await screen.findByText('Agendamento salvo')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const inserts = db.requests('/rest/v1/appointments', 'POST');
    expect(inserts.map((r) => r.body)).toEqual([
      {
        client_id: 'c1',
        staff_id: 's1',
        title: 'Preparação da entrevista',
        starts_at: start,
        duration_minutes: 90,
        kind: 'online',
        location: null,
        meeting_link: 'https://meet.example.test/abc',
        status: 'agendado',
        notes: 'Levar passaporte',
      },
    ]);
  });

  it("places events and the dialog's date and time on the office's clock, and says so once", async () => {
    renderWithProviders(<AgendamentosPage />);
    const event = await within(calendar()).findByText('Entrevista de Green Card — Maria Silva');
    const harness = event.closest('.fc-event') as HTMLElement;
    expect(harness.querySelector('.fc-event-time')).toHaveTextContent(/^9:00 - 10:00$/);
    expect(screen.getAllByText(/^Horários no fuso do escritório \(Nova York, E[SD]T\)$/)).toHaveLength(1);
    await userEvent.click(event);
    const form = within(await dialog());
    expect(form.getByLabelText('Data')).toHaveValue(formatInZone(withMaria.starts_at, 'yyyy-MM-dd', OFFICE));
    expect(form.getByLabelText('Horário')).toHaveValue('09:00');
    expect(form.getByText(/^Horários no fuso do escritório/)).toBeInTheDocument();
  });

  it('says nothing about the zone when the browser keeps the office clock', async () => {
    vi.stubEnv('TZ', 'America/New_York');
    try {
      renderWithProviders(<AgendamentosPage />);
      await within(calendar()).findByText('Entrevista de Green Card — Maria Silva');
      expect(screen.queryByText(/fuso do escritório/)).not.toBeInTheDocument();
    } finally {
      vi.stubEnv('TZ', 'America/Sao_Paulo');
    }
  });

  it('refuses a dialog without client or title, and an online link that is not http(s)', async () => {
    renderWithProviders(<AgendamentosPage />);
    await within(calendar()).findByText('Entrevista de Green Card — Maria Silva');
    await userEvent.click(screen.getByRole('button', { name: 'Novo agendamento' }));
    const form = within(await dialog());
    await userEvent.click(form.getByRole('button', { name: 'Salvar' }));
    expect(await form.findByText('Informe cliente ou título, data e horário')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Título (opcional)'), 'Reunião interna');
    await userEvent.selectOptions(form.getByLabelText('Tipo'), 'Online');
    await userEvent.type(form.getByLabelText('Link da reunião'), 'meet.example.test/abc');
    await userEvent.click(form.getByRole('button', { name: 'Salvar' }));
    expect(await form.findByText('O link deve começar com http:// ou https://')).toBeInTheDocument();
    expect(db.requests('/rest/v1/appointments', 'POST')).toHaveLength(0);
  });

  it('opens a client request, confirms it with a PATCH of that row, and keeps the dialog open on a refusal', async () => {
    renderWithProviders(<AgendamentosPage />);
    const requests = (await screen.findByText('Solicitações de clientes')).closest('[data-slot="card"]') as HTMLElement;
    await userEvent.click(within(requests).getByRole('button', { name: /João Souza/ }));
    const form = within(await dialog());
    expect(form.getByRole('heading', { name: 'Editar agendamento' })).toBeInTheDocument();
    expect(form.getByLabelText('Status')).toHaveValue('solicitado');
    expect(form.getByLabelText('Observações')).toHaveValue('Prefiro de manhã');
    await userEvent.selectOptions(form.getByLabelText('Status'), 'Confirmado');

    server.use(
      http.patch(restUrl('appointments'), () => postgrestError(403, '42501', 'permission denied'), { once: true }),
    );
    await userEvent.click(form.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('Erro ao salvar agendamento: Você não tem permissão para fazer isso.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(db.rows('appointments').find((a) => a.id === 'a3')!.status).toBe('solicitado');

    await userEvent.click(form.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Agendamento salvo')).toBeInTheDocument();
    const patch = db.requests('/rest/v1/appointments', 'PATCH').at(-1)!;
    expect(patch.params.get('id')).toBe('eq.a3');
    expect(patch.body).toEqual({
      client_id: 'c2',
      staff_id: null,
      title: null,
      starts_at: request.starts_at,
      duration_minutes: 60,
      kind: 'presencial',
      location: null,
      meeting_link: null,
      status: 'confirmado',
      notes: 'Prefiro de manhã',
    });
    // confirmed, it leaves the requests card
    await waitFor(() => expect(screen.queryByText('Solicitações de clientes')).not.toBeInTheDocument());
  });
});
