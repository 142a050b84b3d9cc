import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { db } from '@/testing/mock-supabase';
import MensagensPage from './mensagens-page';

vi.mock('@/lib/supabase', async () => ({ supabase: (await import('@/testing/mock-supabase')).db.client }));

beforeEach(() => {
  db.reset();
  db.state.rows.clients = [{ id: 'c1', full_name: 'Maria Silva', email: 'maria.silva@cliente.test' }];
  db.state.rows.messages = [
    { id: 'm1', client_id: 'c1', sender_type: 'client', content: 'Pergunta da cliente', attachment_url: null, created_at: '2025-01-01T10:00:00Z' },
  ];
});

function renderPage() {
  return renderWithProviders(<MensagensPage />, { route: '/clientes/c1/mensagens', path: '/clientes/:clientId/mensagens' });
}

describe('MensagensPage (staff)', () => {
  it("titles the page with the client's name and shows the thread from the office side", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Silva' })).toBeTruthy();
    expect(db.callsOf('clients', 'eq')[0]!.args).toEqual(['id', 'c1']);
    const li = (await screen.findByText('Pergunta da cliente')).closest('li')!;
    expect(li.getAttribute('data-own')).toBe('false');
    expect(within(li).getByText('Maria Silva')).toBeTruthy();
    expect(db.state.channels.at(-1)!.filters[0]).toMatchObject({ filter: 'client_id=eq.c1' });
    expect(screen.getByRole('link', { name: 'Voltar para Clientes' }).getAttribute('href')).toBe('/clientes');
  });

  it('says when the client does not exist', async () => {
    db.state.rows.clients = [];
    renderPage();
    expect(await screen.findByText('Cliente não encontrado')).toBeTruthy();
  });
});
