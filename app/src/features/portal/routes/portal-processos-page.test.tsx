import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, postgrestError, restUrl, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import type { ClientRecord } from '@/types/auth';
import PortalProcessosPage from './portal-processos-page';

const clientData: ClientRecord = {
  id: 'c1',
  user_id: 'u1',
  full_name: 'Maria Silva',
  email: 'maria.silva@cliente.test',
  phone: null,
  address: null,
  created_at: '2025-01-01T00:00:00Z',
};

const row = (id: number, status: string, description: string | null) => ({
  id: id + 10,
  client_id: 'c1',
  type: `Tipo ${id}`,
  stage: null,
  next_date: null,
  status,
  description,
  created_at: '2025-03-05T12:00:00Z',
  updated_at: '2025-04-07T12:00:00Z',
});

// another client's process in the same table: never on Maria's page
const someoneElses = { ...row(9, 'Em Andamento', 'Processo de outro cliente'), client_id: 'c2' };

function renderPage() {
  return renderWithProviders(<PortalProcessosPage />, {
    auth: { roles: ['client'], clientData },
    route: '/cliente/processos',
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('PortalProcessosPage', () => {
  it('shows each process card with type, number, dates, badge, description and a link to its page', async () => {
    db.seed('client_processes', [
      row(1, 'Em Andamento', 'Green Card por casamento'),
      someoneElses,
      row(2, 'concluído', null),
    ]);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Meus Processos' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('process-card');
    expect(cards).toHaveLength(2);
    expect(screen.queryByText('Processo de outro cliente')).not.toBeInTheDocument();
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { level: 2, name: 'Tipo 1' })).toBeInTheDocument();
    expect(first.getByText('Processo nº 11 · Criado em 05/03/2025')).toBeInTheDocument();
    // the glossary's word for the status, coloured by the spec's rule
    expect(first.getByText('Em andamento')).toHaveAttribute('data-color', 'blue');
    expect(first.getByText('Green Card por casamento')).toBeInTheDocument();
    expect(first.getByText('Última atualização: 07/04/2025')).toBeInTheDocument();
    expect(first.getByRole('link', { name: /Ver detalhes/ })).toHaveAttribute('href', '/cliente/processos/11');
    const second = within(cards[1]!);
    expect(second.getByText('Sem descrição disponível.')).toBeInTheDocument();
    expect(second.getByText('Concluído')).toHaveAttribute('data-color', 'green');
  });

  it('groups by tab (case-insensitive) with its own empty state', async () => {
    const user = userEvent.setup();
    db.seed('client_processes', [row(1, 'PENDING', 'Asilo'), row(2, 'archived', 'Antigo')]);
    renderPage();
    expect(await screen.findByText('Asilo')).toBeInTheDocument();
    expect(screen.getByText('Arquivado')).toHaveAttribute('data-color', 'gray');
    await user.click(screen.getByRole('tab', { name: 'Em Andamento' }));
    expect(screen.getByText('Asilo')).toBeInTheDocument();
    expect(screen.queryByText('Antigo')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Concluídos' }));
    expect(screen.getByText('Nenhum processo concluído')).toBeInTheDocument();
    expect(screen.getByText('Você ainda não possui processos concluídos.')).toBeInTheDocument();
  });

  it('shows different empty states on each tab without processes', async () => {
    const user = userEvent.setup();
    db.seed('client_processes', [someoneElses]);
    renderPage();
    expect(await screen.findByText('Nenhum processo encontrado')).toBeInTheDocument();
    expect(screen.getByText('Você ainda não possui processos cadastrados.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Em Andamento' }));
    expect(screen.getByText('Nenhum processo em andamento')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Concluídos' }));
    expect(screen.getByText('Nenhum processo concluído')).toBeInTheDocument();
  });

  it('only logs a failed load and ends the loading state', async () => {
    db.seed('client_processes', [row(1, 'PENDING', 'Asilo')]);
    server.use(http.get(restUrl('client_processes'), () => postgrestError(500, 'XX000', 'boom')));
    renderPage();
    expect(await screen.findByText('Nenhum processo encontrado')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });
});
