import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import type { ClientRecord } from '@/types/auth';
import PortalFinanceiroPage from './portal-financeiro-page';

const from = vi.fn();
const rpc = vi.fn();
vi.mock('@/lib/supabase', () => ({
  supabase: { from: (...args: unknown[]) => from(...args), rpc: (...args: unknown[]) => rpc(...args), functions: { invoke: vi.fn() } },
}));

function builder(rows: unknown[]) {
  const b: Record<string, unknown> = {};
  for (const m of ['select', 'order', 'eq', 'limit']) b[m] = () => b;
  b.then = (resolve: (v: unknown) => unknown) => resolve({ data: rows, error: null });
  b.throwOnError = () => b;
  return b;
}

const clientData = { id: 'c1', user_id: 'u1', full_name: 'Maria Silva', email: 'm@x.test', phone: null, address: null, created_at: '2025-01-01T00:00:00Z' } as ClientRecord;
const tables: Record<string, unknown[]> = {
  financial_contracts: [],
  financial_payments: [],
  financial_quotes: [
    { id: 'q1', client_id: 'c1', title: 'Remoção de condições', quote_number: 'OR-2025-0003', status: 'sent', currency: 'USD',
      total_amount: '3500.00', expiration_date: '2099-01-01', notes: null, created_at: '2025-06-01T00:00:00Z' },
  ],
  financial_installments: [
    { id: 'i1', contract_id: 'k1', client_id: 'c1', number: 0, due_date: '2000-01-10', amount: '1200.00', paid_amount: '500.00', currency: 'USD', status: 'partial' },
  ],
};

beforeEach(() => {
  from.mockReset().mockImplementation((t: string) => builder(tables[t] ?? []));
  rpc.mockReset().mockReturnValue(builder([]));
});

describe('portal finance: dollars, answers and installments', { timeout: 20_000 }, () => {
  it('shows a sent quote in dollars and accepts it through respond_to_quote', async () => {
    renderWithProviders(<PortalFinanceiroPage />, { auth: { roles: ['client'], clientData }, route: '/cliente/financeiro' });
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Orçamentos' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Orçamentos' }));
    expect(await screen.findByText('US$ 3.500,00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Baixar orçamento/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Aceitar orçamento' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('respond_to_quote', { quote_id: 'q1', accept: true }));
  });

  it('lists its installments with what was paid and the overdue state', async () => {
    renderWithProviders(<PortalFinanceiroPage />, { auth: { roles: ['client'], clientData }, route: '/cliente/financeiro' });
    const tab = await screen.findByRole('tab', { name: 'Parcelas' });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    expect(await screen.findByText('Entrada')).toBeInTheDocument();
    expect(screen.getByText('US$ 1.200,00')).toBeInTheDocument();
    expect(screen.getByText('US$ 500,00')).toBeInTheDocument();
    expect(screen.getByText('Atrasado')).toBeInTheDocument();
  });
});
