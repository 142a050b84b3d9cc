import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { todayISO } from '@/lib/format';
import { db, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import ProcessoPage from './processo-page';

const greenCard = {
  id: 10,
  type: 'Green Card',
  client_id: 'c1',
  client_name: null,
  category: 'USCIS',
  stage: 'Em processamento',
  status: 'em andamento',
  receipt_number: 'IOE0912345678',
  responsible_id: 's2',
  description: 'Ajuste de status por casamento',
  opened_at: '2025-01-10',
  filed_at: '2025-02-01',
  next_date: '2025-09-15',
  closed_at: null,
  last_update: '2025-03-01',
  client: { id: 'c1', full_name: 'Maria Silva', email: 'maria.silva@cliente.test', phone: null },
};
const doc = {
  client_id: 'c1',
  uploaded_by: 'client',
  document_type: null,
  document_request_id: null,
  file_path: 'c1/x.pdf',
};

/** The arguments workspace_timeline received. */
let timelineCalls: Record<string, unknown>[] = [];

beforeEach(() => {
  timelineCalls = [];
  db.seed('processes', [
    { ...greenCard, id: 11, type: 'Asilo', client: { id: 'c2', full_name: 'João Souza' } },
    greenCard,
  ]);
  // Maria's documents: two of this process (stored oldest first) and one of another process
  db.seed('client_documents', [
    { ...doc, id: 'd1', name: 'Certidão de casamento', process_id: 10, created_at: '2025-01-11T10:00:00Z' },
    { ...doc, id: 'd9', name: 'Documento de outro processo', process_id: 12, created_at: '2025-01-12T10:00:00Z' },
    { ...doc, id: 'd2', name: 'Passaporte', process_id: 10, uploaded_by: 'office', created_at: '2025-02-11T10:00:00Z' },
  ]);
  server.use(
    rpc('staff_directory', () => [
      { id: 's1', full_name: 'Bruno Assistente', email: 'b@x.test', roles: ['legal_assistant'] },
      { id: 's2', full_name: 'Carla Comercial', email: 'c@x.test', roles: ['legal_assistant'] },
    ]),
    rpc('workspace_timeline', (args) => {
      timelineCalls.push(args);
      return [
        {
          at: '2025-02-02T12:00:00Z',
          kind: 'responsible_change',
          detail: 's2',
          from_value: 's1',
          client_id: 'c1',
          process_id: 10,
          ref_id: 'e1',
        },
      ];
    }),
  );
});

function renderPage(id = '10') {
  return renderWithProviders(<ProcessoPage />, { route: `/processos/${id}`, path: '/processos/:processId' });
}

/** The value shown next to a label of the summary. */
function detail(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
}

describe('ProcessoPage (/processos/:id)', () => {
  it('shows the summary of the process asked for, with its client, responsible and dates', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Green Card · nº 10' })).toBeInTheDocument();
    expect(within(detail('Cliente')).getByRole('link', { name: 'Maria Silva' })).toHaveAttribute(
      'href',
      '/clientes/c1',
    );
    expect(detail('Categoria')).toHaveTextContent('USCIS');
    expect(detail('Número de Recibo')).toHaveTextContent('IOE0912345678');
    expect(await within(detail('Responsável')).findByText('Carla Comercial')).toBeInTheDocument();
    expect(detail('Abertura')).toHaveTextContent('10/01/2025');
    expect(detail('Próxima Data')).toHaveTextContent('15/09/2025');
    expect(detail('Encerramento')).toHaveTextContent('-');
    expect(screen.getByText('Ajuste de status por casamento')).toBeInTheDocument();
    expect(db.requests('/rest/v1/processes', 'GET')[0]!.params.get('id')).toBe('eq.10');
  });

  it("shows the process's timeline with the staff names of a change of responsible", async () => {
    renderPage();
    const [entry] = await screen.findAllByTestId('timeline-entry');
    expect(timelineCalls[0]).toEqual({ p_client_id: null, p_process_id: 10, p_family: false });
    expect(await within(entry!).findByText('Bruno Assistente → Carla Comercial')).toBeInTheDocument();
  });

  it("lists the process's documents only, newest first", async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Green Card · nº 10' });
    await userEvent.click(screen.getByRole('tab', { name: 'Documentos' }));
    const names = await screen.findAllByText(/^(Passaporte|Certidão de casamento|Documento de outro processo)$/);
    expect(names.map((n) => n.textContent)).toEqual(['Passaporte', 'Certidão de casamento']);
    expect(screen.getByText(/Enviado pelo cliente/)).toBeInTheDocument();
  });

  it('closes the process (status concluído, updated today) and then offers to reopen it', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Encerrar processo' }));
    // it asks first, saying the client will see it; Cancelar changes nothing
    const question = await screen.findByRole('alertdialog', { name: 'Encerrar o processo nº 10?' });
    expect(question).toHaveTextContent('o cliente o verá como concluído no portal');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(db.requests('/rest/v1/processes', 'PATCH')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Encerrar processo' }));
    await screen.findByRole('alertdialog', { name: 'Encerrar o processo nº 10?' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Processo encerrado')).toBeInTheDocument();
    const [patch] = db.requests('/rest/v1/processes', 'PATCH');
    expect(patch!.params.get('id')).toBe('eq.10');
    await waitFor(() => expect(patch!.body).toEqual({ status: 'concluído', last_update: todayISO() }));
    expect(db.rows('processes').map((p) => [p.id, p.status])).toEqual([
      [11, 'em andamento'],
      [10, 'concluído'],
    ]);
    // the page reloads the process: closed now
    expect(await screen.findByRole('button', { name: 'Reabrir processo' })).toBeInTheDocument();
  });

  it('says when the process does not exist or is out of reach', async () => {
    renderPage('999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Processo não encontrado' })).toBeInTheDocument();
    expect(screen.getByText('O processo não existe ou você não tem acesso a ele.')).toBeInTheDocument();
  });
});
