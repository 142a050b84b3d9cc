import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import type { ClientRecord } from '@/types/auth';
import PortalHomeRoute from './portal-home';

const clientData: ClientRecord = {
  id: 'c1',
  user_id: 'u1',
  full_name: 'Maria Silva',
  email: 'maria.silva@cliente.test',
  phone: null,
  address: null,
  created_at: '2025-01-01T00:00:00Z',
};

function renderPage() {
  return renderWithProviders(<PortalHomeRoute />, { auth: { roles: ['client'], clientData }, route: '/cliente' });
}

beforeEach(() => {
  // each table also holds a row of another client (c2): none of them may count on Maria's home
  db.seed('client_processes', [
    {
      id: 1,
      client_id: 'c1',
      type: 'Asilo',
      status: 'em andamento',
      description: null,
      created_at: '2025-01-01T00:00:00Z',
    },
    {
      id: 2,
      client_id: 'c1',
      type: 'DACA',
      status: 'in progress',
      description: null,
      created_at: '2025-01-01T00:00:00Z',
    },
    { id: 3, client_id: 'c1', type: 'TPS', status: 'concluído', description: null, created_at: '2025-01-01T00:00:00Z' },
    {
      id: 9,
      client_id: 'c2',
      type: 'Asilo',
      status: 'em andamento',
      description: null,
      created_at: '2025-01-01T00:00:00Z',
    },
  ]);
  // one document the office asked for is still pending (on process 2): that is the next step
  db.seed('client_document_requests', [
    {
      id: 'r1',
      process_id: 2,
      client_id: 'c1',
      document_name: 'Passaporte',
      status: 'pending',
      requested_at: '2025-01-02T00:00:00Z',
    },
    {
      id: 'r2',
      process_id: 1,
      client_id: 'c1',
      document_name: 'Certidão',
      status: 'fulfilled',
      requested_at: '2025-01-01T00:00:00Z',
    },
  ]);
  db.seed('financial_contracts', []);
  db.seed('financial_payments', [
    {
      id: 'p1',
      client_id: 'c1',
      contract_id: null,
      amount: 4000,
      currency: 'BRL',
      payment_date: '2020-01-10',
      payment_method: 'PIX',
      status: 'paid',
      notes: null,
    },
    {
      id: 'p2',
      client_id: 'c1',
      contract_id: null,
      amount: 2000,
      currency: 'BRL',
      payment_date: '2020-02-10',
      payment_method: 'PIX',
      status: 'pending',
      notes: null,
    },
    {
      id: 'p9',
      client_id: 'c2',
      contract_id: null,
      amount: 900,
      currency: 'BRL',
      payment_date: '2020-02-11',
      payment_method: 'PIX',
      status: 'pending',
      notes: null,
    },
  ]);
  db.seed('financial_quotes', []);
  db.seed('messages', [
    {
      id: 'm1',
      client_id: 'c1',
      sender_type: 'office',
      content: 'Bom dia, Maria!',
      attachment_url: null,
      created_at: '2020-03-01T10:00:00Z',
    },
    {
      id: 'm9',
      client_id: 'c2',
      sender_type: 'office',
      content: 'Bom dia, João!',
      attachment_url: null,
      created_at: '2020-03-02T10:00:00Z',
    },
  ]);
  db.seed('client_documents', [
    {
      id: 'd1',
      client_id: 'c1',
      process_id: null,
      name: 'Passaporte',
      file_path: 'c1/1.pdf',
      uploaded_by: 'client',
      document_type: null,
      created_at: '2020-02-20T10:00:00Z',
    },
    {
      id: 'd9',
      client_id: 'c2',
      process_id: null,
      name: 'RG',
      file_path: 'c2/1.pdf',
      uploaded_by: 'client',
      document_type: null,
      created_at: '2020-02-21T10:00:00Z',
    },
  ]);
});

describe('PortalHomePage', () => {
  it('welcomes the client by first name and computes the overview cards', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Bem-vindo(a), Maria!' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Meus Processos: 2 processos em andamento')).toBeInTheDocument();
    expect(await screen.findByLabelText('Financeiro: 1 pagamento pendente')).toBeInTheDocument();
    expect(await screen.findByLabelText('Mensagens: 1 mensagem do escritório')).toBeInTheDocument();
    expect(await screen.findByLabelText('Próximos Passos: 1 documento solicitado a enviar')).toBeInTheDocument();
    // heading order: the cards sit right under the page's h1, so they are h2 (no jump to h3)
    expect(screen.getByRole('heading', { level: 2, name: 'Meus Processos' })).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
    // Ver detalhes opens the process the document is asked for (not Financeiro)
    expect(screen.getByRole('link', { name: 'Ver detalhes' })).toHaveAttribute('href', '/cliente/processos/2');
    expect(screen.getByRole('link', { name: 'Ver processos' })).toHaveAttribute('href', '/cliente/processos');
    expect(screen.getByRole('link', { name: 'Ver financeiro' })).toHaveAttribute('href', '/cliente/financeiro');
    expect(screen.getByRole('link', { name: 'Ver mensagens' })).toHaveAttribute('href', '/cliente/mensagens');
  });

  it('lists the recent activity newest first', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Atividade Recente' }));
    const items = await screen.findAllByTestId('activity-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Nova mensagem do escritório'),
      expect.stringContaining('Você enviou um documento'),
      expect.stringContaining('R$ 2.000,00 · Pendente'),
      expect.stringContaining('R$ 4.000,00 · Pago'),
    ]);
  });

  it('says when there is no activity', async () => {
    const user = userEvent.setup();
    // only the other client's rows are left
    for (const t of ['client_processes', 'financial_payments', 'messages', 'client_documents']) {
      db.seed(
        t,
        db.rows(t).filter((row) => row.client_id === 'c2'),
      );
    }
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Atividade Recente' }));
    expect(await screen.findByText('Nenhuma atividade recente.')).toBeInTheDocument();
  });

  it('shows how to reach the office, with links a phone can dial and mail', async () => {
    server.use(
      rpc('office_contact', () => [
        {
          office_name: 'Silva & Associados',
          street: '100 Federal Street',
          suite: 'Suite 1200',
          city: 'Boston',
          state: 'MA',
          zip: '02110',
          phone: '(617) 555-0100',
          email: 'contato@escritorio.test',
          website: 'escritorio.test',
        },
      ]),
    );
    renderPage();
    const card = await screen.findByTestId('office-contact');
    expect(within(card).getByRole('heading', { level: 2, name: 'Fale com o escritório' })).toBeInTheDocument();
    expect(within(card).getByText('Como falar com Silva & Associados.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '(617) 555-0100' })).toHaveAttribute('href', 'tel:+16175550100');
    expect(within(card).getByRole('link', { name: 'contato@escritorio.test' })).toHaveAttribute(
      'href',
      'mailto:contato@escritorio.test',
    );
    expect(within(card).getByRole('link', { name: 'escritorio.test' })).toHaveAttribute(
      'href',
      'https://escritorio.test',
    );
    expect(within(card).getByText('100 Federal Street, Suite 1200')).toBeInTheDocument();
    expect(within(card).getByText('Boston, MA 02110')).toBeInTheDocument();
  });

  it('shows no contact card when the office stored no contact details', async () => {
    let asked = false;
    server.use(
      rpc('office_contact', () => {
        asked = true;
        const none = null;
        return [
          {
            office_name: 'Escritório',
            street: none,
            suite: none,
            city: none,
            state: none,
            zip: none,
            phone: none,
            email: none,
            website: none,
          },
        ];
      }),
    );
    renderPage();
    await waitFor(() => expect(asked).toBe(true));
    await screen.findByLabelText('Meus Processos: 2 processos em andamento');
    expect(screen.queryByTestId('office-contact')).not.toBeInTheDocument();
  });
});
