import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ReceiptsTab } from './receipts-tab';

vi.mock('@/lib/supabase', () => {
  // the process picker reads processes; every other table is empty
  const rows = (table: string) =>
    table === 'processes' ? [{ id: 1, type: 'Green Card', client_name: 'Cliente Teste', receipt_number: null, status: 'em andamento' }] : [];
  const builder = (table: string) => {
    const b = {
      select: () => b,
      order: () => b,
      throwOnError: () => Promise.resolve({ data: rows(table), error: null }),
    };
    return b;
  };
  return { supabase: { from: (table: string) => builder(table), auth: { getSession: async () => ({ data: { session: null } }) } } };
});

describe('ReceiptsTab', { timeout: 20_000 }, () => {
  it('shows the empty state and enables Adicionar only with both fields', async () => {
    renderWithProviders(<ReceiptsTab />);
    expect(await screen.findByText('Nenhum recibo adicionado ainda.')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Adicionar' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Número do Recibo'), { target: { value: 'msc2090123456' } });
    expect(add.disabled).toBe(true);
    fireEvent.click(screen.getByRole('combobox', { name: 'Processo' }));
    fireEvent.click(await screen.findByRole('button', { name: /#1 · Green Card/ }));
    expect(add.disabled).toBe(false);
    expect((screen.getByLabelText('Número do Recibo') as HTMLInputElement).value).toBe('MSC2090123456');
  });

  it('says there is nothing to check when no receipt is tracked', async () => {
    renderWithProviders(<ReceiptsTab />);
    await screen.findByText('Nenhum recibo adicionado ainda.');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar Todos' }));
    expect(await screen.findByText('Nenhum recibo para verificar')).toBeInTheDocument();
  });
});
