import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockUser, renderWithProviders } from '@/testing/test-utils';
import { NewQuoteDialog } from './new-quote-dialog';

const from = vi.fn();
const rpc = vi.fn();
vi.mock('@/lib/supabase', () => ({
  supabase: { from: (...args: unknown[]) => from(...args), rpc: (...args: unknown[]) => rpc(...args), functions: { invoke: vi.fn() } },
}));

const inserted: Record<string, unknown>[] = [];

/** A thenable query builder answering `rows`; records what is inserted. */
function builder(rows: unknown) {
  const b: Record<string, unknown> = {};
  for (const m of ['select', 'order', 'eq', 'limit', 'update', 'delete', 'single']) b[m] = () => b;
  b.insert = (payload: Record<string, unknown>) => {
    inserted.push(payload);
    return b;
  };
  b.then = (resolve: (v: unknown) => unknown) => resolve({ data: rows, error: null });
  b.throwOnError = () => b;
  return b;
}

const staff = [
  { id: 'u-admin', full_name: 'Ana Administradora', email: 'a@x.test', roles: ['administrator'] },
  { id: 'u-carla', full_name: 'Carla Comercial', email: 'c@x.test', roles: ['commercial'] },
  { id: 'u-bruno', full_name: 'Bruno Vendas', email: 'b@x.test', roles: ['commercial', 'secretary'] },
];

beforeEach(() => {
  inserted.length = 0;
  from.mockReset();
  rpc.mockReset();
  from.mockImplementation((table: string) => {
    if (table === 'clients') return builder([{ id: 'c1', full_name: 'Maria Silva' }]);
    if (table === 'financial_quotes') return builder({ id: 'q-new', title: 'Visto' });
    return builder([]);
  });
  rpc.mockImplementation(() => builder(staff));
});

async function fillAndCreate() {
  const client = screen.getByLabelText('Cliente');
  await waitFor(() => expect(within(client).getByText('Maria Silva')).toBeInTheDocument());
  fireEvent.change(client, { target: { value: 'c1' } });
  fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Visto' } });
  fireEvent.click(screen.getByRole('button', { name: 'Criar' }));
  await waitFor(() => expect(inserted).toHaveLength(1));
  return inserted[0];
}

describe('Criar Orçamento: Vendedor(a)', { timeout: 20_000 }, () => {
  it('offers only the commercial staff', async () => {
    renderWithProviders(<NewQuoteDialog open onClose={() => {}} onCreated={() => {}} />);
    const seller = screen.getByLabelText('Vendedor(a)');
    await waitFor(() => expect(within(seller).getByText('Carla Comercial')).toBeInTheDocument());
    const names = within(seller).getAllByRole('option').map((o) => o.textContent);
    expect(names).toEqual(['Nenhum', 'Carla Comercial', 'Bruno Vendas']);
    expect(rpc).toHaveBeenCalledWith('staff_directory');
  });

  it('a commercial user is the salesperson by default, and it is saved on the quote', async () => {
    const onCreated = vi.fn();
    renderWithProviders(<NewQuoteDialog open onClose={() => {}} onCreated={onCreated} />, {
      auth: { roles: ['commercial'], user: mockUser({ id: 'u-carla' }) },
    });
    const seller = screen.getByLabelText('Vendedor(a)') as HTMLSelectElement;
    await waitFor(() => expect(seller.value).toBe('u-carla'));
    expect(await fillAndCreate()).toMatchObject({ client_id: 'c1', title: 'Visto', sales_staff_id: 'u-carla' });
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
  });

  it('an administrator starts without a salesperson and can choose one', async () => {
    renderWithProviders(<NewQuoteDialog open onClose={() => {}} onCreated={() => {}} />);
    const seller = screen.getByLabelText('Vendedor(a)') as HTMLSelectElement;
    await waitFor(() => expect(within(seller).getByText('Bruno Vendas')).toBeInTheDocument());
    expect(seller.value).toBe('');
    fireEvent.change(seller, { target: { value: 'u-bruno' } });
    expect(await fillAndCreate()).toMatchObject({ sales_staff_id: 'u-bruno' });
  });

  it('without a choice the quote has no salesperson', async () => {
    renderWithProviders(<NewQuoteDialog open onClose={() => {}} onCreated={() => {}} />);
    expect(await fillAndCreate()).toMatchObject({ sales_staff_id: null });
  });
});
