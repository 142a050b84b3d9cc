/** The portal home: counts of the overview cards and the merged recent-activity list, from the client's own data. */
import { formatMoney, parseDate } from '@/lib/format';
import type { ClientFinance } from '@/types/finance';
import type { ClientDocument, ClientProcess } from '../types';
import { financeStatusLabel } from '@/lib/glossary';
import { isOpenPayment, processGroup } from '@/lib/status';

export interface MessageLike {
  id: string;
  sender_type: string;
  content: string | null;
  attachment_url: string | null;
  created_at: string;
}

export interface OverviewCounts {
  activeProcesses: number;
  openPayments: number;
  officeMessages: number;
  nextSteps: number;
}

function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

/**
 * - processes: the active ones (em andamento, pendente...);
 * - finance: payments still open (pending or overdue);
 * - messages: messages from the office;
 * - next steps: open payments plus pending quotes that have not expired.
 */
export function overviewCounts(
  data: { processes: readonly ClientProcess[]; finance: ClientFinance; messages: readonly MessageLike[] },
  now: Date = new Date(),
): OverviewCounts {
  const today = startOfDay(now).getTime();
  const openPayments = data.finance.payments.filter((p) => isOpenPayment(p.status)).length;
  const openQuotes = data.finance.quotes.filter((q) => {
    if (!['pending', 'pendente'].includes(q.status.trim().toLowerCase())) return false;
    const expiry = parseDate(q.expiration_date);
    return !expiry || expiry.getTime() >= today;
  }).length;
  return {
    activeProcesses: data.processes.filter((p) => processGroup(p.status) === 'active').length,
    openPayments,
    officeMessages: data.messages.filter((m) => m.sender_type === 'office').length,
    nextSteps: openPayments + openQuotes,
  };
}

export type ActivityKind = 'message' | 'document' | 'payment';

export interface ActivityItem {
  key: string;
  kind: ActivityKind;
  date: string;
  title: string;
  detail: string;
}

export const ACTIVITY_TEXT = {
  messageFromOffice: 'Nova mensagem do escritório',
  messageFromYou: 'Você enviou uma mensagem',
  documentFromOffice: 'Documento enviado pelo escritório',
  documentFromYou: 'Você enviou um documento',
  payment: 'Pagamento',
  attachmentOnly: 'Anexo enviado',
} as const;

function timeOf(value: string | null | undefined): number | null {
  const d = parseDate(value);
  return d ? d.getTime() : null;
}

/** Newest messages, documents and payments (those already dated up to now), merged by date, newest first. */
export function recentActivity(
  data: {
    messages: readonly MessageLike[];
    documents: readonly Pick<ClientDocument, 'id' | 'name' | 'uploaded_by' | 'created_at'>[];
    payments: ClientFinance['payments'];
  },
  now: Date = new Date(),
  limit = 5,
): ActivityItem[] {
  const items: (ActivityItem & { time: number })[] = [];
  for (const m of data.messages) {
    const time = timeOf(m.created_at);
    if (time === null) continue;
    items.push({
      key: `message-${m.id}`,
      kind: 'message',
      date: m.created_at,
      time,
      title: m.sender_type === 'office' ? ACTIVITY_TEXT.messageFromOffice : ACTIVITY_TEXT.messageFromYou,
      detail: m.content?.trim() || ACTIVITY_TEXT.attachmentOnly,
    });
  }
  for (const d of data.documents) {
    const time = timeOf(d.created_at);
    if (time === null) continue;
    items.push({
      key: `document-${d.id}`,
      kind: 'document',
      date: d.created_at,
      time,
      title: d.uploaded_by === 'office' ? ACTIVITY_TEXT.documentFromOffice : ACTIVITY_TEXT.documentFromYou,
      detail: d.name,
    });
  }
  const endOfToday = startOfDay(now).getTime() + 24 * 60 * 60 * 1000 - 1;
  for (const p of data.payments) {
    const time = timeOf(p.payment_date);
    if (time === null || time > endOfToday) continue;
    items.push({
      key: `payment-${p.id}`,
      kind: 'payment',
      date: p.payment_date!,
      time,
      title: ACTIVITY_TEXT.payment,
      detail: `${formatMoney(p.amount, p.currency)} · ${financeStatusLabel(p.status)}`,
    });
  }
  return items
    .sort((a, b) => b.time - a.time)
    .slice(0, limit)
    .map(({ time: _time, ...item }) => item);
}

/** First name for the welcome line ('Maria Silva' -> 'Maria'). */
export function firstName(fullName: string | null | undefined): string {
  return (fullName ?? '').trim().split(/\s+/)[0] ?? '';
}
