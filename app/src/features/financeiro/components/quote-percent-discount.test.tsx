import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, rpc, restUrl, server, type Row } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import OrcamentosPage from '../routes/orcamentos-page';
import { NewQuoteDialog } from './new-quote-dialog';

const quote = {
  id: 'q1',
  client_id: 'c1',
  title: 'Green Card por casamento',
  quote_number: 'OR-2025-0042',
  status: 'draft',
  currency: 'USD',
  subtotal_amount: '1100.00',
  discount_percent: '10.00',
  discount_amount: '110.00',
  total_amount: '990.00',
  total_brl: '4950.00',
  exchange_rate: '5.00',
  exchange_rate_date: '2025-11-20',
  fees_date: '2025-11-20',
  expiration_date: null,
  notes: null,
  sales_staff_id: null,
  decided_at: null,
  created_at: '2025-11-20T10:00:00Z',
  client: { full_name: 'Maria Silva' },
  contract: null,
};

const line = (id: string, description: string, unitPrice: string, extra: Row = {}) => ({
  id,
  quote_id: 'q1',
  position: 1,
  kind: 'custom',
  description,
  quantity: '1.00',
  unit_price: unitPrice,
  discount_percent: null,
  discount_amount: '0.00',
  amount: unitPrice,
  created_at: '2025-11-20T10:00:00Z',
  ...extra,
});

const items = [
  line('i1', 'Honorários', '1000.00'),
  line('i2', 'Tradução', '100.00', { discount_percent: '10.00', discount_amount: '10.00', amount: '90.00' }),
];

function seed(overrides: Row = {}) {
  db.seed('financial_quotes', [{ ...quote, ...overrides }]);
  db.seed('financial_quote_items', items);
  db.seed('financial_products', []);
  db.seed('financial_uscis_fees', []);
  server.use(rpc('staff_directory', () => []));
}

async function openQuote() {
  fireEvent.click(await screen.findByRole('button', { name: 'Abrir orçamento OR-2025-0042' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('Tradução');
  return dialog;
}

const bodies = (table: string, method: string) => db.requests(`/rest/v1/${table}`, method).map((r) => r.body);

/** What the database's triggers do on a line update with a percentage: the amount comes from it. */
function databaseLikePercentLine() {
  return http.patch(restUrl('financial_quote_items'), async ({ request }) => {
    const id = new URL(request.url).searchParams.get('id')!.replace('eq.', '');
    const changes = (await request.json()) as Row;
    const row = db.rows('financial_quote_items').find((r) => r.id === id)!;
    Object.assign(row, changes);
    const gross = Number(row.quantity) * Number(row.unit_price);
    if (row.discount_percent !== null) {
      row.discount_amount = (Math.round(gross * Number(row.discount_percent)) / 100).toFixed(2);
    }
    row.amount = (gross - Number(row.discount_amount)).toFixed(2);
    return HttpResponse.json([{ id }]);
  });
}

beforeEach(() => seed());

describe('Orçamento: desconto em %', { timeout: 20_000 }, () => {
  it('shows "Desconto (10%)" and the percentages of the lines as the database stored them', async () => {
    renderWithProviders(<OrcamentosPage />);
    const dialog = await openQuote();
    expect(within(dialog).getByTestId('quote-discount-label')).toHaveTextContent('Desconto (10%)');
    expect(within(dialog).getByTestId('quote-discount-amount')).toHaveTextContent('US$ 110,00');
    expect(within(dialog).getByTestId('quote-total')).toHaveTextContent('US$ 990,00');
    expect(within(dialog).getByText('(10%)')).toBeInTheDocument(); // Tradução's line discount
    // the quote's discount field starts in %
    expect(within(dialog).getByLabelText('Tipo de desconto (orçamento)')).toHaveValue('percent');
  });

  it('an accepted quote still says which percentage was given', async () => {
    seed({ status: 'accepted' });
    renderWithProviders(<OrcamentosPage />);
    const dialog = await openQuote();
    expect(within(dialog).getByTestId('quote-discount-label')).toHaveTextContent('Desconto (10%)');
    expect(within(dialog).queryByLabelText('Tipo de desconto (orçamento)')).toBeNull();
  });

  it('an amount discount keeps its plain label', async () => {
    seed({ discount_percent: null, discount_amount: '50.00', total_amount: '1050.00' });
    renderWithProviders(<OrcamentosPage />);
    const dialog = await openQuote();
    expect(within(dialog).getByTestId('quote-discount-label')).toHaveTextContent(/^Desconto$/);
    expect(within(dialog).getByLabelText('Tipo de desconto (orçamento)')).toHaveValue('amount');
    expect(within(dialog).queryByTestId('quote-discount-amount')).toBeNull();
  });

  it('applies a whole-quote percentage typed pt-BR style, and refuses one above 100%', async () => {
    seed({ discount_percent: null, discount_amount: '0.00', total_amount: '1100.00' });
    renderWithProviders(<OrcamentosPage />);
    const dialog = await openQuote();
    fireEvent.change(within(dialog).getByLabelText('Tipo de desconto (orçamento)'), {
      target: { value: 'percent' },
    });
    const field = within(dialog).getByLabelText('Desconto do orçamento');
    fireEvent.change(field, { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Informe um desconto entre 0% e 100%')).toBeInTheDocument();
    expect(bodies('financial_quotes', 'PATCH')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '12,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Desconto aplicado')).toBeInTheDocument();
    expect(bodies('financial_quotes', 'PATCH')).toEqual([{ discount_percent: 12.5 }]);
  });

  it('going back to an amount clears the quote percentage', async () => {
    renderWithProviders(<OrcamentosPage />);
    const dialog = await openQuote();
    fireEvent.change(within(dialog).getByLabelText('Tipo de desconto (orçamento)'), { target: { value: 'amount' } });
    fireEvent.change(within(dialog).getByLabelText('Desconto do orçamento'), { target: { value: '75,50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Desconto aplicado')).toBeInTheDocument();
    expect(bodies('financial_quotes', 'PATCH')).toEqual([{ discount_amount: 75.5, discount_percent: null }]);
  });

  it('edits a line with a percentage and shows the amount the database computed', async () => {
    server.use(databaseLikePercentLine());
    renderWithProviders(<OrcamentosPage />);
    const dialog = await openQuote();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Editar Honorários' }));
    fireEvent.change(within(dialog).getByLabelText('Tipo de desconto (item)'), { target: { value: 'percent' } });
    fireEvent.change(within(dialog).getByLabelText('Editar desconto (%)'), { target: { value: '12,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar item' }));
    expect(await screen.findByText('Item atualizado')).toBeInTheDocument();
    expect(bodies('financial_quote_items', 'PATCH')).toEqual([
      { description: 'Honorários', quantity: 1, unit_price: 1000, discount_percent: 12.5 },
    ]);
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('item-amount')
          .map((c) => c.textContent),
      ).toEqual(['US$ 875,00', 'US$ 90,00']),
    );
    expect(within(dialog).getByText('(12,5%)')).toBeInTheDocument();
  });

  it('a line given in % opens in %, refuses 101% before asking, and goes back to an amount', async () => {
    server.use(databaseLikePercentLine());
    renderWithProviders(<OrcamentosPage />);
    const dialog = await openQuote();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Editar Tradução' }));
    expect(within(dialog).getByLabelText('Tipo de desconto (item)')).toHaveValue('percent');
    const percent = within(dialog).getByLabelText('Editar desconto (%)');
    expect(percent).toHaveValue('10');
    fireEvent.change(percent, { target: { value: '101' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar item' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Informe um desconto entre 0% e 100%');
    expect(bodies('financial_quote_items', 'PATCH')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Tipo de desconto (item)'), { target: { value: 'amount' } });
    fireEvent.change(within(dialog).getByLabelText('Editar desconto (USD)'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar item' }));
    expect(await screen.findByText('Item atualizado')).toBeInTheDocument();
    expect(bodies('financial_quote_items', 'PATCH')).toEqual([
      { description: 'Tradução', quantity: 1, unit_price: 100, discount_amount: 5, discount_percent: null },
    ]);
  });

  it('adds a line with a percentage discount', async () => {
    renderWithProviders(<OrcamentosPage />);
    const dialog = await openQuote();
    fireEvent.change(within(dialog).getByLabelText('Descrição do item'), { target: { value: 'Apostila' } });
    fireEvent.change(within(dialog).getByLabelText('Valor unitário (USD)'), { target: { value: '80' } });
    fireEvent.change(within(dialog).getByLabelText('Desconto do item'), { target: { value: '7,5' } });
    fireEvent.change(within(dialog).getByLabelText('Tipo de desconto (novo item)'), { target: { value: 'percent' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar item' }));
    expect(await screen.findByText('Item adicionado')).toBeInTheDocument();
    expect(bodies('financial_quote_items', 'POST')).toEqual([
      { quote_id: 'q1', description: 'Apostila', quantity: 1, unit_price: 80, discount_percent: 7.5 },
    ]);
  });
});

describe('Criar Orçamento: desconto', { timeout: 20_000 }, () => {
  beforeEach(() => {
    db.seed('clients', [{ id: 'c1', full_name: 'Maria Silva' }]);
    db.seed('financial_quotes', []);
    db.seed('exchange_rates', []);
    server.use(rpc('staff_directory', () => []));
  });

  async function create(discount: string, unit?: string, currency?: string) {
    renderWithProviders(<NewQuoteDialog open onClose={() => {}} onCreated={() => {}} />);
    const client = screen.getByLabelText('Cliente');
    await waitFor(() => expect(within(client).getByText('Maria Silva')).toBeInTheDocument());
    fireEvent.change(client, { target: { value: 'c1' } });
    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Visto' } });
    if (currency) fireEvent.change(screen.getByLabelText('Moeda'), { target: { value: currency } });
    if (unit) fireEvent.change(screen.getByLabelText('Tipo de desconto'), { target: { value: unit } });
    fireEvent.change(screen.getByLabelText('Desconto do orçamento'), { target: { value: discount } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar' }));
  }

  it('a percentage is the default and is sent as typed ("12,5")', async () => {
    await create('12,5');
    await waitFor(() => expect(db.rows('financial_quotes')).toHaveLength(1));
    expect(db.rows('financial_quotes')[0]).toMatchObject({ discount_percent: 12.5 });
    expect(db.rows('financial_quotes')[0]).not.toHaveProperty('discount_amount');
  });

  it('an amount in the quote currency (R$ for a quote in reais)', async () => {
    await create('1.500', 'amount', 'BRL');
    expect(within(screen.getByLabelText('Tipo de desconto')).getByRole('option', { name: 'R$' })).toBeInTheDocument();
    await waitFor(() => expect(db.rows('financial_quotes')).toHaveLength(1));
    expect(db.rows('financial_quotes')[0]).toMatchObject({ currency: 'BRL', discount_amount: 1500 });
    expect(db.rows('financial_quotes')[0]).not.toHaveProperty('discount_percent');
  });

  it('refuses 120% without creating the quote', async () => {
    await create('120');
    expect(await screen.findByText('Informe um desconto entre 0% e 100%')).toBeInTheDocument();
    expect(db.rows('financial_quotes')).toHaveLength(0);
  });

  it('nothing typed sends no discount', async () => {
    await create('');
    await waitFor(() => expect(db.rows('financial_quotes')).toHaveLength(1));
    expect(db.rows('financial_quotes')[0]).not.toHaveProperty('discount_percent');
    expect(db.rows('financial_quotes')[0]).not.toHaveProperty('discount_amount');
  });
});
