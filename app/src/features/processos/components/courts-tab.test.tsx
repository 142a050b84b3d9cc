import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { CourtsTab } from './courts-tab';

function seed() {
  // the process picker reads processes; no court case is tracked. Nobody is signed in to the client.
  db.seed('processes', [
    {
      id: 3,
      type: 'Asilo',
      client_name: 'Cliente Teste',
      receipt_number: null,
      status: 'em andamento',
      last_update: '2025-03-01',
    },
  ]);
  db.seed('eoir_court_cases', []);
}

const checkerCalls = () => db.requests('/functions/v1/eoir-court-checker');

describe('CourtsTab (Casos na Corte EOIR)', { timeout: 20_000 }, () => {
  it('shows the empty state and the spec columns', async () => {
    seed();
    renderWithProviders(<CourtsTab />);
    expect(await screen.findByText('Nenhum caso adicionado ainda.')).toBeInTheDocument();
    for (const column of ['Nº A', 'Status Atual', 'Próxima Audiência', 'Localização', 'Juiz', 'Ações']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
  });

  it('lists the tracked cases, last checked first', async () => {
    seed();
    db.seed('eoir_court_cases', [
      { id: 'k1', a_number: 'A111111111', process_id: 3, last_status: null, last_checked_at: '2025-01-01T10:00:00Z' },
      { id: 'k2', a_number: 'A222222222', process_id: 3, last_status: null, last_checked_at: '2025-03-01T10:00:00Z' },
    ]);
    renderWithProviders(<CourtsTab />);
    await screen.findByText('A222222222');
    const numbers = screen.getAllByText(/^A\d{9}$/).map((cell) => cell.textContent);
    expect(numbers).toEqual(['A222222222', 'A111111111']);
  });

  it('requires the A-number and the process', async () => {
    seed();
    renderWithProviders(<CourtsTab />);
    await screen.findByText('Nenhum caso adicionado ainda.');
    fireEvent.change(screen.getByLabelText('Número A'), { target: { value: 'A123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByText('Número A e processo são obrigatórios')).toBeInTheDocument();
    expect(checkerCalls()).toEqual([]);
  });

  it('needs a session to check, with the court variant of the message', async () => {
    seed();
    renderWithProviders(<CourtsTab />);
    await screen.findByText('Nenhum caso adicionado ainda.');
    fireEvent.change(screen.getByLabelText('Número A'), { target: { value: 'a123456789' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Processo' }));
    fireEvent.click(await screen.findByRole('button', { name: /#3 · Asilo/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByText('Entre no sistema para verificar o status na corte')).toBeInTheDocument();
    expect(checkerCalls()).toEqual([]);
  });

  it('says there is nothing to check without cases', async () => {
    seed();
    renderWithProviders(<CourtsTab />);
    await screen.findByText('Nenhum caso adicionado ainda.');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar Todos' }));
    expect(await screen.findByText('Nenhum caso na corte para verificar')).toBeInTheDocument();
    expect(checkerCalls()).toEqual([]);
  });
});
