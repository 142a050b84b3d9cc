import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/testing/mock-supabase';
import { renderWithProviders } from '@/testing/test-utils';
import type { ClientRecord } from '@/types/auth';
import PortalDocumentosPage from './portal-documentos-page';

vi.mock('@/lib/supabase', async () => ({ supabase: (await import('@/testing/mock-supabase')).db.client }));

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

function renderPage() {
  return renderWithProviders(<PortalDocumentosPage />, { auth: { roles: ['client'], clientData }, route: '/cliente/documentos' });
}

function row(name: string) {
  return screen.getByRole('button', { name: `Baixar: ${name}` }).closest('[data-testid="document-row"]') as HTMLElement;
}

beforeEach(() => {
  db.reset();
  db.state.rows.client_documents = [mine, fromOffice];
  db.state.rows.client_processes = [{ id: 1, type: 'Green Card por casamento' }];
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('PortalDocumentosPage', () => {
  it('lists the documents newest first with date, sender (Você / Escritório) and type', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Baixar: Passaporte' })).toBeTruthy();
    expect(db.callsOf('client_documents', 'eq')[0]!.args).toEqual(['client_id', 'c1']);
    expect(db.callsOf('client_documents', 'order')[0]!.args).toEqual(['created_at', { ascending: false }]);
    const a = within(row('Passaporte'));
    expect(a.getByText('05/03/2025')).toBeTruthy();
    expect(a.getByText('Enviado por: Você')).toBeTruthy();
    expect(a.getAllByText('Passaporte')).toHaveLength(2); // name and type badge
    const b = within(row('Contrato assinado'));
    expect(b.getByText('Enviado por: Escritório')).toBeTruthy();
    expect(b.getByText('Sem tipo')).toBeTruthy();
  });

  it('splits the tabs and shows their empty states', async () => {
    const user = userEvent.setup();
    db.state.rows.client_documents = [fromOffice];
    renderPage();
    await screen.findByText('Contrato assinado');
    await user.click(screen.getByRole('tab', { name: 'Meus Uploads' }));
    expect(screen.getByText('Nenhum documento enviado')).toBeTruthy();
    expect(screen.queryByText('Contrato assinado')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Documentos do Escritório' }));
    expect(screen.getByText('Contrato assinado')).toBeTruthy();
  });

  it('shows the empty state when there are no documents', async () => {
    db.state.rows.client_documents = [];
    renderPage();
    expect(await screen.findByText('Nenhum documento encontrado')).toBeTruthy();
  });

  it('downloads from client_documents, or toasts Erro ao baixar documento', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Baixar: Passaporte' });
    await user.click(screen.getByRole('button', { name: 'Baixar: Passaporte' }));
    await waitFor(() => expect(db.state.downloads).toEqual(['c1/1700000000000.pdf']));
    db.state.downloadError = { message: 'not found' };
    await user.click(screen.getByRole('button', { name: 'Baixar: Contrato assinado' }));
    expect(await screen.findByText('Erro ao baixar documento')).toBeTruthy();
  });

  it('uploads: send disabled until file and name, name pre-filled, stores and inserts the row', async () => {
    const user = userEvent.setup();
    vi.spyOn(Date, 'now').mockReturnValue(1700000000999);
    renderPage();
    await screen.findByRole('button', { name: 'Baixar: Passaporte' });
    await user.click(screen.getByRole('button', { name: 'Enviar Documento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar Documento' });
    const send = within(dialog).getByRole('button', { name: 'Enviar' });
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.upload(within(dialog).getByLabelText('Arquivo'), new File(['%PDF'], 'certidao.pdf', { type: 'application/pdf' }));
    const name = within(dialog).getByLabelText('Nome do documento') as HTMLInputElement;
    expect(name.value).toBe('certidao.pdf');
    expect(send.hasAttribute('disabled')).toBe(false);
    await user.clear(name);
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.type(name, 'Certidão de casamento');
    await user.click(within(dialog).getByRole('combobox', { name: 'Tipo de documento' }));
    await user.click(await screen.findByRole('option', { name: 'Certidão' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Processo (opcional)' }));
    await user.click(await screen.findByRole('option', { name: 'Processo nº 1 — Green Card por casamento' }));
    await user.click(send);
    expect(await screen.findByText('Documento enviado com sucesso')).toBeTruthy();
    expect(db.state.uploads[0]!.path).toBe('c1/1700000000999.pdf');
    expect(db.state.inserts[0]).toEqual({
      table: 'client_documents',
      row: {
        client_id: 'c1',
        process_id: 1,
        name: 'Certidão de casamento',
        file_path: 'c1/1700000000999.pdf',
        uploaded_by: 'client',
        document_type: 'certidão',
        document_request_id: null,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends null process and type when not chosen, and toasts Erro ao enviar documento on failure', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Baixar: Passaporte' });
    await user.click(screen.getByRole('button', { name: 'Enviar Documento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar Documento' });
    await user.upload(within(dialog).getByLabelText('Arquivo'), new File(['x'], 'nota.txt', { type: 'text/plain' }));
    db.state.insertError = { message: 'denied' };
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Erro ao enviar documento')).toBeTruthy();
    expect(db.callsOf('client_documents', 'insert')[0]!.args[0]).toMatchObject({ process_id: null, document_type: null, name: 'nota.txt' });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
