import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { todayISO } from '@/lib/format';
import { db, restUrl, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import DespesasPage from './despesas-page';
import FinanceiroPage from './financeiro-page';

const rent = {
  id: '1',
  description: 'Aluguel do escritório',
  amount: 4500,
  due_date: '2000-01-10',
  category_id: 'c1',
  category: { id: 'c1', name: 'Aluguel' },
  is_paid: false,
  payment_date: null,
  payment_method: null,
  notes: null,
};
const software = {
  id: '2',
  description: 'Licença de software',
  amount: 99.9,
  due_date: '2000-01-05',
  category_id: null,
  category: null,
  is_paid: true,
  payment_date: '2000-01-04',
  payment_method: 'PIX',
  notes: null,
};

function seed() {
  // stored oldest first: the page asks for due_date descending
  db.seed('financial_expenses', [software, rent]);
  db.seed('financial_expense_categories', [{ id: 'c1', name: 'Aluguel' }]);
}

describe('finance hub', { timeout: 20_000 }, () => {
  it('shows only the legal assistant cards, each with Acessar', () => {
    renderWithProviders(<FinanceiroPage />, { auth: { roles: ['legal_assistant'] } });
    expect(screen.getByRole('heading', { name: 'Módulo Financeiro' })).toBeInTheDocument();
    expect(screen.getByText('Produtos e Serviços')).toBeInTheDocument();
    expect(screen.queryByText('Despesas')).not.toBeInTheDocument();
    expect(screen.queryByText('Comissões')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Acessar/ })).toHaveLength(4);
  });
});

describe('expenses page', { timeout: 20_000 }, () => {
  it('tells a secretary access is restricted, without querying', async () => {
    seed();
    renderWithProviders(<DespesasPage />, { auth: { roles: ['secretary'] } });
    expect(screen.getByText('Acesso Restrito')).toBeInTheDocument();
    expect(screen.getByText('Você não tem permissão para ver as despesas.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(db.requests('/rest/v1/financial_expenses')).toEqual([]);
  });

  it('lists expenses newest due date first with their display status for administrators', async () => {
    seed();
    renderWithProviders(<DespesasPage />);
    expect(await screen.findByText('Aluguel do escritório')).toBeInTheDocument();
    const descriptions = screen
      .getAllByRole('row')
      .flatMap((row) => within(row).queryAllByText(/^(Aluguel do escritório|Licença de software)$/));
    expect(descriptions.map((cell) => cell.textContent)).toEqual(['Aluguel do escritório', 'Licença de software']);
    expect(screen.getByText('Atrasado')).toBeInTheDocument();
    expect(screen.getByText('Pago')).toBeInTheDocument();
    expect(screen.getByText('R$ 4.500,00')).toBeInTheDocument();
    expect(screen.getByText('04/01/2000')).toBeInTheDocument();
  });

  it('marks an expense paid today with the method given, and only that expense', async () => {
    seed();
    renderWithProviders(<DespesasPage />);
    await screen.findByText('Aluguel do escritório');
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como paga Aluguel do escritório' }));
    fireEvent.change(screen.getByPlaceholderText('Cartão, PIX, etc.'), { target: { value: 'Cartão' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar Pagamento' }));
    await screen.findByText('Despesa paga');
    const [patch] = db.requests('/rest/v1/financial_expenses', 'PATCH');
    expect(patch!.params.get('id')).toBe('eq.1');
    expect(patch!.body).toEqual({ is_paid: true, payment_date: todayISO(), payment_method: 'Cartão' });
    expect(db.rows('financial_expenses').map((e) => [e.id, e.is_paid])).toEqual([
      ['2', true],
      ['1', true],
    ]);
  });

  it('toasts the expense failure as its own text (no Erro title, unlike products and fees)', async () => {
    seed();
    // row-level security hides the row from the update: PostgREST answers 200 with no row
    server.use(http.patch(restUrl('financial_expenses'), () => HttpResponse.json([])));
    renderWithProviders(<DespesasPage />);
    await screen.findByText('Aluguel do escritório');
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como paga Aluguel do escritório' }));
    expect(screen.getByPlaceholderText('Cartão, PIX, etc.')).toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar Pagamento' }));
    expect(
      await screen.findByText('Erro ao marcar despesa como paga: Registro não encontrado ou sem permissão'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Erro')).not.toBeInTheDocument();
  });
});
