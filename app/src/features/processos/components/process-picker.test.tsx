import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { ProcessPicker } from './process-picker';

function Picker() {
  const [value, setValue] = useState<number | null>(null);
  return (
    <>
      <ProcessPicker value={value} onChange={setValue} />
      <output data-testid="chosen">{value ?? ''}</output>
    </>
  );
}

const process = (id: number, type: string, receipt: string | null = null) => ({
  id,
  type,
  client_id: null,
  client_name: null,
  receipt_number: receipt,
  last_update: new Date(Date.UTC(2025, 0, 1, 0, id)).toISOString(),
});

beforeEach(() => {
  // more processes than the picker lists: the oldest is found only by the search in the query
  db.seed('processes', [
    process(1, 'Asilo Distante', 'ZLA0000000001'),
    ...Array.from({ length: 60 }, (_, n) => process(n + 2, `I-130 volume ${n + 2}`)),
  ]);
  db.seed('clients', []);
});

describe('ProcessPicker (receipts and court cases)', () => {
  it('searches the database as the user types and chooses by number, receipt or type', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Picker />);
    await user.click(screen.getByRole('combobox', { name: 'Processo' }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(50));
    expect(screen.queryByRole('button', { name: /^#1 ·/ })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Buscar por cliente, tipo ou recibo'), 'zla000');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    const last = db.requests('/rest/v1/processes', 'GET').at(-1)!;
    expect(last.params.get('or')).toContain('receipt_number.ilike."*zla000*"');
    await user.click(screen.getByRole('button', { name: /^#1 · Asilo Distante/ }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('1');
    // a process number is looked up by id
    await user.click(screen.getByRole('combobox', { name: 'Processo' }));
    await user.type(screen.getByLabelText('Buscar por cliente, tipo ou recibo'), '#7');
    await waitFor(() => expect(db.requests('/rest/v1/processes', 'GET').at(-1)!.params.get('id')).toBe('eq.7'));
    await user.click(await screen.findByRole('button', { name: /^#7 · I-130 volume 7/ }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('7');
  });
});
