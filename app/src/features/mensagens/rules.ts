/** Pure rules of the message thread: when the send button is enabled, storage paths, file names. */
import { stripAccents } from '@/lib/text';

/** Message rule (spec section 5): non-blank text or an attachment is required. */
export function canSendMessage(text: string | null | undefined, attachment: File | Blob | null | undefined): boolean {
  return Boolean((text ?? '').trim()) || Boolean(attachment);
}

/** Storage rejects some characters in object names: keep letters, digits, dot, dash and underscore. */
export function safeFileName(name: string): string {
  const cleaned = stripAccents(name)
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '');
  return cleaned || 'arquivo';
}

/** attachments/<client_id>/<timestamp>-<filename> in the client_documents bucket. */
export function attachmentPath(clientId: string, fileName: string, now: number = Date.now()): string {
  return `attachments/${clientId}/${now}-${safeFileName(fileName)}`;
}

/** The file name shown for an attachment path: last segment without the timestamp prefix. */
export function attachmentName(path: string | null | undefined): string {
  if (!path) return '';
  const last = path.split('/').pop() ?? path;
  return last.replace(/^\d+-/, '') || last;
}

export type SenderType = 'client' | 'office';

export type MessageChannel = 'portal' | 'whatsapp' | 'email';
export type DeliveryStatus = 'queued' | 'sent' | 'delivered' | 'read' | 'failed';

export interface Message {
  id: string;
  client_id: string;
  sender_type: SenderType;
  content: string | null;
  attachment_url: string | null;
  created_at: string;
  /** Older rows (and tests) may lack these: the portal channel, no delivery. */
  channel?: MessageChannel;
  delivery_status?: DeliveryStatus | null;
  document_id?: string | null;
}

/** A message changed in place (a WhatsApp file stored, a delivery status): the cached copy takes the new row. */
export function replaceMessage(list: readonly Message[] | undefined, message: Message): Message[] {
  const current = list ?? [];
  return current.map((m) => (m.id === message.id ? { ...m, ...message } : m));
}

/** Free-form WhatsApp replies are allowed for 24 hours after the client's last WhatsApp message. */
export function whatsappWindowOpen(lastInbound: string | null | undefined, now: number = Date.now()): boolean {
  if (!lastInbound) return false;
  const at = Date.parse(lastInbound);
  return !Number.isNaN(at) && now - at < 24 * 60 * 60 * 1000;
}

/** Appends a message unless one with the same id is already there (realtime + own insert). */
export function appendMessage(list: readonly Message[] | undefined, message: Message): Message[] {
  const current = list ?? [];
  if (current.some((m) => m.id === message.id)) return [...current];
  return [...current, message].sort((a, b) => timeOf(a.created_at) - timeOf(b.created_at));
}

function timeOf(value: string): number {
  const t = Date.parse(value);
  return Number.isNaN(t) ? Number.MAX_SAFE_INTEGER : t;
}
