import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import type { ProcessRow } from '../api/types';
import { DocumentsSheet } from './documents-sheet';

const calls: { table: string; op: string; values?: unknown }[] = [];
const state = { updatedRows: [{ id: 'd1' }] as { id: string }[] };

vi.mock('@/lib/supabase', () => {
  const requests = [
    {
      id: 'd1',
      process_id: 1,
      document_name: 'Passaporte',
      document_description: null,
      is_required: true,
      status: 'pending',
      fulfilled_at: null,
      requested_at: '2025-01-10T12:00:00Z',
      created_at: '2025-01-10T12:00:00Z',
    },
  ];
  const from = (table: string) => {
    let op = 'select';
    const builder = {
      select: () => builder,
      eq: () => builder,
      order: () => builder,
      update: (values: unknown) => {
        op = 'update';
        calls.push({ table, op, values });
        return builder;
      },
      insert: (values: unknown) => {
        op = 'insert';
        calls.push({ table, op, values });
        return Object.assign(Promise.resolve({ data: null, error: null }), builder);
      },
      throwOnError: () =>
        Promise.resolve({ data: op === 'update' ? state.updatedRows : op === 'insert' ? null : requests, error: null }),
    };
    return builder;
  };
  return { supabase: { from } };
});

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
    calls.length = 0;
    state.updatedRows = [{ id: 'd1' }];
  });

  it('marks a request Recebido (fulfilled, with the time) and toasts Status atualizado', async () => {
    renderWithProviders(<DocumentsSheet process={process} onOpenChange={() => {}} />);
    expect(await screen.findByText('Passaporte')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Recebido' }));
    expect(await screen.findByText('Status atualizado')).toBeInTheDocument();
    const update = calls.find((c) => c.op === 'update');
    expect(update?.values).toMatchObject({ status: 'fulfilled' });
    expect(typeof (update?.values as { fulfilled_at: unknown }).fulfilled_at).toBe('string');
  });

  it('toasts Documento não encontrado when the request no longer exists', async () => {
    state.updatedRows = [];
    renderWithProviders(<DocumentsSheet process={process} onOpenChange={() => {}} />);
    await screen.findByText('Passaporte');
    fireEvent.click(screen.getByRole('button', { name: 'Recebido' }));
    expect(await screen.findByText('Documento não encontrado')).toBeInTheDocument();
    expect(screen.queryByText(/Erro ao atualizar status/)).not.toBeInTheDocument();
  });

  it('requests a document (required by default) and records the document_request notification', async () => {
    renderWithProviders(<DocumentsSheet process={process} onOpenChange={() => {}} />);
    await screen.findByText('Passaporte');
    expect((screen.getByRole('checkbox', { name: 'Documento obrigatório' }) as HTMLElement)).toHaveAttribute('data-state', 'checked');

    fireEvent.change(screen.getByLabelText('Nome do documento'), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar Documento' }));
    expect(await screen.findByText('Nome do documento é obrigatório')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Nome do documento'), { target: { value: 'Certidão de nascimento' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar Documento' }));
    expect(await screen.findByText('Documento solicitado')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.op === 'insert')).toHaveLength(2));
    const [request, notification] = calls.filter((c) => c.op === 'insert');
    expect(request).toMatchObject({
      table: 'document_requests',
      values: { process_id: 1, document_name: 'Certidão de nascimento', is_required: true },
    });
    expect(notification).toMatchObject({
      table: 'process_notifications',
      values: { notification_type: 'document_request', content: 'Solicitação de documento: Certidão de nascimento' },
    });
  });
});
