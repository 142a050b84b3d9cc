import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, postgrestError, restUrl, rpc, server } from '@/testing/supabase-server';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders } from '@/testing/test-utils';
import ClientesPage from './clientes-page';

const maria = {
  id: 'c1',
  full_name: 'Maria Silva',
  email: 'maria.silva@cliente.test',
  phone: '555-0100',
  created_at: '2024-03-05T10:00:00Z',
};
const joao = {
  id: 'c2',
  full_name: 'João Souza',
  email: 'joao.souza@cliente.test',
  phone: null,
  created_at: '2024-02-01T10:00:00Z',
};

/** Arguments create_client_user received. */
let created: Record<string, unknown>[] = [];

beforeEach(() => {
  // stored oldest first: the page asks for created_at descending
  db.seed('clients', [joao, maria]);
  created = [];
  server.use(
    // unread_message_counts(): nothing unread unless a test says otherwise
    rpc('unread_message_counts', () => []),
    // the function creates the user and the client row, as the database would
    rpc('create_client_user', (args) => {
      created.push(args);
      db.rows('clients').push({
        id: 'c3',
        full_name: args.full_name,
        email: args.email,
        phone: args.phone,
        created_at: new Date().toISOString(),
      });
      return 'c3';
    }),
  );
});

function renderPage() {
  return renderWithProviders(<ClientesPage />, { route: '/clientes' });
}

describe('ClientesPage', () => {
  it('lists the clients newest first with the spec columns and badges', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Clientes' })).toBeInTheDocument();
    expect(await screen.findByText('Maria Silva')).toBeInTheDocument();
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('link')[0]!.textContent);
    expect(names).toEqual(['Maria Silva', 'João Souza']);
    for (const column of ['Nome', 'Contato', 'Cadastrado em', 'Acesso ao Portal', 'Ações']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    expect(screen.getAllByText('Acesso Ativo')).toHaveLength(2);
    expect(screen.getAllByText('Ativo')).toHaveLength(2);
    expect(screen.getByText('05/03/2024')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Mensagem: Maria Silva' });
    expect(link).toHaveAttribute('href', '/clientes/c1/mensagens');
  });

  it('filters by the search box and shows the search empty state', async () => {
    renderPage();
    await screen.findByText('Maria Silva');
    const search = screen.getByPlaceholderText('Buscar cliente...');
    await userEvent.type(search, 'JOÃO');
    // the search runs in the query (ilike on name, e-mail and phone), once the typing pauses
    await waitFor(() => expect(screen.queryByText('Maria Silva')).not.toBeInTheDocument());
    expect(screen.getByText('João Souza')).toBeInTheDocument();
    const asked = db.state.requests.filter((r) => r.path.endsWith('/clients') && r.params.get('or'));
    expect(asked.at(-1)!.params.get('or')).toBe('(full_name.ilike."*JOÃO*",email.ilike."*JOÃO*",phone.ilike."*JOÃO*")');
    expect(screen.getByText('1-1 de 1')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    expect(await screen.findByText('Nenhum cliente encontrado')).toBeInTheDocument();
    expect(screen.getByText('Nenhum resultado para sua busca. Tente outro termo.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cadastrar Primeiro Cliente' })).not.toBeInTheDocument();
  });

  it('shows the unread count of each client next to its message link', async () => {
    server.use(rpc('unread_message_counts', () => [{ client_id: 'c2', unread: 3 }]));
    renderPage();
    const row = (await screen.findByRole('link', { name: 'Mensagem: João Souza' })).closest('tr')!;
    expect(await within(row).findByLabelText('3 mensagens não lidas')).toHaveTextContent('3');
    const other = screen.getByRole('link', { name: 'Mensagem: Maria Silva' }).closest('tr')!;
    expect(within(other).queryByLabelText(/mensagens não lidas/)).not.toBeInTheDocument();
  });

  it('shows the first-client empty state without a search', async () => {
    db.seed('clients', []);
    renderPage();
    expect(await screen.findByText('Você ainda não cadastrou nenhum cliente.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar Primeiro Cliente' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('shows the grid with Detalhes and Mensagem', async () => {
    renderPage();
    await screen.findByText('Maria Silva');
    await userEvent.click(screen.getByRole('tab', { name: 'Grade' }));
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    // newest first; Detalhes opens the client's page
    expect(within(cards[0]!).getByRole('link', { name: /Detalhes/ })).toHaveAttribute('href', '/clientes/c1');
    expect(within(cards[1]!).getByRole('link', { name: /Detalhes/ })).toHaveAttribute('href', '/clientes/c2');
    expect(within(cards[0]!).getByRole('link', { name: /Mensagem/ })).toHaveAttribute('href', '/clientes/c1/mensagens');
  });

  it('toasts when the list fails to load', async () => {
    server.use(http.get(restUrl('clients'), () => postgrestError(500, 'XX000', 'boom')));
    // the app's QueryClient: its cache turns meta.errorMessage into the toast
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    renderWithProviders(<ClientesPage />, { route: '/clientes', queryClient });
    expect(await screen.findByText('Erro ao carregar clientes')).toBeInTheDocument();
  });
});

describe('Novo Cliente dialog', () => {
  async function openDialog() {
    renderPage();
    await screen.findByText('Maria Silva');
    await userEvent.click(screen.getByRole('button', { name: 'Novo Cliente' }));
    return screen.findByRole('dialog');
  }

  it('keeps the submit button disabled until name, e-mail and password are filled', async () => {
    const dialog = await openDialog();
    const submit = within(dialog).getByRole('button', { name: 'Cadastrar Cliente' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Nome completo'), 'Ana Nova');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ana@nova.test');
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Senha'), 'segredo1');
    expect(submit).toBeEnabled();
    await userEvent.clear(within(dialog).getByLabelText('Nome completo'));
    await userEvent.type(within(dialog).getByLabelText('Nome completo'), '   ');
    expect(submit).toBeDisabled();
  });

  it('creates the client with null optional fields, toasts, closes and reloads', async () => {
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Nome completo'), 'Ana Nova');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ana@nova.test');
    await userEvent.type(within(dialog).getByLabelText('Senha'), 'segredo1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));
    expect(await screen.findByText('Cliente cadastrado com sucesso')).toBeInTheDocument();
    expect(created).toEqual([
      { email: 'ana@nova.test', password: 'segredo1', full_name: 'Ana Nova', phone: null, address: null },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // the list reloads: the new client comes first
    expect(await screen.findByRole('link', { name: 'Mensagem: Ana Nova' })).toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[1]!).getByText('Ana Nova')).toBeInTheDocument();
    // reopened: the form was reset
    await userEvent.click(screen.getByRole('button', { name: 'Novo Cliente' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByLabelText('Nome completo')).toHaveValue('');
  });

  it('sends phone and address when given', async () => {
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Nome completo'), 'Ana Nova');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ana@nova.test');
    await userEvent.type(within(dialog).getByLabelText('Senha'), 'segredo1');
    await userEvent.type(within(dialog).getByLabelText('Telefone (opcional)'), '555-0199');
    await userEvent.type(within(dialog).getByLabelText('Endereço (opcional)'), 'Rua A, 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));
    await waitFor(() => expect(created).toEqual([expect.objectContaining({ phone: '555-0199', address: 'Rua A, 1' })]));
  });

  it('shows the server message when creation fails and keeps the dialog open', async () => {
    server.use(rpc('create_client_user', () => postgrestError(400, 'P0001', 'Já existe um usuário com este e-mail')));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Nome completo'), 'Maria Silva');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'maria.silva@cliente.test');
    await userEvent.type(within(dialog).getByLabelText('Senha'), 'segredo1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));
    expect(await screen.findByText('Erro ao criar cliente: Já existe um usuário com este e-mail')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('toasts "Preencha os campos obrigatórios" when submitted incomplete', async () => {
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Nome completo'), 'Ana Nova');
    // implicit submission (Enter) bypasses the disabled button
    const form = dialog.querySelector('form')!;
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(await screen.findByText('Preencha os campos obrigatórios')).toBeInTheDocument();
    expect(db.requests('/rest/v1/rpc/create_client_user')).toEqual([]);
  });
});
