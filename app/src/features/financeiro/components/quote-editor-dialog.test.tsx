import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, postgrestError, restUrl, rpc, server, type Row } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import OrcamentosPage from '../routes/orcamentos-page';
import { readItemForm } from './quote-item-row';

const staff = [
  { id: 'u-carla', full_name: 'Carla Comercial', email: 'c@x.test', roles: ['commercial'] },
  { id: 'u-bruno', full_name: 'Bruno Vendas', email: 'b@x.test', roles: ['commercial'] },
  { id: 'u-dani', full_name: 'Daniela Secretária', email: 'd@x.test', roles: ['secretary'] },
];

const quote = {
  id: 'q1',
  client_id: 'c1',
  title: 'Green Card por casamento',
  quote_number: 'OR-2025-0042',
  status: 'draft',
  currency: 'USD',
  subtotal_amount: '1100.00',
  discount_amount: '50.00',
  total_amount: '1050.00',
  total_brl: '5250.00',
  exchange_rate: '5.00',
  exchange_rate_date: '2025-11-20',
  fees_date: '2025-11-20',
  expiration_date: null,
  notes: null,
  sales_staff_id: 'u-carla',
  decided_at: null,
  created_at: '2025-11-20T10:00:00Z',
  client: { full_name: 'Maria Silva' },
  contract: null,
};

const items = [
  {
    id: 'i1',
    quote_id: 'q1',
    position: 1,
    kind: 'custom',
    description: 'Honorários',
    quantity: '1.00',
    unit_price: '1000.00',
    discount_amount: '0.00',
    amount: '1000.00',
    created_at: '2025-11-20T10:00:00Z',
  },
  {
    id: 'i2',
    quote_id: 'q1',
    position: 2,
    kind: 'custom',
    description: 'Tradução',
    quantity: '2.00',
    unit_price: '50.00',
    discount_amount: '0.00',
    amount: '100.00',
    created_at: '2025-11-20T10:00:00Z',
  },
];

const money = (n: number) => n.toFixed(2);

/** What the database's triggers do on a line update: the line's amount, then the quote's subtotal and total. */
function databaseLikeLineUpdate() {
  return http.patch(restUrl('financial_quote_items'), async ({ request }) => {
    const id = new URL(request.url).searchParams.get('id')!.replace('eq.', '');
    const changes = (await request.json()) as Record<string, number | string>;
    const line = db.rows('financial_quote_items').find((r) => r.id === id)!;
    Object.assign(line, {
      description: changes.description,
      quantity: money(Number(changes.quantity)),
      unit_price: money(Number(changes.unit_price)),
      discount_amount: money(Number(changes.discount_amount)),
    });
    line.amount = money(
      Math.round(Number(line.quantity) * Number(line.unit_price) * 100) / 100 - Number(line.discount_amount),
    );
    const q = db.rows('financial_quotes').find((r) => r.id === line.quote_id)!;
    const subtotal = db.rows('financial_quote_items').reduce((sum, r) => sum + Number(r.amount), 0);
    q.subtotal_amount = money(subtotal);
    q.total_amount = money(subtotal - Number(q.discount_amount));
    q.total_brl = money(Number(q.total_amount) * Number(q.exchange_rate));
    return HttpResponse.json([{ id }]);
  });
}

function seed(overrides: Row = {}) {
  db.seed('financial_quotes', [{ ...quote, ...overrides }]);
  db.seed('financial_quote_items', items);
  db.seed('financial_products', []);
  db.seed('financial_uscis_fees', []);
  server.use(rpc('staff_directory', () => staff));
}

async function openQuote() {
  fireEvent.click(await screen.findByRole('button', { name: 'Abrir orçamento OR-2025-0042' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('Tradução');
  return dialog;
}

function patches(table: string) {
  return db.requests(`/rest/v1/${table}`, 'PATCH');
}

beforeEach(() => seed());

describe('Orçamento: edição no lugar', { timeout: 20_000 }, () => {
  it('edits a line and shows the totals the database computed', async () => {
    server.use(databaseLikeLineUpdate());
    renderWithProviders(<OrcamentosPage />);
    const dialog = await openQuote();
    expect(within(dialog).getByTestId('quote-total')).toHaveTextContent('US$ 1.050,00');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Editar Honorários' }));
    fireEvent.change(within(dialog).getByLabelText('Editar descrição'), {
      target: { value: 'Honorários (revisado)' },
    });
    fireEvent.change(within(dialog).getByLabelText('Editar quantidade'), { target: { value: '1,5' } });
    fireEvent.change(within(dialog).getByLabelText('Editar valor unitário (USD)'), { target: { value: '333,33' } });
    fireEvent.change(within(dialog).getByLabelText('Editar desconto (USD)'), { target: { value: '20,50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar item' }));

    expect(await screen.findByText('Item atualizado')).toBeInTheDocument();
    const [sent] = patches('financial_quote_items');
    expect(sent!.params.get('id')).toBe('eq.i1');
    await waitFor(() =>
      expect(sent!.body).toEqual({
        description: 'Honorários (revisado)',
        quantity: 1.5,
        unit_price: 333.33,
        discount_amount: 20.5,
      }),
    );
    // 1,5 x 333,33 = 499,995 -> 500,00 less 20,50; the quote: 479,50 + 100,00 - 50,00
    const stored = db.rows('financial_quotes')[0]!;
    expect(stored.total_amount).toBe('529.50');
    await waitFor(() => expect(within(dialog).getByTestId('quote-total')).toHaveTextContent('US$ 529,50'));
    expect(within(dialog).getByTestId('quote-total-brl')).toHaveTextContent('R$ 2.647,50');
    expect(within(dialog).getByText('Honorários (revisado)')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByTestId('item-amount')
        .map((c) => c.textContent),
    ).toEqual(['US$ 479,50', 'US$ 100,00']);
    expect(within(dialog).getByText('US$ 20,50')).toBeInTheDocument(); // the line's discount column
    expect(within(dialog).queryByTestId('item-editing')).toBeNull();
  });

  it('a discount the database refuses shows its message and keeps the line open and the totals as stored', async () => {
    server.use(
      http.patch(restUrl('financial_quote_items'), () =>
        postgrestError(400, '23514', 'O desconto do item não pode ser maior que o valor do item'),
      ),
    );
    renderWithProviders(<OrcamentosPage />);
    const dialog = await openQuote();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Editar Tradução' }));
    fireEvent.change(within(dialog).getByLabelText('Editar desconto (USD)'), { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar item' }));
    expect(
      await screen.findByText('Erro ao salvar item: O desconto do item não pode ser maior que o valor do item'),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId('item-editing')).toBeInTheDocument();
    expect(within(dialog).getByTestId('quote-total')).toHaveTextContent('US$ 1.050,00');

    // cancelling brings the stored line back
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar edição' }));
    expect(within(dialog).queryByTestId('item-editing')).toBeNull();
    expect(
      within(dialog)
        .getAllByTestId('item-amount')
        .map((c) => c.textContent),
    ).toEqual(['US$ 1.000,00', 'US$ 100,00']);
  });

  it('checks the typed numbers before asking the database', async () => {
    renderWithProviders(<OrcamentosPage />);
    const dialog = await openQuote();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Editar Honorários' }));
    fireEvent.change(within(dialog).getByLabelText('Editar quantidade'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar item' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A quantidade deve ser um número maior que zero',
    );
    expect(patches('financial_quote_items')).toHaveLength(0);
  });

  it('changes the seller of a draft among the commercial staff', async () => {
    renderWithProviders(<OrcamentosPage />);
    const dialog = await openQuote();
    const seller = within(dialog).getByLabelText('Vendedor(a)');
    await waitFor(() => expect(within(seller).getByText('Bruno Vendas')).toBeInTheDocument());
    expect(seller).toHaveValue('u-carla');
    expect(
      within(seller)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nenhum', 'Carla Comercial', 'Bruno Vendas']);

    fireEvent.change(seller, { target: { value: 'u-bruno' } });
    expect(await screen.findByText('Vendedor(a) alterado(a)')).toBeInTheDocument();
    const [sent] = patches('financial_quotes');
    expect(sent!.params.get('id')).toBe('eq.q1');
    await waitFor(() => expect(sent!.body).toEqual({ sales_staff_id: 'u-bruno' }));
    expect(db.rows('financial_quotes')[0]!.sales_staff_id).toBe('u-bruno');
    await waitFor(() => expect(within(dialog).getByLabelText('Vendedor(a)')).toHaveValue('u-bruno'));
  });

  it('a seller who is no longer commercial stays shown until replaced', async () => {
    seed({ sales_staff_id: 'u-dani' });
    renderWithProviders(<OrcamentosPage />);
    const dialog = await openQuote();
    const seller = within(dialog).getByLabelText('Vendedor(a)');
    await waitFor(() => expect(within(seller).getByText('Daniela Secretária')).toBeInTheDocument());
    expect(seller).toHaveValue('u-dani');
  });

  it('an accepted quote shows no edit controls, only what was agreed', async () => {
    seed({ status: 'accepted', decided_at: '2025-11-21T10:00:00Z' });
    renderWithProviders(<OrcamentosPage />);
    const dialog = await openQuote();
    expect(await within(dialog).findByTestId('quote-seller')).toHaveTextContent('Carla Comercial');
    expect(within(dialog).queryByLabelText('Vendedor(a)')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Editar / })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Remover / })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Adicionar item' })).toBeNull();
    expect(within(dialog).queryByLabelText('Desconto do orçamento')).toBeNull();
    expect(within(dialog).getByTestId('quote-total')).toHaveTextContent('US$ 1.050,00');
  });

  it('an accepted quote offers Gerar contrato until a contract is made from it', async () => {
    seed({ status: 'accepted', decided_at: '2025-11-21T10:00:00Z' });
    const first = renderWithProviders(<OrcamentosPage />);
    expect(await within(await openQuote()).findByRole('button', { name: 'Gerar contrato' })).toBeInTheDocument();
    first.unmount();
    // financial_contracts.quote_id is unique: the API answers the embedded contract as one object, not a list
    seed({
      status: 'accepted',
      decided_at: '2025-11-21T10:00:00Z',
      contract: { id: 'k1', contract_number: 'CT-2025-0007' },
    });
    renderWithProviders(<OrcamentosPage />);
    const dialog = await openQuote();
    expect(await within(dialog).findByTestId('quote-total')).toHaveTextContent('US$ 1.050,00');
    expect(within(dialog).queryByRole('button', { name: 'Gerar contrato' })).toBeNull();
  });

  it('staff who do not write quotes read a draft without edit controls', async () => {
    renderWithProviders(<OrcamentosPage />, { auth: { roles: ['commercial'] } });
    const dialog = await openQuote();
    expect(await within(dialog).findByTestId('quote-seller')).toHaveTextContent('Carla Comercial');
    expect(within(dialog).queryByRole('button', { name: /^Editar / })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Enviar ao cliente' })).toBeNull();
  });
});

describe('line form', () => {
  it('an empty discount is zero; a negative one is refused', () => {
    const base = { description: ' Taxa ', quantity: '2', unit_price: '10', discount_amount: '' };
    expect(readItemForm(base)).toEqual({ description: 'Taxa', quantity: 2, unit_price: 10, discount_amount: 0 });
    expect(readItemForm({ ...base, discount_amount: '-1' })).toBe('Informe um desconto válido (zero ou mais)');
    expect(readItemForm({ ...base, description: ' ' })).toBe('Informe a descrição do item');
  });
});
