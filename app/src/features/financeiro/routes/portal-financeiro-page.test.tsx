import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, postgrestError, restUrl, server } from '@/testing/supabase-server';
import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';
import { createQueryClient } from '@/lib/query-client';
import type { ClientRecord } from '@/types/auth';
import PortalFinanceiroPage from './portal-financeiro-page';

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
  currency: 'BRL',
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
  currency: 'BRL',
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
  currency: 'BRL',
  expiration_date: '2025-08-01',
  notes: null,
  created_at: '2025-06-01T00:00:00Z',
};

function renderPage(queryClient = createTestQueryClient()) {
  return renderWithProviders(<PortalFinanceiroPage />, {
    auth: { roles: ['client'], clientData },
    route: '/cliente/financeiro',
    queryClient,
  });
}

// the same tables hold another client's money: never counted on Maria's page
const elsewhere = { client_id: 'c2' };

beforeEach(() => {
  db.seed('financial_contracts', [
    contract,
    { ...contract, ...elsewhere, id: 'k9', title: 'Contrato de outro cliente' },
  ]);
  // stored oldest first: the page asks for payment_date descending
  db.seed('financial_payments', [
    payment,
    { ...payment, ...elsewhere, id: 'p9' },
    { ...payment, id: 'p2', status: 'overdue', amount: 2000, payment_date: '2025-02-10' },
  ]);
  db.seed('financial_quotes', [quote, { ...quote, ...elsewhere, id: 'q9', title: 'Orçamento de outro cliente' }]);
  db.seed('financial_installments', []);
});

describe('PortalFinanceiroPage', () => {
  it('counts contracts, payments and quotes of the client only, newest first', async () => {
    const user = userEvent.setup();
    const older = { created_at: '2024-01-01T00:00:00Z' };
    db.seed('financial_contracts', [{ ...contract, ...older, id: 'k0', title: 'Contrato antigo' }, contract]);
    db.seed('financial_quotes', [{ ...quote, ...older, id: 'q0', title: 'Orçamento antigo' }, quote]);
    renderPage();
    expect(await screen.findByText('Green Card por casamento')).toBeInTheDocument();
    // the card title follows the page's h1 as an h2 (heading order)
    expect(screen.getByRole('heading', { level: 2, name: 'Green Card por casamento' })).toBeInTheDocument();
    expect(screen.getByTestId('count-Contratos')).toHaveTextContent(/^2$/);
    expect(screen.getByTestId('count-Pagamentos')).toHaveTextContent(/^2$/);
    expect(screen.getByTestId('count-Orçamentos')).toHaveTextContent(/^2$/);
    const titles = () =>
      screen.getAllByTestId('finance-card').map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
    expect(titles()).toEqual(['Green Card por casamento', 'Contrato antigo']);
    await user.click(screen.getByRole('tab', { name: 'Pagamentos' }));
    expect(titles()).toEqual([expect.stringContaining('2.000,00'), expect.stringContaining('4.000,00')]);
    await user.click(screen.getByRole('tab', { name: 'Orçamentos' }));
    expect(titles()).toEqual(['Remoção de condições (I-751)', 'Orçamento antigo']);
  });

  it('shows the contract card and its details dialog', async () => {
    const user = userEvent.setup();
    renderPage();
    const card = within(
      (await screen.findByText('Green Card por casamento')).closest('[data-testid="finance-card"]') as HTMLElement,
    );
    expect(card.getByText('Número: CT-2025-001')).toBeInTheDocument();
    expect(card.getByText('Ativo')).toHaveAttribute('data-color', 'blue'); // the glossary's word, never the code
    expect(card.getByText('R$ 12.000,00')).toBeInTheDocument();
    expect(card.getByText('10/01/2025 – 20/12/2025')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Ver Detalhes: Green Card por casamento' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Detalhes do contrato')).toBeInTheDocument();
    expect(dialog.getByText('Entrada e 4 parcelas')).toBeInTheDocument();
    expect(dialog.getByText('Honorários')).toBeInTheDocument();
    expect(dialog.getByText('10/01/2025')).toBeInTheDocument();
    expect(dialog.getByText('20/12/2025')).toBeInTheDocument();
  });

  it('shows payments with their status in pt-BR and its colour, and the related contract in details', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Green Card por casamento');
    await user.click(screen.getByRole('tab', { name: 'Pagamentos' }));
    expect(screen.getByText('Pago')).toHaveAttribute('data-color', 'green');
    expect(screen.getByText('Atrasado')).toHaveAttribute('data-color', 'red');
    expect(screen.queryByText(/^(paid|overdue)$/)).not.toBeInTheDocument();
    expect(screen.getAllByText('PIX')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Ver Detalhes: Pagamento R$ 4.000,00' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Green Card por casamento (CT-2025-001)')).toBeInTheDocument();
    expect(dialog.getByText('Entrada')).toBeInTheDocument();
  });

  it('shows quotes with expiry', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Green Card por casamento');
    await user.click(screen.getByRole('tab', { name: 'Orçamentos' }));
    expect(screen.getByText('Remoção de condições (I-751)')).toBeInTheDocument();
    expect(screen.getByText('Número: OR-2025-001')).toBeInTheDocument();
    expect(screen.getByText('Pendente')).toHaveAttribute('data-color', 'amber');
    expect(screen.getByText('01/08/2025')).toBeInTheDocument();
    expect(screen.getByText('R$ 5.500,00')).toBeInTheDocument();
  });

  it('shows the discount in the quote details: subtotal, "Desconto (10%)" and the total, as the office gave it', async () => {
    db.seed('financial_quotes', [
      { ...quote, subtotal_amount: 5000, discount_amount: 500, discount_percent: '10.00', total_amount: 4500 },
      {
        ...quote,
        id: 'q2',
        title: 'Sem desconto',
        quote_number: 'OR-2025-002',
        subtotal_amount: 800,
        discount_amount: 0,
        discount_percent: null,
        total_amount: 800,
      },
    ]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Green Card por casamento');
    await user.click(screen.getByRole('tab', { name: 'Orçamentos' }));
    await user.click(await screen.findByRole('button', { name: 'Ver Detalhes: Remoção de condições (I-751)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Subtotal')).toBeInTheDocument();
    expect(within(dialog).getByText('R$ 5.000,00')).toBeInTheDocument();
    expect(within(dialog).getByText('Desconto (10%)')).toBeInTheDocument();
    expect(within(dialog).getByText('− R$ 500,00')).toBeInTheDocument();
    expect(within(dialog).getByText('R$ 4.500,00')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Ver Detalhes: Sem desconto' }));
    const plain = await screen.findByRole('dialog');
    expect(within(plain).queryByText('Subtotal')).not.toBeInTheDocument();
    expect(within(plain).queryByText(/^Desconto/)).not.toBeInTheDocument();
  });

  it('toasts Erro ao carregar dados financeiros once when a load fails', async () => {
    server.use(http.get(restUrl('financial_payments'), () => postgrestError(500, 'XX000', 'boom')));
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    renderPage(queryClient);
    expect(await screen.findByText('Erro ao carregar dados financeiros')).toBeInTheDocument();
    expect(screen.getAllByText('Erro ao carregar dados financeiros')).toHaveLength(1);
    expect(screen.getByText('Nenhum contrato encontrado.')).toBeInTheDocument();
  });
});
