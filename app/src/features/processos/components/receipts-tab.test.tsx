import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ReceiptsTab } from './receipts-tab';

vi.mock('@/lib/supabase', () => {
  const builder = {
    select: () => builder,
    order: () => builder,
    throwOnError: () => Promise.resolve({ data: [], error: null }),
  };
  return { supabase: { from: () => builder, auth: { getSession: async () => ({ data: { session: null } }) } } };
});

describe('ReceiptsTab', { timeout: 20_000 }, () => {
  it('shows the empty state and enables Adicionar only with both fields', async () => {
    renderWithProviders(<ReceiptsTab />);
    expect(await screen.findByText('Nenhum recibo adicionado ainda.')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Adicionar' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Número do Recibo'), { target: { value: 'msc2090123456' } });
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('ID do Processo'), { target: { value: '1' } });
    expect(add.disabled).toBe(false);
    expect((screen.getByLabelText('Número do Recibo') as HTMLInputElement).value).toBe('MSC2090123456');
  });

  it('says there is nothing to check when no receipt is tracked', async () => {
    renderWithProviders(<ReceiptsTab />);
    await screen.findByText('Nenhum recibo adicionado ainda.');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar Todos' }));
    expect(await screen.findByText('No receipts to check')).toBeTruthy();
  });
});
