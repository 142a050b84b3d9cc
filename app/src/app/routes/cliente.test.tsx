import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { db, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import ClienteRoute from './cliente';

const base = {
  user_id: null,
  email: null,
  phone: null,
  address: null,
  a_number: null,
  principal_client_id: null,
  relationship: null,
  created_at: '2024-03-05T10:00:00Z',
};
const maria = {
  ...base,
  id: 'c1',
  user_id: 'u1',
  full_name: 'Maria Silva',
  email: 'maria.silva@cliente.test',
  phone: '555-0100',
  a_number: 'A123456789',
};
const pedro = { ...base, id: 'c3', full_name: 'Pedro Silva', principal_client_id: 'c1', relationship: 'child' };
const joao = { ...base, id: 'c2', full_name: 'João Souza' };
const ana = { ...base, id: 'c4', full_name: 'Ana Costa' };
const process = { status: 'em andamento', stage: null, receipt_number: null, next_date: null };

/** The arguments workspace_timeline received, in order. */
let timelineCalls: Record<string, unknown>[] = [];

beforeEach(() => {
  timelineCalls = [];
  db.seed('clients', [joao, pedro, ana, maria]);
  // Maria's family (Maria and her son) has two processes; João's is in the same table
  db.seed('processes', [
    { ...process, id: 10, type: 'Green Card', client_id: 'c1', receipt_number: 'IOE0912345678' },
    { ...process, id: 12, type: 'Asilo', client_id: 'c2' },
    { ...process, id: 11, type: 'Visto de estudante', client_id: 'c3', next_date: '2025-07-01' },
  ]);
  db.seed('financial_contracts', [
    {
      id: 'k1',
      client_id: 'c1',
      title: 'Green Card por casamento',
      contract_number: 'CT-1',
      status: 'active',
      total_amount: 12000,
      currency: 'USD',
      start_date: '2025-01-10',
    },
    {
      id: 'k2',
      client_id: 'c2',
      title: 'Contrato do João',
      contract_number: 'CT-2',
      status: 'active',
      total_amount: 999,
      currency: 'USD',
      start_date: '2025-01-10',
    },
  ]);
  db.seed('financial_payments', [
    {
      id: 'p1',
      client_id: 'c1',
      amount: 4000,
      currency: 'BRL',
      payment_date: '2025-01-10',
      status: 'paid',
      notes: 'Entrada',
    },
  ]);
  db.seed('financial_quotes', []);
  db.seed('interactions', [
    {
      id: 'i1',
      client_id: 'c1',
      type: 'call',
      content: 'Ligação inicial',
      contact_date: '2025-01-05T10:00:00',
      status: 'completed',
      created_by_name: 'Bruno',
    },
    {
      id: 'i9',
      client_id: 'c2',
      type: 'call',
      content: 'Ligação com o João',
      contact_date: '2025-01-06T10:00:00',
      status: 'completed',
      created_by_name: null,
    },
    {
      id: 'i2',
      client_id: 'c1',
      type: 'meeting',
      content: 'Reunião de documentos',
      contact_date: '2025-02-05T10:00:00',
      status: 'scheduled',
      created_by_name: null,
    },
  ]);
  server.use(
    rpc('unread_message_counts', () => [
      { client_id: 'c1', unread: 2 },
      { client_id: 'c2', unread: 7 },
    ]),
    rpc('staff_directory', () => [
      { id: 's1', full_name: 'Bruno Assistente', email: 'b@x.test', roles: ['legal_assistant'] },
    ]),
    rpc('workspace_timeline', (args) => {
      timelineCalls.push(args);
      const entries = [
        {
          at: '2025-02-01T12:00:00Z',
          kind: 'status_change',
          detail: 'aprovado',
          from_value: 'em andamento',
          client_id: 'c1',
          process_id: 10,
          ref_id: 'e1',
        },
        {
          at: '2025-01-20T12:00:00Z',
          kind: 'status_change',
          detail: 'em andamento',
          from_value: null,
          client_id: 'c3',
          process_id: 11,
          ref_id: 'e2',
        },
      ];
      return args.p_family ? entries : entries.filter((e) => e.client_id === args.p_client_id);
    }),
  );
});

function renderPage(id = 'c1') {
  return renderWithProviders(<ClienteRoute />, {
    route: `/clientes/${id}`,
    path: '/clientes/:clientId',
    routes: { '/processos/:processId': <h1>Página do processo</h1> },
  });
}

async function openTab(name: string) {
  await userEvent.click(screen.getByRole('tab', { name }));
}

describe('ClienteRoute (/clientes/:id)', () => {
  it('shows the summary, the family and the processes of the whole family, newest first', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Silva' })).toBeInTheDocument();
    expect(screen.getByText('555-0100')).toBeInTheDocument();
    expect(screen.getByText('A123456789')).toBeInTheDocument();
    expect(screen.getByText('05/03/2024')).toBeInTheDocument();
    // the family: Maria's son, not João nor Ana
    const family = screen.getByText('Família').closest('[data-slot="card"]') as HTMLElement;
    expect(await within(family).findByRole('link', { name: 'Pedro Silva' })).toHaveAttribute('href', '/clientes/c3');
    expect(within(family).getByText('Filho(a)')).toBeInTheDocument();
    expect(within(family).queryByRole('link', { name: 'João Souza' })).not.toBeInTheDocument();
    // processes: the son's and Maria's, id descending; João's stays out
    const links = await screen.findAllByRole('link', { name: /^nº \d+/ });
    expect(links.map((l) => l.textContent)).toEqual(['nº 11 · Visto de estudante', 'nº 10 · Green Card']);
    expect(links[0]).toHaveAttribute('href', '/processos/11');
    expect(within(links[0]!.closest('tr')!).getByText('Pedro Silva')).toBeInTheDocument();
    expect(screen.getByText('IOE0912345678')).toBeInTheDocument();
    // Maria's own unread messages on the Mensagens link
    const messages = screen.getByRole('link', { name: /Mensagens/ });
    expect(messages).toHaveAttribute('href', '/clientes/c1/mensagens');
    expect(await within(messages).findByText('2')).toBeInTheDocument();
  });

  it("lists the client's money and interactions only, interactions newest first", async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Maria Silva' });
    await openTab('Financeiro');
    expect(await screen.findByText('Green Card por casamento (CT-1)')).toBeInTheDocument();
    expect(screen.getByText('Entrada')).toBeInTheDocument();
    // a contract in dollars shows in dollars, the payment in reais in reais
    expect(screen.getByText('US$ 12.000,00')).toBeInTheDocument();
    expect(screen.getByText('R$ 4.000,00')).toBeInTheDocument();
    expect(screen.queryByText(/Contrato do João/)).not.toBeInTheDocument();
    await openTab('Atendimentos');
    const items = await screen.findAllByText(/^(Ligação inicial|Reunião de documentos|Ligação com o João)$/);
    expect(items.map((i) => i.textContent)).toEqual(['Reunião de documentos', 'Ligação inicial']);
    expect(screen.getByText('Registrado por Bruno')).toBeInTheDocument();
  });

  it("shows the client's timeline, then the whole family's on request", async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Maria Silva' });
    await openTab('Linha do tempo');
    expect(await screen.findAllByTestId('timeline-entry')).toHaveLength(1);
    expect(timelineCalls[0]).toEqual({ p_client_id: 'c1', p_process_id: null, p_family: false });
    expect(screen.getByText(formatDateTime('2025-02-01T12:00:00Z'))).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Mostrar a família inteira' }));
    await waitFor(() => expect(screen.getAllByTestId('timeline-entry')).toHaveLength(2));
    expect(timelineCalls.at(-1)).toEqual({ p_client_id: 'c1', p_process_id: null, p_family: true });
    // with the family, each entry names its client
    expect(within(screen.getAllByTestId('timeline-entry')[1]!).getByText('· Pedro Silva')).toBeInTheDocument();
  });

  it('links another client as a dependant with the chosen relationship', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Maria Silva' });
    // the picker searches the clients on the server and offers those outside the family, by name
    const picker = screen.getByRole('combobox', { name: 'Dependente' });
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Selecione o cliente', 'Ana Costa', 'João Souza']),
    );
    await userEvent.selectOptions(picker, 'Ana Costa');
    await userEvent.click(screen.getByRole('combobox', { name: 'Parentesco' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Cônjuge' }));
    await userEvent.click(screen.getByRole('button', { name: 'Vincular' }));
    expect(await screen.findByText('Dependente vinculado')).toBeInTheDocument();
    const [patch] = db.requests('/rest/v1/clients', 'PATCH');
    expect(patch!.params.get('id')).toBe('eq.c4');
    expect(patch!.body).toEqual({ principal_client_id: 'c1', relationship: 'spouse' });
    // the family reloads with Ana
    expect(await screen.findByRole('link', { name: 'Ana Costa' })).toHaveAttribute('href', '/clientes/c4');
  });

  it('unlinks a dependant (principal and relationship cleared)', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Desvincular Pedro Silva' }));
    expect(await screen.findByText('Vínculo removido')).toBeInTheDocument();
    const [patch] = db.requests('/rest/v1/clients', 'PATCH');
    expect(patch!.params.get('id')).toBe('eq.c3');
    expect(patch!.body).toEqual({ principal_client_id: null, relationship: null });
    expect(await screen.findByText('Nenhum familiar vinculado.')).toBeInTheDocument();
  });

  it('says when the client does not exist or is out of reach', async () => {
    renderPage('c404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cliente não encontrado' })).toBeInTheDocument();
    expect(screen.getByText('O cliente não existe ou você não tem acesso a ele.')).toBeInTheDocument();
  });
});
