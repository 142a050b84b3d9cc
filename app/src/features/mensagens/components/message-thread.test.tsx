import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from 'msw';
import { realtime } from '@/testing/realtime-server';
import { db, postgrestError, restUrl, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { MessageThread } from './message-thread';

const fromClient = {
  id: 'm1',
  client_id: 'c1',
  sender_type: 'client',
  content: 'Bom dia! Já enviei o passaporte.',
  attachment_url: null,
  created_at: '2025-01-01T10:00:00Z',
};
const fromOffice = {
  id: 'm2',
  client_id: 'c1',
  sender_type: 'office',
  content: 'Recebemos, obrigado.',
  attachment_url: 'attachments/c1/1700000000000-certidao.pdf',
  created_at: '2025-01-01T11:00:00Z',
};
// another client's thread, in the same table: must never show
const otherClients = {
  id: 'm9',
  client_id: 'c2',
  sender_type: 'client',
  content: 'Mensagem de outro cliente',
  attachment_url: null,
  created_at: '2025-01-01T10:30:00Z',
};

const readCalls: unknown[] = [];

beforeEach(() => {
  // stored newest first: the thread must ask for created_at ascending to show them oldest first
  db.seed('messages', [fromOffice, otherClients, fromClient]);
  db.putObject('client_documents', fromOffice.attachment_url, '%PDF-1.4', 'application/pdf');
  readCalls.length = 0;
  server.use(
    rpc('mark_messages_read', (args) => {
      readCalls.push(args);
      return null;
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

function bubble(text: string) {
  return screen.getByText(text).closest('li')!;
}

describe('MessageThread', () => {
  it('loads the thread oldest first: client on the right, office on the left (portal)', async () => {
    renderWithProviders(<MessageThread clientId="c1" viewer="client" otherLabel="Escritório" />);
    expect(await screen.findByText(fromClient.content)).toBeInTheDocument();
    // only this client's messages, oldest first
    expect(screen.queryByText(otherClients.content)).not.toBeInTheDocument();
    const log = screen.getByRole('log', { name: 'Mensagens' });
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((li) => li.dataset.own),
    ).toEqual(['true', 'false']);
    expect(bubble(fromClient.content)).toHaveAttribute('data-own', 'true');
    expect(bubble(fromClient.content)).toHaveClass('justify-end');
    expect(within(bubble(fromClient.content)).getByText('Você')).toBeInTheDocument();
    expect(bubble(fromOffice.content)).toHaveAttribute('data-own', 'false');
    expect(bubble(fromOffice.content)).toHaveClass('justify-start');
    expect(within(bubble(fromOffice.content)).getByText('Escritório')).toBeInTheDocument();
    expect(log).toHaveClass('h-[400px]');
    expect(screen.getByPlaceholderText('Digite sua mensagem...')).toHaveClass('min-h-[100px]');
    // the thread is on screen: the other side's messages are marked read
    await waitFor(() => expect(readCalls).toEqual([{ p_client_id: 'c1' }]));
  });

  it('mirrors the sides for the office (staff)', async () => {
    renderWithProviders(<MessageThread clientId="c1" viewer="office" otherLabel="Maria Silva" />);
    await screen.findByText(fromClient.content);
    expect(bubble(fromClient.content)).toHaveAttribute('data-own', 'false');
    expect(within(bubble(fromClient.content)).getByText('Maria Silva')).toBeInTheDocument();
    expect(bubble(fromOffice.content)).toHaveAttribute('data-own', 'true');
    expect(within(bubble(fromOffice.content)).getByText('Escritório')).toBeInTheDocument();
  });

  it('invites the first message when the thread is empty', async () => {
    db.seed('messages', [otherClients]);
    renderWithProviders(<MessageThread clientId="c1" viewer="client" />);
    expect(await screen.findByText('Nenhuma mensagem ainda')).toBeInTheDocument();
    expect(screen.getByText('Envie sua primeira mensagem para o escritório.')).toBeInTheDocument();
  });

  it('enables Enviar only with non-blank text or an attachment', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MessageThread clientId="c1" viewer="client" />);
    await screen.findByText(fromClient.content);
    const send = screen.getByRole('button', { name: 'Enviar' });
    expect(send).toBeDisabled();
    const text = screen.getByLabelText('Mensagem');
    await user.type(text, '   ');
    expect(send).toBeDisabled();
    await user.type(text, 'Olá');
    expect(send).toBeEnabled();
    await user.clear(text);
    expect(send).toBeDisabled();
    await user.upload(
      screen.getByLabelText('Anexar arquivo', { selector: 'input' }),
      new File(['pdf'], 'doc.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('doc.pdf')).toBeInTheDocument();
    expect(send).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remover anexo' }));
    expect(send).toBeDisabled();
  });

  it('uploads the attachment, inserts the message as the client and shows it', async () => {
    const user = userEvent.setup();
    vi.spyOn(Date, 'now').mockReturnValue(1700000000123);
    renderWithProviders(<MessageThread clientId="c1" viewer="client" />);
    await screen.findByText(fromClient.content);
    await user.type(screen.getByLabelText('Mensagem'), 'Segue o comprovante');
    await user.upload(
      screen.getByLabelText('Anexar arquivo', { selector: 'input' }),
      new File(['pdf'], 'comprovante.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Mensagem enviada com sucesso')).toBeInTheDocument();
    const uploaded = db.objects('client_documents').find((o) => o.path.endsWith('comprovante.pdf'));
    expect(uploaded).toMatchObject({
      path: 'attachments/c1/1700000000123-comprovante.pdf',
      contentType: 'application/pdf',
    });
    expect(new TextDecoder().decode(uploaded!.bytes)).toBe('pdf');
    expect(db.requests('/rest/v1/messages', 'POST').map((r) => r.body)).toEqual([
      {
        client_id: 'c1',
        sender_type: 'client',
        content: 'Segue o comprovante',
        attachment_url: 'attachments/c1/1700000000123-comprovante.pdf',
      },
    ]);
    expect(db.rows('messages')).toHaveLength(4);
    expect(await screen.findByText('Segue o comprovante')).toBeInTheDocument();
    expect(screen.getByLabelText('Mensagem')).toHaveValue('');
  });

  it('sends as the office from the staff side, without attachment', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MessageThread clientId="c1" viewer="office" />);
    await screen.findByText(fromClient.content);
    await user.type(screen.getByLabelText('Mensagem'), 'Resposta{Enter}');
    await waitFor(() => expect(db.requests('/rest/v1/messages', 'POST')).toHaveLength(1));
    expect(db.requests('/rest/v1/messages', 'POST')[0]!.body).toEqual({
      client_id: 'c1',
      sender_type: 'office',
      content: 'Resposta',
      attachment_url: null,
    });
    expect(await screen.findByText('Resposta')).toBeInTheDocument();
    expect(db.objects('client_documents')).toHaveLength(1); // only the seeded attachment: nothing uploaded
  });

  it('toasts Erro ao enviar mensagem and keeps the text when the insert fails', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(restUrl('messages'), () => postgrestError(403, '42501', 'new row violates row-level security policy')),
    );
    renderWithProviders(<MessageThread clientId="c1" viewer="client" />);
    await screen.findByText(fromClient.content);
    await user.type(screen.getByLabelText('Mensagem'), 'Olá');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Erro ao enviar mensagem')).toBeInTheDocument();
    expect(screen.getByLabelText('Mensagem')).toHaveValue('Olá');
    expect(db.rows('messages')).toHaveLength(3);
  });

  it('subscribes to INSERTs and UPDATEs of the client, appends new ones once, and unsubscribes on unmount', async () => {
    const { unmount } = renderWithProviders(<MessageThread clientId="c1" viewer="client" />);
    await screen.findByText(fromClient.content);
    await waitFor(() => expect(realtime.channels().at(-1)?.joined).toBe(true));
    const channel = realtime.channels().at(-1)!;
    expect(channel.bindings).toEqual([
      expect.objectContaining({ event: 'INSERT', schema: 'public', table: 'messages', filter: 'client_id=eq.c1' }),
      expect.objectContaining({ event: 'UPDATE', schema: 'public', table: 'messages', filter: 'client_id=eq.c1' }),
    ]);
    const reply = {
      ...fromOffice,
      id: 'm3',
      content: 'Nova resposta do escritório',
      attachment_url: null,
      created_at: '2025-01-02T09:00:00Z',
    };
    act(() => realtime.emit('messages', 'INSERT', reply));
    act(() => realtime.emit('messages', 'INSERT', reply));
    act(() => realtime.emit('messages', 'INSERT', { ...otherClients, id: 'm10', content: 'Outro cliente ao vivo' }));
    expect(await screen.findAllByText('Nova resposta do escritório')).toHaveLength(1);
    expect(screen.queryByText('Outro cliente ao vivo')).not.toBeInTheDocument();
    unmount();
    await waitFor(() => expect(channel.left).toBe(true));
  });

  it('downloads an attachment from client_documents, or toasts Erro ao baixar anexo', async () => {
    renderWithProviders(<MessageThread clientId="c1" viewer="client" />);
    await screen.findByText(fromOffice.content);
    const button = screen.getByRole('button', { name: 'Baixar anexo: certidao.pdf' });
    fireEvent.click(button);
    await waitFor(() => expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled());
    expect(db.requests('/storage/v1/object/client_documents/' + fromOffice.attachment_url, 'GET')).toHaveLength(1);
    db.state.objects.clear();
    fireEvent.click(button);
    expect(await screen.findByText('Erro ao baixar anexo')).toBeInTheDocument();
  });
});
