import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, useParams } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';
import { db, postgrestError, rpc, server } from '@/testing/supabase-server';
import { resultHref, SearchPalette, type SearchResult } from './search-palette';

const RESULTS = [
  { kind: 'client', id: 'c1', title: 'Ana Souza', subtitle: null, client_id: 'c1', process_id: null },
  { kind: 'client', id: 'c2', title: 'Ana Lima', subtitle: null, client_id: 'c2', process_id: null },
];

let client = createTestQueryClient();

function palette(open: boolean) {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SearchPalette open={open} onOpenChange={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

describe('SearchPalette', () => {
  it('starts each new term at its first result and forgets the query once closed', async () => {
    client = createTestQueryClient();
    server.use(rpc('search_workspace', () => RESULTS));
    const view = render(palette(true));
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'ana' } });
    expect(await screen.findByRole('option', { name: /Ana Lima/ })).toBeInTheDocument();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: /Ana Lima/ })).toHaveAttribute('aria-selected', 'true');

    fireEvent.change(input, { target: { value: 'ana s' } });
    // the new term's results come back with the first one selected again
    expect(await screen.findByRole('option', { name: /Ana Souza/, selected: true })).toBeInTheDocument();

    view.rerender(palette(false));
    view.rerender(palette(true));
    expect(screen.getByRole('combobox')).toHaveValue('');
  });
});

// search_workspace() as the database answers it: accents and case do not matter (unaccent + ilike).
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const WORKSPACE: SearchResult[] = [
  {
    kind: 'client',
    id: 'c2',
    title: 'João Souza',
    subtitle: 'joao.souza@cliente.test',
    client_id: 'c2',
    process_id: null,
  },
  { kind: 'process', id: '3', title: 'Asilo', subtitle: 'João Souza', client_id: 'c2', process_id: 3 },
  { kind: 'receipt', id: 'r1', title: 'IOE0912345678', subtitle: 'Asilo · João Souza', client_id: 'c2', process_id: 3 },
  { kind: 'a_number', id: 'k1', title: 'A123456789', subtitle: 'Joao Souza', client_id: 'c2', process_id: 7 },
  { kind: 'client', id: 'c1', title: 'Maria Silva', subtitle: null, client_id: 'c1', process_id: null },
];
const searchTerms = () => db.requests('/rest/v1/rpc/search_workspace', 'POST');

function Harness() {
  const [open, setOpen] = useState(true);
  return <SearchPalette open={open} onOpenChange={setOpen} />;
}

function Page({ kind }: { kind: string }) {
  return <h1>{`${kind} ${useParams().id}`}</h1>;
}

function renderPalette(queryClient = createTestQueryClient()) {
  return renderWithProviders(<Harness />, {
    queryClient,
    routes: { '/clientes/:id': <Page kind="Cliente" />, '/processos/:id': <Page kind="Processo" /> },
  });
}

describe('SearchPalette with search_workspace', () => {
  beforeEach(() => {
    server.use(
      rpc('search_workspace', (args) =>
        WORKSPACE.filter((r) => fold(`${r.title} ${r.subtitle ?? ''}`).includes(fold(String(args.q)))),
      ),
    );
  });

  it('sends the typed term once, after the pause, and lists what matches it without accents, each with its kind', async () => {
    renderPalette();
    const input = screen.getByRole('combobox');
    await userEvent.type(input, '  joao ');
    const options = await screen.findAllByRole('option');
    // one request for the whole term (debounced), trimmed; accents are the database's business
    expect(searchTerms().map((r) => r.body)).toEqual([{ q: 'joao' }]);
    expect(options.map((o) => o.textContent)).toEqual([
      'João SouzaCliente · joao.souza@cliente.test',
      'AsiloProcesso · João Souza',
      'IOE0912345678Recibo USCIS · Asilo · João Souza',
      'A123456789Número A · Joao Souza',
    ]);
    expect(screen.queryByText('Maria Silva')).not.toBeInTheDocument();
  });

  it('opens the first result with Enter: the client page', async () => {
    renderPalette();
    await userEvent.type(screen.getByRole('combobox'), 'joão');
    await screen.findAllByRole('option');
    // Enter opens the first result: the client
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    expect(await screen.findByRole('heading', { name: 'Cliente c2' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leads an A-number or a receipt to the page of its process', async () => {
    renderPalette();
    await userEvent.type(screen.getByRole('combobox'), 'A1234');
    await userEvent.click(await screen.findByRole('button', { name: /A123456789/ }));
    expect(await screen.findByRole('heading', { name: 'Processo 7' })).toBeInTheDocument();
    expect(resultHref(WORKSPACE[2]!)).toBe('/processos/3');
  });

  it('asks nothing for one character, and says when nothing matches', async () => {
    renderPalette();
    const input = screen.getByRole('combobox');
    await userEvent.type(input, 'j');
    expect(screen.getByText('Digite ao menos 2 caracteres.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(searchTerms()).toEqual([]);
    await userEvent.type(input, 'zz');
    expect(await screen.findByText('Nenhum resultado.')).toBeInTheDocument();
    expect(searchTerms().map((r) => r.body)).toEqual([{ q: 'jzz' }]);
  });

  it('toasts a failed search', async () => {
    server.use(rpc('search_workspace', () => postgrestError(500, 'XX000', 'tempo esgotado')));
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    renderPalette(queryClient);
    await userEvent.type(screen.getByRole('combobox'), 'maria');
    expect(await screen.findByText('Erro na busca: tempo esgotado')).toBeInTheDocument();
  });
});
