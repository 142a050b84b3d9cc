import { describe, expect, it } from 'vitest';
import {
  appendMessage,
  attachmentName,
  attachmentPath,
  canSendMessage,
  safeFileName,
  whatsappWindowOpen,
  type Message,
} from './rules';

const msg = (id: string, created_at: string): Message => ({
  id,
  client_id: 'c1',
  sender_type: 'client',
  content: id,
  attachment_url: null,
  created_at,
});

describe('canSendMessage', () => {
  it('needs non-blank text or an attachment', () => {
    expect(canSendMessage('', null)).toBe(false);
    expect(canSendMessage('   \n\t', null)).toBe(false);
    expect(canSendMessage(undefined, undefined)).toBe(false);
    expect(canSendMessage('Olá', null)).toBe(true);
    expect(canSendMessage('', new File(['x'], 'a.pdf'))).toBe(true);
    expect(canSendMessage('  ', new File(['x'], 'a.pdf'))).toBe(true);
  });
});

describe('attachment paths', () => {
  it('puts attachments under attachments/<client_id>/<timestamp>-<filename>', () => {
    expect(attachmentPath('c1', 'certidao.pdf', 1700000000000)).toBe('attachments/c1/1700000000000-certidao.pdf');
  });

  it('makes file names safe for storage', () => {
    expect(safeFileName('Certidão de casamento (1).pdf')).toBe('Certidao_de_casamento_1_.pdf');
    expect(safeFileName('...')).toBe('arquivo');
    expect(attachmentPath('c1', 'São Paulo.txt', 5)).toBe('attachments/c1/5-Sao_Paulo.txt');
  });

  it('shows the file name without folder and timestamp', () => {
    expect(attachmentName('attachments/c1/1700000000000-certidao.pdf')).toBe('certidao.pdf');
    expect(attachmentName('attachments/c1/notimestamp.pdf')).toBe('notimestamp.pdf');
    expect(attachmentName(null)).toBe('');
  });
});

describe('appendMessage', () => {
  it('appends a new message in date order and ignores one already present', () => {
    const a = msg('a', '2025-01-01T10:00:00Z');
    const b = msg('b', '2025-01-01T11:00:00+00:00');
    const list = appendMessage([a], b);
    expect(list.map((m) => m.id)).toEqual(['a', 'b']);
    expect(appendMessage(list, { ...b }).map((m) => m.id)).toEqual(['a', 'b']);
    expect(appendMessage(undefined, a)).toEqual([a]);
    // an earlier message that arrives late is placed before
    expect(appendMessage([b], a).map((m) => m.id)).toEqual(['a', 'b']);
  });
});

describe('whatsappWindowOpen', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it('is open for 24 hours after the last inbound WhatsApp message only', () => {
    expect(whatsappWindowOpen('2026-11-27T12:30:00Z', now)).toBe(true);
    expect(whatsappWindowOpen('2026-11-27T11:59:00Z', now)).toBe(false);
    expect(whatsappWindowOpen(null, now)).toBe(false);
    expect(whatsappWindowOpen('não é data', now)).toBe(false);
  });
});
