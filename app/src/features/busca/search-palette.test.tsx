import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '@/testing/test-utils';
import { rpc, server } from '@/testing/supabase-server';
import { SearchPalette } from './search-palette';

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
