import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/testing/mock-supabase';
import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';
import { createQueryClient } from '@/lib/query-client';
import type { ClientRecord } from '@/types/auth';
import PortalFinanceiroPage from './portal-financeiro-page';

vi.mock('@/lib/supabase', async () => ({ supabase: (await import('@/testing/mock-supabase')).db.client }));

const clientData: ClientRecord = {
  id: 'c1',
  user_id: 'u1',
  full_name: 'Maria Silva',
  email: 'maria.silva@cliente.test',
  phone: null,
  address: null,
  created_at: '2025-01-01T00:00:00Z',
};

const contract = {
  id: 'k1',
  client_id: 'c1',
  title: 'Green Card por casamento',
  contract_number: 'CT-2025-001',
  status: 'active',
  total_amount: '12000.00',
  payment_terms: 'Entrada e 4 parcelas',
  start_date: '2025-01-10',
  end_date: '2025-12-20',
  notes: 'Honorários',
  created_at: '2025-01-10T00:00:00Z',
};
const payment = {
  id: 'p1',
  client_id: 'c1',
  contract_id: 'k1',
  amount: 4000,
  payment_date: '2025-01-10',
  payment_method: 'PIX',
  status: 'paid',
  notes: 'Entrada',
};
const quote = {
  id: 'q1',
  client_id: 'c1',
  title: 'Remoção de condições (I-751)',
  quote_number: 'OR-2025-001',
  status: 'pending',
  total_amount: 5500,
  expiration_date: '2025-08-01',
  notes: null,
  created_at: '2025-06-01T00:00:00Z',
};

function renderPage(queryClient = createTestQueryClient()) {
  return renderWithProviders(<PortalFinanceiroPage />, { auth: { roles: ['client'], clientData }, route: '/cliente/financeiro', queryClient });
}

beforeEach(() => {
  db.reset();
  db.state.rows.financial_contracts = [contract];
  db.state.rows.financial_payments = [payment, { ...payment, id: 'p2', status: 'overdue', amount: 2000 }];
  db.state.rows.financial_quotes = [quote];
});

describe('PortalFinanceiroPage', () => {
  it('counts contracts, payments and quotes and queries them by client, newest first', async () => {
    renderPage();
    expect(await screen.findByText('Green Card por casamento')).toBeTruthy();
    // the card title follows the page's h1 as an h2 (heading order)
    expect(screen.getByRole('heading', { level: 2, name: 'Green Card por casamento' })).toBeTruthy();
    expect(screen.getByTestId('count-Contratos').textContent).toBe('1');
    expect(screen.getByTestId('count-Pagamentos').textContent).toBe('2');
    expect(screen.getByTestId('count-Orçamentos').textContent).toBe('1');
    expect(db.callsOf('financial_contracts', 'order')[0]!.args).toEqual(['created_at', { ascending: false }]);
    expect(db.callsOf('financial_quotes', 'order')[0]!.args).toEqual(['created_at', { ascending: false }]);
    expect(db.callsOf('financial_payments', 'order')[0]!.args).toEqual(['payment_date', { ascending: false }]);
    for (const t of ['financial_contracts', 'financial_payments', 'financial_quotes']) {
      expect(db.callsOf(t, 'eq')[0]!.args).toEqual(['client_id', 'c1']);
    }
  });

  it('shows the contract card and its details dialog', async () => {
    const user = userEvent.setup();
    renderPage();
    const card = within((await screen.findByText('Green Card por casamento')).closest('[data-testid="finance-card"]') as HTMLElement);
    expect(card.getByText('Número: CT-2025-001')).toBeTruthy();
    expect(card.getByText('active').getAttribute('data-color')).toBe('blue');
    expect(card.getByText('R$ 12.000,00')).toBeTruthy();
    expect(card.getByText('10/01/2025 – 20/12/2025')).toBeTruthy();
    await user.click(card.getByRole('button', { name: 'Ver Detalhes: Green Card por casamento' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Detalhes do contrato')).toBeTruthy();
    expect(dialog.getByText('Entrada e 4 parcelas')).toBeTruthy();
    expect(dialog.getByText('Honorários')).toBeTruthy();
    expect(dialog.getByText('10/01/2025')).toBeTruthy();
    expect(dialog.getByText('20/12/2025')).toBeTruthy();
  });

  it('shows payments with raw status colours and the related contract in details', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Green Card por casamento');
    await user.click(screen.getByRole('tab', { name: 'Pagamentos' }));
    expect(screen.getByText('paid').getAttribute('data-color')).toBe('green');
    expect(screen.getByText('overdue').getAttribute('data-color')).toBe('red');
    expect(screen.getAllByText('PIX')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Ver Detalhes: Pagamento R$ 4.000,00' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Green Card por casamento (CT-2025-001)')).toBeTruthy();
    expect(dialog.getByText('Entrada')).toBeTruthy();
  });

  it('shows quotes with expiry', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Green Card por casamento');
    await user.click(screen.getByRole('tab', { name: 'Orçamentos' }));
    expect(screen.getByText('Remoção de condições (I-751)')).toBeTruthy();
    expect(screen.getByText('Número: OR-2025-001')).toBeTruthy();
    expect(screen.getByText('pending').getAttribute('data-color')).toBe('amber');
    expect(screen.getByText('01/08/2025')).toBeTruthy();
    expect(screen.getByText('R$ 5.500,00')).toBeTruthy();
  });

  it('toasts Erro ao carregar dados financeiros once when a load fails', async () => {
    db.state.errors.financial_payments = { message: 'boom' };
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    renderPage(queryClient);
    expect(await screen.findByText('Erro ao carregar dados financeiros')).toBeTruthy();
    expect(screen.getAllByText('Erro ao carregar dados financeiros')).toHaveLength(1);
    expect(screen.getByText('Nenhum contrato encontrado.')).toBeTruthy();
  });
});
