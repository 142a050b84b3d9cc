import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { realtime } from '@/testing/realtime-server';
import { db, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import MensagensPage from './mensagens-page';

beforeEach(() => {
  db.seed('clients', [
    { id: 'c2', full_name: 'João Souza', email: 'joao.souza@cliente.test' },
    { id: 'c1', full_name: 'Maria Silva', email: 'maria.silva@cliente.test' },
  ]);
  db.seed('messages', [
    {
      id: 'm1',
      client_id: 'c1',
      sender_type: 'client',
      content: 'Pergunta da cliente',
      attachment_url: null,
      created_at: '2025-01-01T10:00:00Z',
    },
  ]);
  server.use(rpc('mark_messages_read', () => null));
});

function renderPage() {
  return renderWithProviders(<MensagensPage />, {
    route: '/clientes/c1/mensagens',
    path: '/clientes/:clientId/mensagens',
  });
}

describe('MensagensPage (staff)', () => {
  it("titles the page with the client's name and shows the thread from the office side", async () => {
    renderPage();
    // the client of the URL, not the first row of the table
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Silva' })).toBeInTheDocument();
    const li = (await screen.findByText('Pergunta da cliente')).closest('li')!;
    expect(li).toHaveAttribute('data-own', 'false');
    expect(within(li).getByText('Maria Silva')).toBeInTheDocument();
    await waitFor(() => expect(realtime.channels().at(-1)?.bindings[0]).toMatchObject({ filter: 'client_id=eq.c1' }));
    expect(screen.getByRole('link', { name: 'Voltar para Clientes' })).toHaveAttribute('href', '/clientes');
  });

  it('says when the client does not exist', async () => {
    db.seed('clients', [{ id: 'c2', full_name: 'João Souza', email: 'joao.souza@cliente.test' }]);
    renderPage();
    expect(await screen.findByText('Cliente não encontrado')).toBeInTheDocument();
  });
});
