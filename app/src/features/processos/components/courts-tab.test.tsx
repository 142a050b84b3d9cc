import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { CourtsTab } from './courts-tab';

const invoke = vi.fn();

vi.mock('@/lib/supabase', () => {
  // the process picker reads processes; every other table is empty
  const rows = (table: string) =>
    table === 'processes' ? [{ id: 3, type: 'Asilo', client_name: 'Cliente Teste', receipt_number: null, status: 'em andamento' }] : [];
  const builder = (table: string) => {
    const b = {
      select: () => b,
      order: () => b,
      throwOnError: () => Promise.resolve({ data: rows(table), error: null }),
    };
    return b;
  };
  return {
    supabase: {
      from: (table: string) => builder(table),
      auth: { getSession: async () => ({ data: { session: null } }) },
      functions: { invoke: (...args: unknown[]) => invoke(...args) },
    },
  };
});

describe('CourtsTab (Casos na Corte EOIR)', { timeout: 20_000 }, () => {
  it('shows the empty state and the spec columns', async () => {
    renderWithProviders(<CourtsTab />);
    expect(await screen.findByText('Nenhum caso adicionado ainda.')).toBeInTheDocument();
    for (const column of ['Nº A', 'Status Atual', 'Próxima Audiência', 'Localização', 'Juiz', 'Ações']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
  });

  it('requires the A-number and the process', async () => {
    renderWithProviders(<CourtsTab />);
    await screen.findByText('Nenhum caso adicionado ainda.');
    fireEvent.change(screen.getByLabelText('Número A'), { target: { value: 'A123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByText('Número A e processo são obrigatórios')).toBeInTheDocument();
    expect(invoke).not.toHaveBeenCalled();
  });

  it('needs a session to check, with the court variant of the message', async () => {
    renderWithProviders(<CourtsTab />);
    await screen.findByText('Nenhum caso adicionado ainda.');
    fireEvent.change(screen.getByLabelText('Número A'), { target: { value: 'a123456789' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Processo' }));
    fireEvent.click(await screen.findByRole('button', { name: /#3 · Asilo/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByText('Entre no sistema para verificar o status na corte')).toBeInTheDocument();
    expect(invoke).not.toHaveBeenCalled();
  });

  it('says there is nothing to check without cases', async () => {
    renderWithProviders(<CourtsTab />);
    await screen.findByText('Nenhum caso adicionado ainda.');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar Todos' }));
    expect(await screen.findByText('Nenhum caso na corte para verificar')).toBeInTheDocument();
  });
});
