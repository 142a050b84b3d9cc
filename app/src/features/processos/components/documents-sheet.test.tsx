import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { http } from 'msw';
import { db, postgrestError, restUrl, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import type { ProcessRow } from '../api/types';
import { DocumentsSheet } from './documents-sheet';

const passport = {
  id: 'd1',
  process_id: 1,
  document_name: 'Passaporte',
  document_description: null,
  is_required: true,
  status: 'pending',
  fulfilled_at: null,
  requested_at: '2025-01-10T12:00:00Z',
  created_at: '2025-01-10T12:00:00Z',
};

const process: ProcessRow = {
  id: 1,
  type: 'Green Card',
  client_id: 'c1',
  client_name: 'Maria Silva',
  receipt_number: 'MSC2490123456',
  category: 'Imigratório - USCIS',
  stage: 'Em processamento',
  status: 'em andamento',
  last_update: '2025-01-10',
  next_date: null,
  client: { id: 'c1', full_name: 'Maria Silva', email: 'maria.silva@cliente.test', phone: null },
};

describe('DocumentsSheet (requested documents)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    // another process's request in the same table: never listed here
    db.seed('document_requests', [
      passport,
      { ...passport, id: 'd9', process_id: 2, document_name: 'Documento de outro processo' },
    ]);
    db.seed('process_notifications', []);
  });

  it('marks a request Recebido (fulfilled, with the time) and toasts Status atualizado', async () => {
    renderWithProviders(<DocumentsSheet process={process} onOpenChange={() => {}} />);
    expect(await screen.findByText('Passaporte')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Recebido' }));
    expect(await screen.findByText('Status atualizado')).toBeInTheDocument();
    expect(screen.queryByText('Documento de outro processo')).not.toBeInTheDocument();
    const [patch] = db.requests('/rest/v1/document_requests', 'PATCH');
    expect(patch!.params.get('id')).toBe('eq.d1');
    expect(patch!.body).toEqual({ status: 'fulfilled', fulfilled_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(db.rows('document_requests').map((r) => [r.id, r.status])).toEqual([
      ['d1', 'fulfilled'],
      ['d9', 'pending'],
    ]);
  });

  it('Recusar asks in the confirmation dialog: Recusar documento waits for a reason, a failure keeps it typed', async () => {
    db.seed('document_requests', [{ ...passport, status: 'fulfilled', fulfilled_at: '2025-01-12T12:00:00Z' }]);
    renderWithProviders(<DocumentsSheet process={process} onOpenChange={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Recusar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Recusar documento?' });
    const confirm = within(dialog).getByRole('button', { name: 'Recusar documento' });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Motivo (o cliente verá)'), { target: { value: 'Foto ilegível' } });
    expect(confirm).toBeEnabled();
    // the database refuses the write: the dialog stays open with the reason
    server.use(http.patch(restUrl('document_requests'), () => postgrestError(403, '42501', 'permission denied')));
    fireEvent.click(confirm);
    expect(await screen.findByText(/Erro ao atualizar status/)).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Recusar documento?' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Motivo (o cliente verá)')).toHaveValue('Foto ilegível');
    // Cancelar closes it without a write that reached a row
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('toasts Documento não encontrado when the request no longer exists', async () => {
    renderWithProviders(<DocumentsSheet process={process} onOpenChange={() => {}} />);
    await screen.findByText('Passaporte');
    // someone else deleted it meanwhile: the update reaches no row
    db.seed('document_requests', []);
    fireEvent.click(screen.getByRole('button', { name: 'Recebido' }));
    expect(await screen.findByText('Documento não encontrado')).toBeInTheDocument();
    expect(screen.queryByText(/Erro ao atualizar status/)).not.toBeInTheDocument();
  });

  it('requests a document (required by default) and records the document_request notification', async () => {
    renderWithProviders(<DocumentsSheet process={process} onOpenChange={() => {}} />);
    await screen.findByText('Passaporte');
    expect(screen.getByRole('checkbox', { name: 'Documento obrigatório' })).toHaveAttribute('data-state', 'checked');

    fireEvent.change(screen.getByLabelText('Nome do documento'), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar Documento' }));
    expect(await screen.findByText('Nome do documento é obrigatório')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Nome do documento'), { target: { value: 'Certidão de nascimento' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar Documento' }));
    expect(await screen.findByText('Documento solicitado')).toBeInTheDocument();
    await waitFor(() => expect(db.rows('process_notifications')).toHaveLength(1));
    expect(db.rows('document_requests')).toEqual([
      expect.objectContaining({ id: 'd1' }),
      expect.objectContaining({ id: 'd9' }),
      expect.objectContaining({
        process_id: 1,
        document_name: 'Certidão de nascimento',
        document_description: null,
        is_required: true,
      }),
    ]);
    expect(db.rows('process_notifications')).toEqual([
      expect.objectContaining({
        process_id: 1,
        notification_type: 'document_request',
        notification_channel: 'email',
        content: 'Solicitação de documento: Certidão de nascimento',
        recipient: 'maria.silva@cliente.test',
      }),
    ]);
    // the list reloads with the new request, newest first
    const list = screen.getByRole('list', { name: 'Documentos solicitados' });
    await waitFor(() => expect(within(list).getAllByTestId('document-request')).toHaveLength(2));
    expect(within(list).getAllByTestId('document-request')[0]).toHaveTextContent('Certidão de nascimento');
  });
});
