import { describe, expect, it } from 'vitest';
import type { ClientFinance } from '@/types/finance';
import type { ClientProcess } from '../types';
import { firstName, overviewCounts, recentActivity } from './overview';

const now = new Date(2025, 5, 15, 12, 0, 0); // 15/06/2025 12:00 local

const process = (id: number, status: string): ClientProcess => ({
  id,
  client_id: 'c1',
  type: 'Asilo',
  stage: null,
  next_date: null,
  status,
  description: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: null,
});

const finance: ClientFinance = {
  contracts: [],
  payments: [
    {
      id: 'p1',
      client_id: 'c1',
      contract_id: null,
      amount: 4000,
      currency: 'BRL',
      payment_date: '2025-06-01',
      payment_method: 'PIX',
      status: 'paid',
      notes: null,
    },
    {
      id: 'p2',
      client_id: 'c1',
      contract_id: null,
      amount: 2000,
      currency: 'BRL',
      payment_date: '2025-06-20',
      payment_method: 'Boleto',
      status: 'pending',
      notes: null,
    },
    {
      id: 'p3',
      client_id: 'c1',
      contract_id: null,
      amount: 1000,
      currency: 'USD',
      payment_date: '2025-06-10',
      payment_method: 'Boleto',
      status: 'overdue',
      notes: null,
    },
  ],
  quotes: [
    {
      id: 'q1',
      client_id: 'c1',
      title: 'A',
      quote_number: 'OR-1',
      status: 'pending',
      total_amount: 1,
      currency: 'USD',
      expiration_date: '2025-07-01',
      notes: null,
      created_at: '',
    },
    {
      id: 'q2',
      client_id: 'c1',
      title: 'B',
      quote_number: 'OR-2',
      status: 'pending',
      total_amount: 1,
      currency: 'USD',
      expiration_date: '2025-06-01',
      notes: null,
      created_at: '',
    },
    {
      id: 'q3',
      client_id: 'c1',
      title: 'C',
      quote_number: 'OR-3',
      status: 'draft',
      total_amount: 1,
      currency: 'USD',
      expiration_date: null,
      notes: null,
      created_at: '',
    },
  ],
};

const messages = [
  { id: 'm1', sender_type: 'client', content: 'Olá', attachment_url: null, created_at: '2025-06-05T10:00:00Z' },
  { id: 'm2', sender_type: 'office', content: 'Bom dia', attachment_url: null, created_at: '2025-06-12T10:00:00Z' },
  {
    id: 'm3',
    sender_type: 'office',
    content: '',
    attachment_url: 'attachments/c1/1-a.pdf',
    created_at: '2025-06-14T10:00:00Z',
  },
];

describe('overviewCounts', () => {
  it('computes the cards from the client data', () => {
    const counts = overviewCounts(
      { processes: [process(1, 'em andamento'), process(2, 'Pendente'), process(3, 'concluído')], finance, messages },
      now,
    );
    expect(counts).toEqual({ activeProcesses: 2, openPayments: 2, officeMessages: 2, nextSteps: 3 });
  });

  it('is zero without data', () => {
    expect(
      overviewCounts({ processes: [], finance: { contracts: [], payments: [], quotes: [] }, messages: [] }, now),
    ).toEqual({
      activeProcesses: 0,
      openPayments: 0,
      officeMessages: 0,
      nextSteps: 0,
    });
  });
});

describe('recentActivity', () => {
  it('merges messages, documents and past payments newest first, top 5', () => {
    const documents = [
      { id: 'd1', name: 'Passaporte', uploaded_by: 'client' as const, created_at: '2025-06-13T09:00:00Z' },
      { id: 'd2', name: 'Contrato', uploaded_by: 'office' as const, created_at: '2025-05-01T09:00:00Z' },
    ];
    const items = recentActivity({ messages, documents, payments: finance.payments }, now);
    expect(items.map((i) => i.key)).toEqual(['message-m3', 'document-d1', 'message-m2', 'payment-p3', 'message-m1']);
    expect(items[0]).toMatchObject({ title: 'Nova mensagem do escritório', detail: 'Anexo enviado' });
    expect(items[1]).toMatchObject({ title: 'Você enviou um documento', detail: 'Passaporte' });
    // a payment in dollars shows in dollars
    expect(items[3]).toMatchObject({ title: 'Pagamento', detail: 'US$ 1.000,00 · Atrasado' });
    // the future payment (p2) is not an event yet
    expect(recentActivity({ messages: [], documents: [], payments: finance.payments }, now).map((i) => i.key)).toEqual([
      'payment-p3',
      'payment-p1',
    ]);
    expect(recentActivity({ messages, documents, payments: finance.payments }, now, 3)).toHaveLength(3);
  });

  it('is empty without events', () => {
    expect(recentActivity({ messages: [], documents: [], payments: [] }, now)).toEqual([]);
  });
});

describe('firstName', () => {
  it('takes the first word', () => {
    expect(firstName('Maria Silva')).toBe('Maria');
    expect(firstName('  João  Souza ')).toBe('João');
    expect(firstName(null)).toBe('');
  });
});
