import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import ComissoesPage from './comissoes-page';
import OrcamentosPage from './orcamentos-page';

const quote = {
  id: 'q1',
  client_id: 'c1',
  title: 'Remoção de condições',
  quote_number: 'OR-2025-0001',
  status: 'sent',
  currency: 'USD',
  subtotal_amount: '3750.00',
  discount_amount: '250.00',
  total_amount: '3500.00',
  total_brl: '18655.00',
  exchange_rate: '5.33',
  exchange_rate_date: '2025-11-19',
  fees_date: '2025-11-20',
  expiration_date: '2025-12-20',
  notes: null,
  sales_staff_id: null,
  decided_at: null,
  created_at: '2025-11-20T10:00:00Z',
  client: { full_name: 'Maria Silva' },
  contract: null,
};

describe('Orçamentos', { timeout: 20_000 }, () => {
  it('lists quotes newest first with their totals in dollars and reais', async () => {
    // stored oldest first: the page asks for created_at descending
    db.seed('financial_quotes', [
      {
        ...quote,
        id: 'q0',
        quote_number: 'OR-2025-0000',
        created_at: '2025-01-05T10:00:00Z',
        client: { full_name: 'João Souza' },
      },
      quote,
    ]);
    renderWithProviders(<OrcamentosPage />);
    expect(await screen.findByText('OR-2025-0001')).toBeInTheDocument();
    expect(screen.getAllByText(/^OR-2025-000\d$/).map((cell) => cell.textContent)).toEqual([
      'OR-2025-0001',
      'OR-2025-0000',
    ]);
    expect(screen.getByText('Maria Silva')).toBeInTheDocument();
    expect(screen.getAllByText('Enviado')).toHaveLength(2);
    expect(screen.getAllByText('US$ 3.500,00')).toHaveLength(2);
    expect(screen.getAllByText('R$ 18.655,00')).toHaveLength(2);
    expect(screen.getAllByText('20/12/2025')).toHaveLength(2);
  });

  it('shows an empty state when there are no quotes', async () => {
    db.seed('financial_quotes', []);
    renderWithProviders(<OrcamentosPage />);
    expect(await screen.findByText('Nenhum orçamento cadastrado')).toBeInTheDocument();
  });
});

describe('Comissões', { timeout: 20_000 }, () => {
  const statement = {
    staff_id: 's1',
    staff_name: 'Carla Comercial',
    period_month: '2025-02-01',
    currency: 'USD',
    commission_count: 2,
    base_total: '1700.00',
    amount_total: '170.00',
    paid_total: '0',
    pending_total: '170.00',
  };

  it('marks a month paid through mark_commissions_paid (administrator)', async () => {
    db.seed('financial_commission_statements', [statement]);
    const calls: Record<string, unknown>[] = [];
    server.use(
      rpc('mark_commissions_paid', (args) => {
        calls.push(args);
        return 2;
      }),
    );
    renderWithProviders(<ComissoesPage />);
    expect(await screen.findByText('Carla Comercial')).toBeInTheDocument();
    expect(screen.getByText('fevereiro/2025')).toBeInTheDocument();
    expect(screen.getAllByText('US$ 170,00')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como paga' }));
    await waitFor(() => expect(calls).toEqual([{ staff_id: 's1', period_month: '2025-02-01' }]));
  });

  it('does not offer the button to other staff', async () => {
    db.seed('financial_commission_statements', [statement]);
    renderWithProviders(<ComissoesPage />, { auth: { roles: ['commercial'] } });
    expect(await screen.findByText('Carla Comercial')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar como paga' })).not.toBeInTheDocument();
  });
});
