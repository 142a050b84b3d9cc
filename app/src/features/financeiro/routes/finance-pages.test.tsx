import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import DespesasPage from './despesas-page';
import FinanceiroPage from './financeiro-page';

const from = vi.fn();
vi.mock('@/lib/supabase', () => ({ supabase: { from: (...args: unknown[]) => from(...args) } }));

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
  it('tells a secretary access is restricted, without querying', () => {
    renderWithProviders(<DespesasPage />, { auth: { roles: ['secretary'] } });
    expect(screen.getByText('Acesso Restrito')).toBeInTheDocument();
    expect(screen.getByText('Você não tem permissão para ver as despesas.')).toBeInTheDocument();
    expect(from).not.toHaveBeenCalled();
  });

  it('lists expenses with their display status for administrators', async () => {
    const rows = [
      { id: '1', description: 'Aluguel do escritório', amount: 4500, due_date: '2000-01-10', category_id: 'c1', category: { id: 'c1', name: 'Aluguel' }, is_paid: false, payment_date: null, payment_method: null, notes: null },
      { id: '2', description: 'Licença de software', amount: 99.9, due_date: '2000-01-05', category_id: null, category: null, is_paid: true, payment_date: '2000-01-04', payment_method: 'PIX', notes: null },
    ];
    const builder = {
      select: () => builder,
      order: () => builder,
      throwOnError: () => Promise.resolve({ data: rows, error: null }),
    };
    from.mockReturnValue(builder);
    renderWithProviders(<DespesasPage />);
    expect(await screen.findByText('Aluguel do escritório')).toBeInTheDocument();
    expect(screen.getByText('Atrasado')).toBeInTheDocument();
    expect(screen.getByText('Pago')).toBeInTheDocument();
    expect(screen.getByText('R$ 4.500,00')).toBeInTheDocument();
    expect(screen.getByText('04/01/2000')).toBeInTheDocument();
  });

  it('toasts the expense failure as its own text (no Erro title, unlike products and fees)', async () => {
    const rows = [
      { id: '1', description: 'Aluguel do escritório', amount: 4500, due_date: '2000-01-10', category_id: null, category: null, is_paid: false, payment_date: null, payment_method: null, notes: null },
    ];
    let op = 'select';
    const builder = {
      select: () => builder,
      order: () => builder,
      eq: () => builder,
      update: () => {
        op = 'update';
        return builder;
      },
      // The update reaches no row: the mutation fails.
      throwOnError: () => Promise.resolve({ data: op === 'update' ? [] : rows, error: null }),
    };
    from.mockReturnValue(builder);
    renderWithProviders(<DespesasPage />);
    await screen.findByText('Aluguel do escritório');
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como paga Aluguel do escritório' }));
    expect((screen.getByPlaceholderText('Cartão, PIX, etc.') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar Pagamento' }));
    expect(await screen.findByText('Erro ao marcar despesa como paga: Registro não encontrado ou sem permissão')).toBeInTheDocument();
    expect(screen.queryByText('Erro')).not.toBeInTheDocument();
  });
});
