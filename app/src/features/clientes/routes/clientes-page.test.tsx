import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { renderWithProviders } from '@/testing/test-utils';
import ClientesPage from './clientes-page';

const mocks = vi.hoisted(() => ({
  rows: [] as unknown[],
  listError: null as null | { message: string },
  rpc: vi.fn(),
  order: vi.fn(),
}));

vi.mock('@/lib/supabase', () => {
  const order = (...args: unknown[]) => {
    mocks.order(...args);
    return {
      throwOnError: async () => {
        if (mocks.listError) throw mocks.listError;
        return { data: mocks.rows, error: null };
      },
    };
  };
  return {
    supabase: {
      from: () => ({ select: () => ({ order }) }),
      rpc: mocks.rpc,
    },
  };
});

const maria = {
  id: 'c1',
  full_name: 'Maria Silva',
  email: 'maria.silva@cliente.test',
  phone: '555-0100',
  created_at: '2024-03-05T10:00:00Z',
};
const joao = { id: 'c2', full_name: 'João Souza', email: 'joao.souza@cliente.test', phone: null, created_at: '2024-02-01T10:00:00Z' };

beforeEach(() => {
  // sonner keeps toasts in module state: start every test without the previous ones
  toast.dismiss();
  mocks.rows = [maria, joao];
  mocks.listError = null;
  mocks.rpc.mockReset();
  // unread_message_counts(): nothing unread unless a test says otherwise
  mocks.rpc.mockResolvedValue({ data: [], error: null });
  mocks.order.mockReset();
});

function renderPage() {
  return renderWithProviders(<ClientesPage />, { route: '/clientes' });
}

describe('ClientesPage', () => {
  it('lists the clients newest first with the spec columns and badges', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Clientes' })).toBeInTheDocument();
    expect(await screen.findByText('Maria Silva')).toBeInTheDocument();
    expect(mocks.order).toHaveBeenCalledWith('created_at', { ascending: false });
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
    expect(screen.queryByText('Maria Silva')).not.toBeInTheDocument();
    expect(screen.getByText('João Souza')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    expect(screen.getByText('Nenhum cliente encontrado')).toBeInTheDocument();
    expect(screen.getByText('Nenhum resultado para sua busca. Tente outro termo.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cadastrar Primeiro Cliente' })).not.toBeInTheDocument();
  });

  it('shows the first-client empty state without a search', async () => {
    mocks.rows = [];
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
    // Detalhes opens the client's page
    expect(within(cards[0]!).getByRole('link', { name: /Detalhes/ }).getAttribute('href')).toMatch(/^\/clientes\/c\d$/);
    expect(within(cards[0]!).getByRole('link', { name: /Mensagem/ })).toHaveAttribute('href', '/clientes/c1/mensagens');
  });

  it('toasts when the list fails to load', async () => {
    mocks.listError = { message: 'boom' };
    const { queryClient } = renderPage();
    // the global toast comes from the app QueryClient; the test client has no cache handler, so check the query state
    await waitFor(() => expect(queryClient.getQueryState(['clients', 'list'])?.status).toBe('error'));
    expect(queryClient.getQueryCache().find({ queryKey: ['clients', 'list'] })?.meta?.errorMessage).toBe(
      'Erro ao carregar clientes',
    );
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
    mocks.rpc.mockResolvedValue({ data: 'new-id', error: null });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Nome completo'), 'Ana Nova');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ana@nova.test');
    await userEvent.type(within(dialog).getByLabelText('Senha'), 'segredo1');
    const callsBefore = mocks.order.mock.calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));
    expect(mocks.rpc).toHaveBeenCalledWith('create_client_user', {
      email: 'ana@nova.test',
      password: 'segredo1',
      full_name: 'Ana Nova',
      phone: null,
      address: null,
    });
    expect(await screen.findByText('Cliente cadastrado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(mocks.order.mock.calls.length).toBeGreaterThan(callsBefore));
    // reopened: the form was reset
    await userEvent.click(screen.getByRole('button', { name: 'Novo Cliente' }));
    const again = await screen.findByRole('dialog');
    expect((within(again).getByLabelText('Nome completo') as HTMLInputElement).value).toBe('');
  });

  it('sends phone and address when given', async () => {
    mocks.rpc.mockResolvedValue({ data: 'new-id', error: null });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Nome completo'), 'Ana Nova');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ana@nova.test');
    await userEvent.type(within(dialog).getByLabelText('Senha'), 'segredo1');
    await userEvent.type(within(dialog).getByLabelText('Telefone (opcional)'), '555-0199');
    await userEvent.type(within(dialog).getByLabelText('Endereço (opcional)'), 'Rua A, 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));
    await waitFor(() =>
      expect(mocks.rpc).toHaveBeenCalledWith('create_client_user', expect.objectContaining({ phone: '555-0199', address: 'Rua A, 1' })),
    );
  });

  it('shows the server message when creation fails and keeps the dialog open', async () => {
    mocks.rpc.mockResolvedValue({ data: null, error: { message: 'Já existe um usuário com este e-mail' } });
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
    expect(mocks.rpc).not.toHaveBeenCalledWith('create_client_user', expect.anything());
  });
});
