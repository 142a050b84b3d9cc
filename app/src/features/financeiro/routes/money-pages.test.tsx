import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import ComissoesPage from './comissoes-page';
import OrcamentosPage from './orcamentos-page';

const from = vi.fn();
const rpc = vi.fn();
vi.mock('@/lib/supabase', () => ({
  supabase: { from: (...args: unknown[]) => from(...args), rpc: (...args: unknown[]) => rpc(...args), functions: { invoke: vi.fn() } },
}));

/** A thenable query builder answering `rows` whatever the filters. */
function builder(rows: unknown[]) {
  const b: Record<string, unknown> = {};
  for (const m of ['select', 'order', 'eq', 'limit', 'insert', 'update', 'delete', 'single']) b[m] = () => b;
  b.then = (resolve: (v: unknown) => unknown) => resolve({ data: rows, error: null });
  b.throwOnError = () => b;
  return b;
}

beforeEach(() => {
  from.mockReset();
  rpc.mockReset();
});

describe('Orçamentos', { timeout: 20_000 }, () => {
  it('lists quotes with their totals in dollars and reais', async () => {
    from.mockImplementation((table: string) =>
      builder(
        table === 'financial_quotes'
          ? [
              {
                id: 'q1', client_id: 'c1', title: 'Remoção de condições', quote_number: 'OR-2025-0001', status: 'sent', currency: 'USD',
                subtotal_amount: '3750.00', discount_amount: '250.00', total_amount: '3500.00', total_brl: '18655.00',
                exchange_rate: '5.33', exchange_rate_date: '2025-11-19', fees_date: '2025-11-20', expiration_date: '2025-12-20',
                notes: null, sales_staff_id: null, decided_at: null, created_at: '2025-11-20T10:00:00Z',
                client: { full_name: 'Maria Silva' }, contract: [],
              },
            ]
          : [],
      ),
    );
    renderWithProviders(<OrcamentosPage />);
    expect(await screen.findByText('OR-2025-0001')).toBeInTheDocument();
    expect(screen.getByText('Maria Silva')).toBeInTheDocument();
    expect(screen.getByText('Enviado')).toBeInTheDocument();
    expect(screen.getByText('US$ 3.500,00')).toBeInTheDocument();
    expect(screen.getByText('R$ 18.655,00')).toBeInTheDocument();
    expect(screen.getByText('20/12/2025')).toBeInTheDocument();
  });

  it('shows an empty state when there are no quotes', async () => {
    from.mockImplementation(() => builder([]));
    renderWithProviders(<OrcamentosPage />);
    expect(await screen.findByText('Nenhum orçamento cadastrado')).toBeInTheDocument();
  });
});

describe('Comissões', { timeout: 20_000 }, () => {
  const statement = {
    staff_id: 's1', staff_name: 'Carla Comercial', period_month: '2025-02-01', currency: 'USD', commission_count: 2,
    base_total: '1700.00', amount_total: '170.00', paid_total: '0', pending_total: '170.00',
  };

  it('marks a month paid through mark_commissions_paid (administrator)', async () => {
    from.mockImplementation(() => builder([statement]));
    rpc.mockReturnValue(builder([]));
    renderWithProviders(<ComissoesPage />);
    expect(await screen.findByText('Carla Comercial')).toBeInTheDocument();
    expect(screen.getByText('fevereiro/2025')).toBeInTheDocument();
    expect(screen.getAllByText('US$ 170,00')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como paga' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('mark_commissions_paid', { staff_id: 's1', period_month: '2025-02-01' }));
  });

  it('does not offer the button to other staff', async () => {
    from.mockImplementation(() => builder([statement]));
    renderWithProviders(<ComissoesPage />, { auth: { roles: ['commercial'] } });
    expect(await screen.findByText('Carla Comercial')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar como paga' })).not.toBeInTheDocument();
  });
});
