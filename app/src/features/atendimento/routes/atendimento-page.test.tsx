import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import AtendimentoPage from './atendimento-page';

const call = {
  id: 'i1',
  client_id: 'gone',
  process_id: null,
  type: 'call',
  content: 'Ligação sobre o andamento do caso',
  contact_date: '2025-03-10T14:30:00',
  duration_minutes: 20,
  status: 'scheduled',
  created_by: null,
  created_by_name: 'Bruno Assistente',
  created_at: '2025-03-01T10:00:00Z',
  client: null,
  process: null,
};
const meeting = {
  ...call,
  id: 'i2',
  client_id: 'c1',
  type: 'meeting',
  content: 'Reunião para revisar documentos',
  contact_date: '2025-02-01T09:00:00',
  status: 'completed',
  client: { id: 'c1', full_name: 'Maria Silva' },
};

beforeEach(() => {
  // stored oldest first: the page asks for contact_date descending
  db.seed('interactions', [meeting, call]);
  db.seed('clients', []);
  db.seed('processes', []);
});

describe('AtendimentoPage', { timeout: 20_000 }, () => {
  it('lists interactions newest first, shows an unknown client and filters by tab', async () => {
    renderWithProviders(<AtendimentoPage />);
    const row = (await screen.findByText('Ligação sobre o andamento do caso')).closest('tr')!;
    expect(within(row).getByText('Cliente não encontrado')).toBeInTheDocument();
    expect(within(row).getByText('Ligação')).toBeInTheDocument();
    expect(within(row).getByText('10/03/2025 14:30')).toBeInTheDocument();
    expect(within(row).getByText('Agendado')).toBeInTheDocument();
    const bodyRows = screen.getAllByRole('row').slice(1);
    expect(bodyRows.map((r) => within(r).queryByText(/Ligação sobre|Reunião para/)?.textContent)).toEqual([
      'Ligação sobre o andamento do caso',
      'Reunião para revisar documentos',
    ]);

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Concluídas' }));
    // the tab's status is filtered in the query
    await waitFor(() => expect(screen.queryByText('Ligação sobre o andamento do caso')).not.toBeInTheDocument());
    expect(screen.getByText('Reunião para revisar documentos')).toBeInTheDocument();
    expect(db.requests('/rest/v1/interactions', 'GET').at(-1)!.params.get('status')).toBe('eq.completed');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Pendentes' }));
    expect(await screen.findByText('Nenhuma interação encontrada.')).toBeInTheDocument();
  });

  it('marks a scheduled interaction as completed with a PATCH of its status only', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AtendimentoPage />);
    await user.click(await screen.findByRole('button', { name: 'Ações da interação de Cliente não encontrado' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Marcar como concluído' }));
    expect(await screen.findByText('Interação marcada como concluída')).toBeInTheDocument();
    const [patch] = db.requests('/rest/v1/interactions', 'PATCH');
    expect(patch!.params.get('id')).toBe('eq.i1');
    expect(patch!.body).toEqual({ status: 'completed' });
    expect(db.rows('interactions').map((r) => [r.id, r.status])).toEqual([
      ['i2', 'completed'],
      ['i1', 'completed'],
    ]);
  });

  it('shows the form messages when Nova Interação is submitted empty', async () => {
    renderWithProviders(<AtendimentoPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Nova Interação' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Por favor selecione um cliente')).toBeInTheDocument();
    expect(screen.getByText('Por favor selecione um tipo de interação')).toBeInTheDocument();
    expect(screen.getByText('A descrição deve ter pelo menos 10 caracteres')).toBeInTheDocument();
    expect(db.requests('/rest/v1/interactions', 'POST')).toEqual([]);
  });

  it("Nova Interação's client is searched on the server, named by its label and marked invalid with its error", async () => {
    db.seed('clients', [
      { id: 'c1', full_name: 'Maria Silva', email: 'maria@cliente.test' },
      { id: 'c2', full_name: 'João Souza', email: 'joao@cliente.test' },
    ]);
    renderWithProviders(<AtendimentoPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Nova Interação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova Interação' });
    const client = within(dialog).getByRole('combobox', { name: 'Cliente' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(client).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(client.getAttribute('aria-describedby')!)).toHaveTextContent(
      'Por favor selecione um cliente',
    );
    await userEvent.type(within(dialog).getByLabelText('Filtrar a lista por nome ou e-mail'), 'joao');
    await waitFor(() =>
      expect(
        within(client)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Selecione um cliente', 'João Souza']),
    );
    // the search ran in the query (name or e-mail), not over a list of every client
    const searched = db.requests('/rest/v1/clients', 'GET').map((r) => r.params.get('or') ?? '');
    expect(searched.some((or) => or.includes('joao'))).toBe(true);
    await userEvent.selectOptions(client, 'João Souza');
    expect(client).toHaveValue('c2');
  });
});
