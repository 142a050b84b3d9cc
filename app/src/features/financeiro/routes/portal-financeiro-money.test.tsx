import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import type { ClientRecord } from '@/types/auth';
import PortalFinanceiroPage from './portal-financeiro-page';

const clientData = {
  id: 'c1',
  user_id: 'u1',
  full_name: 'Maria Silva',
  email: 'm@x.test',
  phone: null,
  address: null,
  created_at: '2025-01-01T00:00:00Z',
} as ClientRecord;
const quote = {
  id: 'q1',
  client_id: 'c1',
  title: 'Remoção de condições',
  quote_number: 'OR-2025-0003',
  status: 'sent',
  currency: 'USD',
  total_amount: '3500.00',
  expiration_date: '2099-01-01',
  notes: null,
  created_at: '2025-06-01T00:00:00Z',
};
const installment = {
  id: 'i1',
  contract_id: 'k1',
  client_id: 'c1',
  number: 0,
  due_date: '2000-01-10',
  amount: '1200.00',
  paid_amount: '500.00',
  currency: 'USD',
  status: 'partial',
};

/** The arguments respond_to_quote received. */
let answers: Record<string, unknown>[] = [];

beforeEach(() => {
  answers = [];
  db.seed('financial_contracts', []);
  db.seed('financial_payments', []);
  // another client's quote and installment in the same tables: never shown on Maria's page
  db.seed('financial_quotes', [{ ...quote, id: 'q9', client_id: 'c2', total_amount: '9900.00' }, quote]);
  db.seed('financial_installments', [{ ...installment, id: 'i9', client_id: 'c2', amount: '7700.00' }, installment]);
  server.use(
    rpc('respond_to_quote', (args) => {
      answers.push(args);
      return null;
    }),
  );
});

function renderPage() {
  renderWithProviders(<PortalFinanceiroPage />, {
    auth: { roles: ['client'], clientData },
    route: '/cliente/financeiro',
  });
}

describe('portal finance: dollars, answers and installments', { timeout: 20_000 }, () => {
  it('shows a sent quote in dollars and accepts it through respond_to_quote', async () => {
    renderPage();
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Orçamentos' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Orçamentos' }));
    expect(await screen.findByText('US$ 3.500,00')).toBeInTheDocument();
    expect(screen.queryByText('US$ 9.900,00')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Baixar orçamento/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Aceitar orçamento' }));
    // it asks first: Cancelar answers nothing
    expect(await screen.findByRole('alertdialog', { name: 'Aceitar o orçamento?' })).toHaveTextContent('US$ 3.500,00');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(answers).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Aceitar orçamento' }));
    await screen.findByRole('alertdialog', { name: 'Aceitar o orçamento?' });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(answers).toEqual([{ quote_id: 'q1', accept: true }]));
  });

  it('lists its installments with what was paid and the overdue state', async () => {
    renderPage();
    const tab = await screen.findByRole('tab', { name: 'Parcelas' });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    expect(await screen.findByText('Entrada')).toBeInTheDocument();
    expect(screen.getByText('US$ 1.200,00')).toBeInTheDocument();
    expect(screen.getByText('US$ 500,00')).toBeInTheDocument();
    expect(screen.getByText('Atrasado')).toBeInTheDocument();
    expect(screen.queryByText('US$ 7.700,00')).not.toBeInTheDocument();
  });
});
