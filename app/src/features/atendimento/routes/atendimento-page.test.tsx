import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import AtendimentoPage from './atendimento-page';

const rows = [
  {
    id: 'i1', client_id: 'gone', process_id: null, type: 'call', content: 'Ligação sobre o andamento do caso',
    contact_date: '2025-03-10T14:30:00', duration_minutes: 20, status: 'scheduled', created_by: null,
    created_by_name: 'Bruno Assistente', created_at: '2025-03-01T10:00:00Z', client: null, process: null,
  },
];

vi.mock('@/lib/supabase', () => {
  const builder = {
    select: () => builder,
    order: () => builder,
    throwOnError: () => Promise.resolve({ data: rows, error: null }),
  };
  return { supabase: { from: () => builder } };
});

describe('AtendimentoPage', { timeout: 20_000 }, () => {
  it('lists interactions, shows an unknown client and filters by tab', async () => {
    renderWithProviders(<AtendimentoPage />);
    const row = (await screen.findByText('Ligação sobre o andamento do caso')).closest('tr')!;
    expect(within(row).getByText('Cliente não encontrado')).toBeInTheDocument();
    expect(within(row).getByText('Ligação')).toBeInTheDocument();
    expect(within(row).getByText('10/03/2025 14:30')).toBeInTheDocument();
    expect(within(row).getByText('Agendado')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Concluídas' }));
    expect(await screen.findByText('Nenhuma interação encontrada.')).toBeInTheDocument();
  });

  it('shows the form messages when Nova Interação is submitted empty', async () => {
    renderWithProviders(<AtendimentoPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Nova Interação' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Por favor selecione um cliente')).toBeInTheDocument();
    expect(screen.getByText('Por favor selecione um tipo de interação')).toBeInTheDocument();
    expect(screen.getByText('A descrição deve ter pelo menos 10 caracteres')).toBeInTheDocument();
  });
});
