import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { ReceiptsTab } from './receipts-tab';

const process = {
  id: 1,
  type: 'Green Card',
  client_name: 'Cliente Teste',
  receipt_number: null,
  status: 'em andamento',
  last_update: '2025-03-01',
};

function seed(receipts: Record<string, unknown>[] = []) {
  // the process picker reads processes (newest update first); the older one is stored first
  db.seed('processes', [{ ...process, id: 2, type: 'Asilo', last_update: '2024-01-01' }, process]);
  db.seed('uscis_receipts', receipts);
}

describe('ReceiptsTab', { timeout: 20_000 }, () => {
  it('shows the empty state and enables Adicionar only with both fields', async () => {
    seed();
    renderWithProviders(<ReceiptsTab />);
    expect(await screen.findByText('Nenhum recibo adicionado ainda.')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Adicionar' });
    expect(add).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Número do Recibo'), { target: { value: 'msc2090123456' } });
    expect(add).toBeDisabled();
    fireEvent.click(screen.getByRole('combobox', { name: 'Processo' }));
    const options = await screen.findAllByRole('button', { name: /^#\d · / });
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('#1 · Green Card'),
      expect.stringContaining('#2 · Asilo'),
    ]);
    fireEvent.click(options[0]!);
    expect(add).toBeEnabled();
    expect(screen.getByLabelText('Número do Recibo')).toHaveValue('MSC2090123456');

    fireEvent.click(add);
    expect(await screen.findByText('Número de recibo adicionado')).toBeInTheDocument();
    // the normalized number, tied to the chosen process
    expect(db.rows('uscis_receipts')).toEqual([
      expect.objectContaining({ process_id: 1, receipt_number: 'MSC2090123456' }),
    ]);
    expect(await screen.findByText('MSC2090123456')).toBeInTheDocument();
  });

  it('does not add a receipt number already tracked', async () => {
    seed([
      {
        id: 'r1',
        process_id: 2,
        receipt_number: 'MSC2090123456',
        last_status: null,
        last_updated_at: '2025-01-01T00:00:00Z',
      },
    ]);
    renderWithProviders(<ReceiptsTab />);
    fireEvent.change(await screen.findByLabelText('Número do Recibo'), { target: { value: 'MSC2090123456' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Processo' }));
    fireEvent.click(await screen.findByRole('button', { name: /#1 · Green Card/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Este número de recibo já está sendo acompanhado')).toBeInTheDocument();
    expect(db.rows('uscis_receipts')).toHaveLength(1);
    expect(db.requests('/rest/v1/uscis_receipts', 'POST')).toEqual([]);
  });

  it('says there is nothing to check when no receipt is tracked', async () => {
    seed();
    renderWithProviders(<ReceiptsTab />);
    await screen.findByText('Nenhum recibo adicionado ainda.');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar Todos' }));
    expect(await screen.findByText('Nenhum recibo para verificar')).toBeInTheDocument();
    expect(db.requests('/functions/v1/uscis-status-checker')).toEqual([]);
  });
});
