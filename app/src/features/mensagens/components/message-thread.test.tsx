import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { db } from '@/testing/mock-supabase';
import { MessageThread } from './message-thread';

vi.mock('@/lib/supabase', async () => ({ supabase: (await import('@/testing/mock-supabase')).db.client }));

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

beforeEach(() => {
  db.reset();
  db.state.rows.messages = [fromClient, fromOffice];
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
    expect(await screen.findByText(fromClient.content)).toBeTruthy();
    expect(db.callsOf('messages', 'eq')[0]!.args).toEqual(['client_id', 'c1']);
    expect(db.callsOf('messages', 'order')[0]!.args).toEqual(['created_at', { ascending: true }]);
    expect(bubble(fromClient.content).getAttribute('data-own')).toBe('true');
    expect(bubble(fromClient.content).className).toContain('justify-end');
    expect(within(bubble(fromClient.content)).getByText('Você')).toBeTruthy();
    expect(bubble(fromOffice.content).getAttribute('data-own')).toBe('false');
    expect(bubble(fromOffice.content).className).toContain('justify-start');
    expect(within(bubble(fromOffice.content)).getByText('Escritório')).toBeTruthy();
    const log = screen.getByRole('log', { name: 'Mensagens' });
    expect(log.className).toContain('h-[400px]');
    expect(screen.getByPlaceholderText('Digite sua mensagem...').className).toContain('min-h-[100px]');
  });

  it('mirrors the sides for the office (staff)', async () => {
    renderWithProviders(<MessageThread clientId="c1" viewer="office" otherLabel="Maria Silva" />);
    await screen.findByText(fromClient.content);
    expect(bubble(fromClient.content).getAttribute('data-own')).toBe('false');
    expect(within(bubble(fromClient.content)).getByText('Maria Silva')).toBeTruthy();
    expect(bubble(fromOffice.content).getAttribute('data-own')).toBe('true');
    expect(within(bubble(fromOffice.content)).getByText('Escritório')).toBeTruthy();
  });

  it('invites the first message when the thread is empty', async () => {
    db.state.rows.messages = [];
    renderWithProviders(<MessageThread clientId="c1" viewer="client" />);
    expect(await screen.findByText('Nenhuma mensagem ainda')).toBeTruthy();
    expect(screen.getByText('Envie sua primeira mensagem para o escritório.')).toBeTruthy();
  });

  it('enables Enviar only with non-blank text or an attachment', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MessageThread clientId="c1" viewer="client" />);
    await screen.findByText(fromClient.content);
    const send = screen.getByRole('button', { name: 'Enviar' });
    expect(send.hasAttribute('disabled')).toBe(true);
    const text = screen.getByLabelText('Mensagem');
    await user.type(text, '   ');
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.type(text, 'Olá');
    expect(send.hasAttribute('disabled')).toBe(false);
    await user.clear(text);
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.upload(screen.getByLabelText('Anexar arquivo', { selector: 'input' }), new File(['pdf'], 'doc.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('doc.pdf')).toBeTruthy();
    expect(send.hasAttribute('disabled')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remover anexo' }));
    expect(send.hasAttribute('disabled')).toBe(true);
  });

  it('uploads the attachment, inserts the message as the client and shows it', async () => {
    const user = userEvent.setup();
    vi.spyOn(Date, 'now').mockReturnValue(1700000000123);
    renderWithProviders(<MessageThread clientId="c1" viewer="client" />);
    await screen.findByText(fromClient.content);
    await user.type(screen.getByLabelText('Mensagem'), 'Segue o comprovante');
    await user.upload(screen.getByLabelText('Anexar arquivo', { selector: 'input' }), new File(['pdf'], 'comprovante.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Mensagem enviada com sucesso')).toBeTruthy();
    expect(db.state.uploads[0]!.path).toBe('attachments/c1/1700000000123-comprovante.pdf');
    expect(db.state.inserts[0]).toEqual({
      table: 'messages',
      row: {
        client_id: 'c1',
        sender_type: 'client',
        content: 'Segue o comprovante',
        attachment_url: 'attachments/c1/1700000000123-comprovante.pdf',
      },
    });
    expect(await screen.findByText('Segue o comprovante')).toBeTruthy();
    expect((screen.getByLabelText('Mensagem') as HTMLTextAreaElement).value).toBe('');
  });

  it('sends as the office from the staff side, without attachment', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MessageThread clientId="c1" viewer="office" />);
    await screen.findByText(fromClient.content);
    await user.type(screen.getByLabelText('Mensagem'), 'Resposta{Enter}');
    await waitFor(() => expect(db.state.inserts).toHaveLength(1));
    expect(db.state.inserts[0]!.row).toEqual({ client_id: 'c1', sender_type: 'office', content: 'Resposta', attachment_url: null });
    expect(db.state.uploads).toHaveLength(0);
  });

  it('toasts Erro ao enviar mensagem and keeps the text when the insert fails', async () => {
    const user = userEvent.setup();
    db.state.insertError = { message: 'new row violates row-level security policy' };
    renderWithProviders(<MessageThread clientId="c1" viewer="client" />);
    await screen.findByText(fromClient.content);
    await user.type(screen.getByLabelText('Mensagem'), 'Olá');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Erro ao enviar mensagem')).toBeTruthy();
    expect((screen.getByLabelText('Mensagem') as HTMLTextAreaElement).value).toBe('Olá');
  });

  it('subscribes to INSERTs of the client, appends new ones once, and unsubscribes on unmount', async () => {
    const { unmount } = renderWithProviders(<MessageThread clientId="c1" viewer="client" />);
    await screen.findByText(fromClient.content);
    const channel = db.state.channels.at(-1)!;
    expect(channel.subscribed).toBe(true);
    expect(channel.filters[0]).toEqual({ event: 'INSERT', schema: 'public', table: 'messages', filter: 'client_id=eq.c1' });
    const reply = { ...fromOffice, id: 'm3', content: 'Nova resposta do escritório', attachment_url: null, created_at: '2025-01-02T09:00:00Z' };
    act(() => db.emitInsert(reply));
    act(() => db.emitInsert(reply));
    expect(await screen.findAllByText('Nova resposta do escritório')).toHaveLength(1);
    unmount();
    expect(db.state.removed).toContain(channel.name);
  });

  it('downloads an attachment from client_documents, or toasts Erro ao baixar anexo', async () => {
    renderWithProviders(<MessageThread clientId="c1" viewer="client" />);
    await screen.findByText(fromOffice.content);
    const button = screen.getByRole('button', { name: 'Baixar anexo: certidao.pdf' });
    fireEvent.click(button);
    await waitFor(() => expect(db.state.downloads).toEqual([fromOffice.attachment_url]));
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled();
    db.state.downloadError = { message: 'Object not found' };
    fireEvent.click(button);
    expect(await screen.findByText('Erro ao baixar anexo')).toBeTruthy();
  });
});
