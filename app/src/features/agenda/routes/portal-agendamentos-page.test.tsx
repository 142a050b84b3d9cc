import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatOfficeDateTime } from '@/lib/office-time';
import { db, postgrestError, restUrl, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import type { ClientRecord } from '@/types/auth';
import PortalAgendamentosPage from './portal-agendamentos-page';

const clientData: ClientRecord = {
  id: 'c1',
  user_id: 'u1',
  full_name: 'Maria Silva',
  email: 'maria.silva@cliente.test',
  phone: null,
  address: null,
  created_at: '2025-01-01T00:00:00Z',
};

// The office is in New York (the default zone), the client in Brazil: the portal speaks the office's clock, as the
// reminders do.
const OFFICE = 'America/New_York';
beforeAll(() => vi.stubEnv('TZ', 'America/Sao_Paulo'));
afterAll(() => vi.unstubAllEnvs());
const formatDateTime = (iso: string) => formatOfficeDateTime(iso, OFFICE);

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const base = {
  client_id: 'c1',
  staff_id: 's1',
  process_id: null,
  duration_minutes: 60,
  location: null,
  meeting_link: null,
  notes: null,
  source: null,
};
const soon = {
  ...base,
  id: 'a1',
  title: 'Entrevista de Green Card',
  starts_at: at(2),
  kind: 'online',
  meeting_link: 'https://meet.example.test/maria',
  status: 'confirmado',
};
const later = {
  ...base,
  id: 'a2',
  title: 'Revisão de documentos',
  starts_at: at(9),
  kind: 'presencial',
  location: 'Escritório de Boston',
  status: 'agendado',
};
const lastMonth = {
  ...base,
  id: 'a3',
  title: 'Primeira consulta',
  starts_at: at(-30),
  kind: 'presencial',
  status: 'realizado',
};
const lastWeek = { ...base, id: 'a4', title: null, starts_at: at(-7), kind: 'presencial', status: 'cancelado' };

function renderPage(auth: { clientData: ClientRecord | null } = { clientData }) {
  return renderWithProviders(<PortalAgendamentosPage />, {
    auth: { roles: ['client'], ...auth },
    route: '/cliente/agendamentos',
  });
}

beforeEach(() => {
  // in the database's order: newest first, as the page asks for
  db.seed('appointments', [later, soon, lastWeek, lastMonth]);
});

describe('PortalAgendamentosPage (/cliente/agendamentos)', () => {
  it('splits the appointments into upcoming (soonest first) and past (newest first), in Portuguese', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Meus Agendamentos' })).toBeInTheDocument();
    const upcoming = await screen.findByRole('region', { name: 'Próximos' });
    const past = screen.getByRole('region', { name: 'Anteriores' });
    const upcomingDates = within(upcoming).getAllByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(upcomingDates.map((d) => d.textContent)).toEqual([
      formatDateTime(soon.starts_at),
      formatDateTime(later.starts_at),
    ]);
    const pastDates = within(past).getAllByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(pastDates.map((d) => d.textContent)).toEqual([
      formatDateTime(lastWeek.starts_at),
      formatDateTime(lastMonth.starts_at),
    ]);
    // online: the link; in person: the place; statuses and kinds as the office says them
    expect(within(upcoming).getByRole('link', { name: 'https://meet.example.test/maria' })).toHaveAttribute(
      'href',
      'https://meet.example.test/maria',
    );
    expect(within(upcoming).getByText('Escritório de Boston')).toBeInTheDocument();
    expect(within(upcoming).getByText('Confirmado')).toBeInTheDocument();
    expect(within(upcoming).getByText('Agendado')).toBeInTheDocument();
    expect(within(upcoming).getByText('Online')).toBeInTheDocument();
    expect(within(past).getByText('Realizado')).toBeInTheDocument();
    expect(within(past).getByText('Cancelado')).toBeInTheDocument();
    expect(within(past).getByText('Primeira consulta')).toBeInTheDocument();
    const read = db.requests('/rest/v1/appointments', 'GET')[0]!;
    expect(read.params.get('order')).toBe('starts_at.desc');
  });

  it("shows the reminder's time (the office's), with a note, even from Brazil", async () => {
    db.seed('appointments', [{ ...soon, starts_at: '2099-12-10T15:00:00Z' }]);
    renderPage();
    const upcoming = await screen.findByRole('region', { name: 'Próximos' });
    expect(within(upcoming).getByText('10/12/2099 10:00')).toBeInTheDocument();
    expect(screen.getAllByText(/^Horários no fuso do escritório \(Nova York, E[SD]T\)$/)).toHaveLength(1);
  });

  it('says there is nothing yet', async () => {
    db.seed('appointments', []);
    renderPage();
    expect(await screen.findByText('Você não tem agendamentos.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Próximos' })).not.toBeInTheDocument();
  });

  it('sends a request as "solicitado" for the signed-in client, with the chosen day, time, kind and notes', async () => {
    db.seed('appointments', []);
    renderPage();
    await screen.findByText('Você não tem agendamentos.');
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar agendamento' }));
    const form = within(await screen.findByRole('dialog'));
    expect(form.getByText('Sugira um dia e horário; o escritório confirmará com você.')).toBeInTheDocument();
    const send = form.getByRole('button', { name: 'Enviar solicitação' });
    expect(send).toBeDisabled(); // no date yet
    await userEvent.type(form.getByLabelText('Data'), '2030-03-04');
    await userEvent.clear(form.getByLabelText('Horário'));
    await userEvent.type(form.getByLabelText('Horário'), '16:15');
    await userEvent.selectOptions(form.getByLabelText('Tipo'), 'Online');
    await userEvent.type(form.getByLabelText('Assunto e preferências'), '  Dúvidas sobre a biometria  ');
    await userEvent.click(send);

    expect(
      await screen.findByText('Solicitação enviada. O escritório entrará em contato para confirmar.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.requests('/rest/v1/appointments', 'POST').map((r) => r.body)).toEqual([
      {
        client_id: 'c1',
        // 16:15 in New York (EST, UTC-5), whatever the client's clock
        starts_at: '2030-03-04T21:15:00.000Z',
        kind: 'online',
        notes: 'Dúvidas sobre a biometria',
        status: 'solicitado',
        duration_minutes: 60,
      },
    ]);
    // the list is read again and shows the request
    expect(await screen.findByText('Solicitado')).toBeInTheDocument();
  });

  it("shows the database's refusal and keeps the dialog open", async () => {
    db.seed('appointments', []);
    renderPage();
    await screen.findByText('Você não tem agendamentos.');
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar agendamento' }));
    const form = within(await screen.findByRole('dialog'));
    await userEvent.type(form.getByLabelText('Data'), '2030-03-04');
    server.use(
      http.post(restUrl('appointments'), () =>
        postgrestError(403, '42501', 'new row violates row-level security policy for table "appointments"'),
      ),
    );
    await userEvent.click(form.getByRole('button', { name: 'Enviar solicitação' }));
    // PostgreSQL's English refusal reaches the client in Portuguese
    expect(await screen.findByText('Você não tem permissão para fazer isso.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByText(/Solicitação enviada/)).not.toBeInTheDocument();
    expect(db.rows('appointments')).toHaveLength(0);
  });

  it("tells the office's business hours and shows why the database refused a slot, in the dialog", async () => {
    db.seed('appointments', []);
    const nineToSix = { open: '09:00', close: '18:00' };
    server.use(
      rpc('office_business_hours', () => [
        {
          business_hours: { mon: nineToSix, tue: nineToSix, wed: nineToSix, thu: nineToSix, fri: nineToSix },
          time_zone: OFFICE,
        },
      ]),
      http.post(restUrl('appointments'), () =>
        postgrestError(400, '23514', 'O escritório não atende aos sábados. Escolha outro dia.'),
      ),
    );
    renderPage();
    await screen.findByText('Você não tem agendamentos.');
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar agendamento' }));
    const form = within(await screen.findByRole('dialog'));
    expect(await form.findByText('Atendimento: segunda a sexta, das 09:00 às 18:00.')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Data'), '2030-03-09');
    await userEvent.click(form.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await form.findByRole('alert')).toHaveTextContent('O escritório não atende aos sábados. Escolha outro dia.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers no request without a client record', async () => {
    renderPage({ clientData: null });
    await screen.findByRole('region', { name: 'Próximos' });
    expect(screen.getByRole('button', { name: 'Solicitar agendamento' })).toBeDisabled();
  });
});
