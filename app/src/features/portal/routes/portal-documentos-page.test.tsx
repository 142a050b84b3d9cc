import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from 'msw';
import { db, postgrestError, restUrl, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import type { ClientRecord } from '@/types/auth';
import PortalDocumentosPage from './portal-documentos-page';

const clientData: ClientRecord = {
  id: 'c1',
  user_id: 'u1',
  full_name: 'Maria Silva',
  email: 'maria.silva@cliente.test',
  phone: null,
  address: null,
  created_at: '2025-01-01T00:00:00Z',
};

const mine = {
  id: 'd1',
  client_id: 'c1',
  process_id: 1,
  name: 'Passaporte',
  file_path: 'c1/1700000000000.pdf',
  uploaded_by: 'client',
  document_type: 'passaporte',
  created_at: '2025-03-05T12:00:00Z',
};
const fromOffice = {
  id: 'd2',
  client_id: 'c1',
  process_id: null,
  name: 'Contrato assinado',
  file_path: 'c1/1700000100000.pdf',
  uploaded_by: 'office',
  document_type: null,
  created_at: '2025-02-01T12:00:00Z',
};
// the same table holds other clients' documents: the page asks for its client's only
const someoneElses = {
  ...fromOffice,
  id: 'd9',
  client_id: 'c2',
  name: 'Documento de outro cliente',
  file_path: 'c2/1.pdf',
};

function renderPage() {
  return renderWithProviders(<PortalDocumentosPage />, {
    auth: { roles: ['client'], clientData },
    route: '/cliente/documentos',
  });
}

function row(name: string) {
  return screen.getByRole('button', { name: `Baixar: ${name}` }).closest('[data-testid="document-row"]') as HTMLElement;
}

beforeEach(() => {
  // stored oldest first: the page must order by created_at descending
  db.seed('client_documents', [fromOffice, someoneElses, mine]);
  db.seed('client_processes', [
    { id: 1, client_id: 'c1', type: 'Green Card por casamento' },
    { id: 2, client_id: 'c2', type: 'Processo de outro cliente' },
  ]);
  db.seed('client_document_requests', []);
  db.putObject('client_documents', mine.file_path, '%PDF-1.4', 'application/pdf');
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('PortalDocumentosPage', () => {
  it('lists the documents newest first with date, sender (Você / Escritório) and type', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Baixar: Passaporte' })).toBeInTheDocument();
    expect(screen.getAllByTestId('document-row')).toEqual([row('Passaporte'), row('Contrato assinado')]);
    expect(screen.queryByText(someoneElses.name)).not.toBeInTheDocument();
    const a = within(row('Passaporte'));
    expect(a.getByText('05/03/2025')).toBeInTheDocument();
    expect(a.getByText('Enviado por: Você')).toBeInTheDocument();
    expect(a.getAllByText('Passaporte')).toHaveLength(2); // name and type badge
    const b = within(row('Contrato assinado'));
    expect(b.getByText('Enviado por: Escritório')).toBeInTheDocument();
    expect(b.getByText('Sem tipo')).toBeInTheDocument();
  });

  it('splits the tabs and shows their empty states', async () => {
    const user = userEvent.setup();
    db.seed('client_documents', [fromOffice, someoneElses]);
    renderPage();
    await screen.findByText('Contrato assinado');
    await user.click(screen.getByRole('tab', { name: 'Meus Uploads' }));
    expect(screen.getByText('Nenhum documento enviado')).toBeInTheDocument();
    expect(screen.queryByText('Contrato assinado')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Documentos do Escritório' }));
    expect(screen.getByText('Contrato assinado')).toBeInTheDocument();
  });

  it('shows the empty state when there are no documents', async () => {
    db.seed('client_documents', [someoneElses]);
    renderPage();
    expect(await screen.findByText('Nenhum documento encontrado')).toBeInTheDocument();
  });

  it('downloads from client_documents, or toasts Erro ao baixar documento', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Baixar: Passaporte' });
    await user.click(screen.getByRole('button', { name: 'Baixar: Passaporte' }));
    await waitFor(() => expect(HTMLAnchorElement.prototype.click).toHaveBeenCalledTimes(1));
    expect(db.requests('/storage/v1/object/client_documents/c1/1700000000000.pdf', 'GET')).toHaveLength(1);
    // the office's file is not in storage: the download fails
    await user.click(screen.getByRole('button', { name: 'Baixar: Contrato assinado' }));
    expect(await screen.findByText('Erro ao baixar documento')).toBeInTheDocument();
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalledTimes(1);
  });

  it('uploads: send disabled until file and name, name pre-filled, stores and inserts the row', async () => {
    const user = userEvent.setup();
    vi.spyOn(Date, 'now').mockReturnValue(1700000000999);
    renderPage();
    await screen.findByRole('button', { name: 'Baixar: Passaporte' });
    await user.click(screen.getByRole('button', { name: 'Enviar Documento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar Documento' });
    const send = within(dialog).getByRole('button', { name: 'Enviar' });
    expect(send).toBeDisabled();
    await user.upload(
      within(dialog).getByLabelText('Arquivo'),
      new File(['%PDF'], 'certidao.pdf', { type: 'application/pdf' }),
    );
    const name = within(dialog).getByLabelText('Nome do documento');
    expect(name).toHaveValue('certidao.pdf');
    expect(send).toBeEnabled();
    await user.clear(name);
    expect(send).toBeDisabled();
    await user.type(name, 'Certidão de casamento');
    await user.click(within(dialog).getByRole('combobox', { name: 'Tipo de documento' }));
    await user.click(await screen.findByRole('option', { name: 'Certidão' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Processo (opcional)' }));
    // only the client's own processes are offered
    expect(screen.getAllByRole('option').map((o) => o.textContent)).not.toContain(
      'Processo nº 2 — Processo de outro cliente',
    );
    await user.click(await screen.findByRole('option', { name: 'Processo nº 1 — Green Card por casamento' }));
    await user.click(send);
    expect(await screen.findByText('Documento enviado com sucesso')).toBeInTheDocument();
    const stored = db.objects('client_documents').find((o) => o.path === 'c1/1700000000999.pdf');
    expect(new TextDecoder().decode(stored!.bytes)).toBe('%PDF');
    expect(db.requests('/rest/v1/client_documents', 'POST').map((r) => r.body)).toEqual([
      {
        client_id: 'c1',
        process_id: 1,
        name: 'Certidão de casamento',
        file_path: 'c1/1700000000999.pdf',
        uploaded_by: 'client',
        document_type: 'certidão',
        document_request_id: null,
      },
    ]);
    expect(db.rows('client_documents')).toHaveLength(4);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends null process and type when not chosen, and toasts Erro ao enviar documento on failure', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Baixar: Passaporte' });
    await user.click(screen.getByRole('button', { name: 'Enviar Documento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar Documento' });
    await user.upload(within(dialog).getByLabelText('Arquivo'), new File(['x'], 'nota.txt', { type: 'text/plain' }));
    server.use(http.post(restUrl('client_documents'), () => postgrestError(403, '42501', 'denied')));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Erro ao enviar documento')).toBeInTheDocument();
    expect(db.requests('/rest/v1/client_documents', 'POST')[0]!.body).toMatchObject({
      process_id: null,
      document_type: null,
      name: 'nota.txt',
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
