import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/testing/mock-supabase';
import { renderWithProviders } from '@/testing/test-utils';
import type { ClientRecord } from '@/types/auth';
import PortalProcessosPage from './portal-processos-page';

vi.mock('@/lib/supabase', async () => ({ supabase: (await import('@/testing/mock-supabase')).db.client }));

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

function renderPage() {
  return renderWithProviders(<PortalProcessosPage />, { auth: { roles: ['client'], clientData }, route: '/cliente/processos' });
}

beforeEach(() => {
  db.reset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('PortalProcessosPage', () => {
  it('shows each process card with type, number, dates, badge, description and a link to its page', async () => {
    db.state.rows.client_processes = [row(1, 'Em Andamento', 'Green Card por casamento'), row(2, 'concluído', null)];
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Meus Processos' })).toBeTruthy();
    const cards = await screen.findAllByTestId('process-card');
    expect(cards).toHaveLength(2);
    expect(db.callsOf('client_processes', 'eq')[0]!.args).toEqual(['client_id', 'c1']);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { level: 2, name: 'Tipo 1' })).toBeTruthy();
    expect(first.getByText('Processo nº 11 · Criado em 05/03/2025')).toBeTruthy();
    // the glossary's word for the status, coloured by the spec's rule
    expect(first.getByText('Em andamento').getAttribute('data-color')).toBe('blue');
    expect(first.getByText('Green Card por casamento')).toBeTruthy();
    expect(first.getByText('Última atualização: 07/04/2025')).toBeTruthy();
    expect(first.getByRole('link', { name: /Ver detalhes/ }).getAttribute('href')).toBe('/cliente/processos/11');
    const second = within(cards[1]!);
    expect(second.getByText('Sem descrição disponível.')).toBeTruthy();
    expect(second.getByText('Concluído').getAttribute('data-color')).toBe('green');
  });

  it('groups by tab (case-insensitive) with its own empty state', async () => {
    const user = userEvent.setup();
    db.state.rows.client_processes = [row(1, 'PENDING', 'Asilo'), row(2, 'archived', 'Antigo')];
    renderPage();
    expect(await screen.findByText('Asilo')).toBeTruthy();
    expect(screen.getByText('Arquivado').getAttribute('data-color')).toBe('gray');
    await user.click(screen.getByRole('tab', { name: 'Em Andamento' }));
    expect(screen.getByText('Asilo')).toBeTruthy();
    expect(screen.queryByText('Antigo')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Concluídos' }));
    expect(screen.getByText('Nenhum processo concluído')).toBeTruthy();
    expect(screen.getByText('Você ainda não possui processos concluídos.')).toBeTruthy();
  });

  it('shows different empty states on each tab without processes', async () => {
    const user = userEvent.setup();
    db.state.rows.client_processes = [];
    renderPage();
    expect(await screen.findByText('Nenhum processo encontrado')).toBeTruthy();
    expect(screen.getByText('Você ainda não possui processos cadastrados.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Em Andamento' }));
    expect(screen.getByText('Nenhum processo em andamento')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Concluídos' }));
    expect(screen.getByText('Nenhum processo concluído')).toBeTruthy();
  });

  it('only logs a failed load and ends the loading state', async () => {
    db.state.errors.client_processes = { message: 'boom' };
    renderPage();
    expect(await screen.findByText('Nenhum processo encontrado')).toBeTruthy();
    expect(console.error).toHaveBeenCalled();
    expect(screen.queryByText('boom')).toBeNull();
  });
});
