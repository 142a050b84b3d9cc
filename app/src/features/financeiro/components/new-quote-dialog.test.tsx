import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, rpc, server } from '@/testing/supabase-server';
import { mockUser, renderWithProviders } from '@/testing/test-utils';
import { NewQuoteDialog } from './new-quote-dialog';

const staff = [
  { id: 'u-admin', full_name: 'Ana Administradora', email: 'a@x.test', roles: ['administrator'] },
  { id: 'u-carla', full_name: 'Carla Comercial', email: 'c@x.test', roles: ['commercial'] },
  { id: 'u-bruno', full_name: 'Bruno Vendas', email: 'b@x.test', roles: ['commercial', 'secretary'] },
];

beforeEach(() => {
  // stored out of order: the picker asks for full_name ascending
  db.seed('clients', [
    { id: 'c2', full_name: 'Rafael Lima' },
    { id: 'c1', full_name: 'Maria Silva' },
  ]);
  db.seed('financial_quotes', []);
  db.seed('exchange_rates', []);
  server.use(rpc('staff_directory', () => staff));
});

/** Picks Maria, titles the quote and creates it; returns the row the server stored. */
async function fillAndCreate() {
  const client = screen.getByLabelText('Cliente');
  await waitFor(() => expect(within(client).getByText('Maria Silva')).toBeInTheDocument());
  expect(
    within(client)
      .getAllByRole('option')
      .map((o) => o.textContent)
      .slice(-2),
  ).toEqual(['Maria Silva', 'Rafael Lima']);
  fireEvent.change(client, { target: { value: 'c1' } });
  fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Visto' } });
  fireEvent.click(screen.getByRole('button', { name: 'Criar' }));
  await waitFor(() => expect(db.rows('financial_quotes')).toHaveLength(1));
  return db.rows('financial_quotes')[0];
}

describe('Criar Orçamento: Vendedor(a)', { timeout: 20_000 }, () => {
  it('offers only the commercial staff', async () => {
    renderWithProviders(<NewQuoteDialog open onClose={() => {}} onCreated={() => {}} />);
    const seller = screen.getByLabelText('Vendedor(a)');
    await waitFor(() => expect(within(seller).getByText('Carla Comercial')).toBeInTheDocument());
    const names = within(seller)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual(['Nenhum', 'Carla Comercial', 'Bruno Vendas']);
    expect(db.requests('/rest/v1/rpc/staff_directory')).not.toHaveLength(0);
  });

  it('a commercial user is the salesperson by default, and it is saved on the quote', async () => {
    const onCreated = vi.fn();
    renderWithProviders(<NewQuoteDialog open onClose={() => {}} onCreated={onCreated} />, {
      auth: { roles: ['commercial'], user: mockUser({ id: 'u-carla' }) },
    });
    const seller = screen.getByLabelText('Vendedor(a)');
    await waitFor(() => expect(seller).toHaveValue('u-carla'));
    expect(await fillAndCreate()).toMatchObject({
      client_id: 'c1',
      title: 'Visto',
      sales_staff_id: 'u-carla',
      total_amount: 0,
    });
    // the created row as the server returned it
    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith(
        expect.objectContaining({ id: db.rows('financial_quotes')[0]!.id, title: 'Visto' }),
      ),
    );
  });

  it('an administrator starts without a salesperson and can choose one', async () => {
    renderWithProviders(<NewQuoteDialog open onClose={() => {}} onCreated={() => {}} />);
    const seller = screen.getByLabelText('Vendedor(a)');
    await waitFor(() => expect(within(seller).getByText('Bruno Vendas')).toBeInTheDocument());
    expect(seller).toHaveValue('');
    fireEvent.change(seller, { target: { value: 'u-bruno' } });
    expect(await fillAndCreate()).toMatchObject({ sales_staff_id: 'u-bruno' });
  });

  it('without a choice the quote has no salesperson', async () => {
    renderWithProviders(<NewQuoteDialog open onClose={() => {}} onCreated={() => {}} />);
    expect(await fillAndCreate()).toMatchObject({ sales_staff_id: null });
  });
});
