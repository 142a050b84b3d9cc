import { screen, within } from '@testing-library/react';
import { format } from 'date-fns';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, postgrestError, rpc, server, SUPABASE_URL } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import DashboardPage from './dashboard-page';

const now = new Date();
const thisMonth = now.toISOString();
const longAgo = '2020-01-15T10:00:00Z';
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

const maria = { id: 'c1', full_name: 'Maria Silva', created_at: longAgo };
const task = { due_date: null, process_id: null, completed_at: null, clients: null };

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // 6 clients, 4 of them from before this month: +50%
  db.seed('clients', [
    maria,
    ...['c2', 'c3', 'c4'].map((id) => ({ id, full_name: `Cliente ${id}`, created_at: longAgo })),
    ...['c5', 'c6'].map((id) => ({ id, full_name: `Cliente ${id}`, created_at: thisMonth })),
  ]);
  db.seed('processes', [
    { status: 'em andamento', created_at: thisMonth },
    { status: 'aprovado', created_at: thisMonth },
    { status: 'concluído', created_at: thisMonth },
    { status: 'arquivado', created_at: thisMonth },
  ]);
  // the database counts and sums (active_process_count, paid_revenue_by_month): 2 of 4 processes are active
  server.use(
    rpc('active_process_count', () => 2),
    // paid this month: R$ 1.500 and US$ 100 (a payment in dollars is never added to the reais)
    rpc('paid_revenue_by_month', () => [
      { currency: 'BRL', month: format(now, 'yyyy-MM-01'), total: '1500.00' },
      { currency: 'USD', month: format(now, 'yyyy-MM-01'), total: '100.00' },
    ]),
  );
  // open now: t1, t3, t5 (3); open when the month began: t2 and t3 (2): +50%. Stored oldest first.
  db.seed('tasks', [
    {
      ...task,
      id: 't7',
      title: 'Tarefa encerrada há muito',
      priority: 'baixa',
      status: 'concluida',
      completed_at: longAgo,
      created_at: '2020-01-01T00:00:00Z',
    },
    {
      ...task,
      id: 't6',
      title: 'Tarefa cancelada',
      priority: 'baixa',
      status: 'cancelada',
      created_at: '2020-01-02T00:00:00Z',
    },
    {
      ...task,
      id: 't3',
      title: 'Ligar para o cliente',
      priority: 'baixa',
      status: 'pendente',
      created_at: '2020-01-03T00:00:00Z',
    },
    {
      ...task,
      id: 't2',
      title: 'Traduzir certidão',
      priority: 'media',
      status: 'concluida',
      completed_at: thisMonth,
      created_at: '2020-01-04T00:00:00Z',
    },
    {
      ...task,
      id: 't5',
      title: 'Preparar audiência',
      priority: 'baixa',
      status: 'em_andamento',
      created_at: thisMonth,
    },
    {
      ...task,
      id: 't1',
      title: 'Revisar formulário I-485',
      due_date: '2024-03-07',
      priority: 'alta',
      status: 'pendente',
      process_id: 1,
      clients: { full_name: 'Maria Silva' },
      created_at: inDays(0.0001),
    },
  ]);
  db.seed('appointments', [
    {
      id: 'a9',
      title: null,
      starts_at: inDays(5),
      kind: 'online',
      status: 'cancelado',
      clients: { full_name: 'Cliente Cancelado' },
    },
    {
      id: 'a1',
      title: null,
      starts_at: inDays(2),
      kind: 'online',
      status: 'agendado',
      clients: { full_name: 'João Souza' },
    },
    {
      id: 'a0',
      title: null,
      starts_at: inDays(-2),
      kind: 'online',
      status: 'agendado',
      clients: { full_name: 'Cliente Passado' },
    },
  ]);
  db.seed('client_documents', [
    {
      id: 'd1',
      name: 'Passaporte',
      document_type: 'passaporte',
      uploaded_by: 'client',
      created_at: '2024-03-05T10:00:00Z',
      client_id: 'c1',
    },
  ]);
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
    // each currency on its own; no paid payment last month: no trend at all (never a sample one)
    expect(await within(card('Receita Mensal')).findByText('US$ 100 · R$ 1.500')).toBeInTheDocument();
    expect(within(card('Receita Mensal')).queryByText(/%/)).not.toBeInTheDocument();
    expect(within(card('Processos Ativos')).queryByText(/%/)).not.toBeInTheDocument();
    expect(screen.queryByText(/de exemplo/)).not.toBeInTheDocument();
    // open tasks from the tasks table: 3 now against 2 open when the month began
    expect(await within(card('Tarefas Pendentes')).findByText('3')).toBeInTheDocument();
    expect(within(card('Tarefas Pendentes')).getByText('+50%')).toBeInTheDocument();
    expect(within(card('Tarefas Pendentes')).queryByText(/de exemplo/)).not.toBeInTheDocument();
    expect(within(card('Total de Clientes')).queryByText(/de exemplo/)).not.toBeInTheDocument();
  });

  it('shows no figure (never a sample one) when the data cannot be read', async () => {
    server.use(
      http.all(`${SUPABASE_URL}/rest/v1/:table`, () => postgrestError(403, '42501', 'permission denied')),
      http.all(`${SUPABASE_URL}/rest/v1/rpc/:fn`, () => postgrestError(403, '42501', 'permission denied')),
    );
    renderWithProviders(<DashboardPage />);
    for (const name of ['Total de Clientes', 'Processos Ativos', 'Receita Mensal', 'Tarefas Pendentes']) {
      expect(await within(card(name)).findByText('—')).toBeInTheDocument();
    }
    expect(screen.queryByText('128')).not.toBeInTheDocument();
    expect(screen.queryByText('R$ 42.500')).not.toBeInTheDocument();
    expect(screen.queryByText(/%/)).not.toBeInTheDocument();
    expect(await screen.findByText('Nenhum documento recente.')).toBeInTheDocument();
    // lists never show samples: an empty state instead
    expect(await screen.findByText('Nenhum agendamento próximo.')).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma tarefa.')).toBeInTheDocument();
  });

  it('shows no Financeiro or CRM card to a secretary (no finance area, no CRM)', () => {
    renderWithProviders(<DashboardPage />, { auth: { roles: ['secretary'] } });
    const nav = screen.getByRole('navigation', { name: 'Acesso rápido' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/clientes', '/processos', '/agendamentos', '/tarefas']);
  });

  it('shows the six navigation cards and the three lists', async () => {
    renderWithProviders(<DashboardPage />, { auth: { roles: ['administrator'] } });
    const nav = screen.getByRole('navigation', { name: 'Acesso rápido' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/clientes', '/processos', '/financeiro', '/agendamentos', '/tarefas', '/crm']);
    expect(screen.getByRole('heading', { name: 'Próximos Agendamentos' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tarefas Recentes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Documentos Recentes' })).toBeInTheDocument();
    expect(await screen.findByText('Revisar formulário I-485')).toBeInTheDocument();
    expect(screen.getByText(/Maria Silva · Processo 1 · 07\/03\/2024/)).toBeInTheDocument();
    expect(await screen.findByText('João Souza')).toBeInTheDocument();
    // past and cancelled appointments stay out
    expect(screen.queryByText('Cliente Passado')).not.toBeInTheDocument();
    expect(screen.queryByText('Cliente Cancelado')).not.toBeInTheDocument();
    // the five newest tasks that are not cancelled, newest first
    const tasks = within(
      screen.getByRole('heading', { name: 'Tarefas Recentes' }).closest('[data-slot="card"]') as HTMLElement,
    );
    expect(tasks.getAllByText(/^(Revisar|Traduzir|Ligar|Preparar|Tarefa) /).map((t) => t.textContent)).toEqual([
      'Revisar formulário I-485',
      'Preparar audiência',
      'Traduzir certidão',
      'Ligar para o cliente',
      'Tarefa encerrada há muito',
    ]);
    expect(tasks.getByText('Alta')).toHaveClass('bg-red-100');
    expect(tasks.getByText('Média')).toHaveClass('bg-yellow-100');
    expect(tasks.getAllByText('Baixa')[0]).toHaveClass('bg-green-100');
    expect(await screen.findByText('Passaporte')).toBeInTheDocument();
    expect(screen.getByText(/Maria Silva · 05\/03\/2024/)).toBeInTheDocument();
  });

  it("shows the next appointments on the office's clock (New York) even from a browser in Brazil, noted once", async () => {
    vi.stubEnv('TZ', 'America/Sao_Paulo');
    try {
      db.seed('appointments', [
        {
          id: 'a5',
          title: null,
          starts_at: '2099-12-10T15:00:00Z',
          kind: 'presencial',
          status: 'agendado',
          clients: maria,
        },
      ]);
      renderWithProviders(<DashboardPage />);
      expect(await screen.findByText('10/12/2099 10:00')).toBeInTheDocument();
      expect(screen.getAllByText(/^Horários no fuso do escritório \(Nova York, E[SD]T\)$/)).toHaveLength(1);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
