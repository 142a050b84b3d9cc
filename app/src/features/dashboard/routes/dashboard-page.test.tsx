import { screen, within } from '@testing-library/react';
import { format } from 'date-fns';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import DashboardPage from './dashboard-page';

type Reply = { data?: unknown; count?: number | null; error?: { message: string } | null };
const db = vi.hoisted(() => ({
  replies: {} as Record<string, Reply[]>,
}));

vi.mock('@/lib/supabase', () => {
  // A call chain answers the next queued reply of "<table>:<filter>" (the lt / in filters), else of "<table>".
  const chain = (table: string, filters: string[] = []): unknown =>
    new Proxy(
      {},
      {
        get: (_target, prop) => {
          if (prop === 'throwOnError') {
            return async () => {
              const keyed = filters.map((f) => `${table}:${f}`).find((key) => db.replies[key]);
              const reply = db.replies[keyed ?? table]?.shift() ?? { data: [] };
              if (reply.error) throw reply.error;
              return { data: reply.data ?? null, count: reply.count ?? null, error: null };
            };
          }
          if (prop === 'then') return undefined;
          return () => chain(table, ['lt', 'in'].includes(String(prop)) ? [...filters, String(prop)] : filters);
        },
      },
    );
  return { supabase: { from: (table: string) => chain(table) } };
});

const today = format(new Date(), 'yyyy-MM-dd');

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  db.replies = {
    clients: [{ count: 6 }],
    'clients:lt': [{ count: 4 }],
    'clients:in': [{ data: [{ id: 'c1', full_name: 'Maria Silva' }] }],
    processes: [{ data: [{ status: 'em andamento' }, { status: 'aprovado' }, { status: 'concluído' }, { status: 'arquivado' }] }],
    financial_payments: [
      { data: [{ amount: '1500.00', payment_date: today, status: 'paid' }, { amount: 99, payment_date: today, status: 'pending' }] },
    ],
    'tasks:in': [{ count: 3 }],
    'tasks:lt': [{ count: 2 }],
    tasks: [
      {
        data: [
          { id: 't1', title: 'Revisar formulário I-485', due_date: '2024-03-07', priority: 'alta', status: 'pendente', process_id: 1, clients: { full_name: 'Maria Silva' } },
          { id: 't2', title: 'Traduzir certidão', due_date: null, priority: 'media', status: 'concluida', process_id: null, clients: null },
          { id: 't3', title: 'Ligar para o cliente', due_date: null, priority: 'baixa', status: 'pendente', process_id: null, clients: null },
        ],
      },
    ],
    appointments: [
      { data: [{ id: 'a1', title: null, starts_at: '2024-03-08T14:30:00Z', kind: 'online', status: 'agendado', clients: { full_name: 'João Souza' } }] },
    ],
    client_documents: [
      {
        data: [
          { id: 'd1', name: 'Passaporte', document_type: 'passaporte', uploaded_by: 'client', created_at: '2024-03-05T10:00:00Z', client_id: 'c1' },
        ],
      },
    ],
  };
});

function card(name: string) {
  return screen.getByRole('group', { name });
}

describe('DashboardPage', () => {
  it('computes the figures from the data, with the trend versus last month', async () => {
    renderWithProviders(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await within(card('Total de Clientes')).findByText('6')).toBeInTheDocument();
    expect(within(card('Total de Clientes')).getByText('+50%')).toBeInTheDocument();
    expect(await within(card('Processos Ativos')).findByText('2')).toBeInTheDocument();
    // no paid payment last month: the trend is not computable and the sample trend is shown
    expect(await within(card('Receita Mensal')).findByText('R$ 1.500')).toBeInTheDocument();
    expect(within(card('Receita Mensal')).getByText('+15%')).toBeInTheDocument();
    expect(within(card('Receita Mensal')).getByText(/tendência de exemplo/)).toBeInTheDocument();
    expect(within(card('Processos Ativos')).getByText(/tendência de exemplo/)).toBeInTheDocument();
    // open tasks from the tasks table: 3 now against 2 open when the month began
    expect(await within(card('Tarefas Pendentes')).findByText('3')).toBeInTheDocument();
    expect(within(card('Tarefas Pendentes')).getByText('+50%')).toBeInTheDocument();
    expect(within(card('Tarefas Pendentes')).queryByText(/de exemplo/)).not.toBeInTheDocument();
    expect(within(card('Total de Clientes')).queryByText(/de exemplo/)).not.toBeInTheDocument();
  });

  it('falls back to the spec sample figures when the data cannot be read', async () => {
    db.replies = {
      clients: [{ error: { message: 'denied' } }],
      processes: [{ error: { message: 'denied' } }],
      financial_payments: [{ error: { message: 'denied' } }],
      client_documents: [{ error: { message: 'denied' } }],
      tasks: [{ error: { message: 'denied' } }],
      appointments: [{ error: { message: 'denied' } }],
    };
    renderWithProviders(<DashboardPage />);
    expect(await within(card('Total de Clientes')).findByText('128')).toBeInTheDocument();
    expect(await within(card('Processos Ativos')).findByText('84')).toBeInTheDocument();
    expect(await within(card('Receita Mensal')).findByText('R$ 42.500')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum documento recente.')).toBeInTheDocument();
    // lists never show samples: an empty state instead
    expect(await screen.findByText('Nenhum agendamento próximo.')).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma tarefa.')).toBeInTheDocument();
  });

  it('shows no Financeiro or CRM card to a secretary (no finance area, no CRM)', () => {
    renderWithProviders(<DashboardPage />, { auth: { roles: ['secretary'] } });
    const nav = screen.getByRole('navigation', { name: 'Acesso rápido' });
    const hrefs = within(nav).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/clientes', '/processos', '/agendamentos', '/tarefas']);
  });

  it('shows the six navigation cards and the three lists', async () => {
    renderWithProviders(<DashboardPage />, { auth: { roles: ['administrator'] } });
    const nav = screen.getByRole('navigation', { name: 'Acesso rápido' });
    const hrefs = within(nav).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/clientes', '/processos', '/financeiro', '/agendamentos', '/tarefas', '/crm']);
    expect(screen.getByRole('heading', { name: 'Próximos Agendamentos' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tarefas Recentes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Documentos Recentes' })).toBeInTheDocument();
    expect(await screen.findByText('Revisar formulário I-485')).toBeInTheDocument();
    expect(screen.getByText(/Maria Silva · Processo 1 · 07\/03\/2024/)).toBeInTheDocument();
    expect(await screen.findByText('João Souza')).toBeInTheDocument();
    expect(screen.getByText('Alta').className).toContain('bg-red-100');
    expect(screen.getByText('Média').className).toContain('bg-yellow-100');
    expect(screen.getByText('Baixa').className).toContain('bg-green-100');
    expect(await screen.findByText('Passaporte')).toBeInTheDocument();
    expect(screen.getByText(/Maria Silva · 05\/03\/2024/)).toBeInTheDocument();
  });
});
