import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { ProcessPicker } from './process-picker';
import { PROCESS_PICKER_LIMIT } from '@/lib/process-search';

function Picker({ clientId = '', initial = '' }: { clientId?: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="process">Processo</label>
      <ProcessPicker id="process" emptyLabel="Nenhum" clientId={clientId} value={value} onValueChange={setValue} />
      <output data-testid="chosen">{value}</output>
    </>
  );
}

const options = () =>
  within(screen.getByLabelText('Processo'))
    .getAllByRole('option')
    .map((o) => o.textContent);
const lastRequest = () => db.requests('/rest/v1/processes', 'GET').at(-1)!;

beforeEach(() => {
  // more processes than the picker lists at once: the oldest is reachable only by searching
  db.seed('processes', [
    { id: 1, type: 'Asilo Distante', client_id: 'c2', receipt_number: 'ZLA0000000001' },
    ...Array.from({ length: PROCESS_PICKER_LIMIT + 10 }, (_, n) => ({
      id: n + 2,
      type: `I-130 volume ${n + 2}`,
      client_id: 'c1',
      receipt_number: null,
    })),
  ]);
});

describe('ProcessPicker', () => {
  it('lists the newest processes, limited, and says that typing finds the others', async () => {
    renderWithProviders(<Picker />);
    await waitFor(() => expect(options()).toHaveLength(PROCESS_PICKER_LIMIT + 1));
    expect(options()[1]).toBe(`I-130 volume ${PROCESS_PICKER_LIMIT + 11} (#${PROCESS_PICKER_LIMIT + 11})`);
    expect(options()).not.toContain('Asilo Distante (#1 · ZLA0000000001)');
    expect(screen.getByText(/Mostrando os 50 processos mais recentes/)).toBeInTheDocument();
    expect(lastRequest().params.get('limit')).toBe(String(PROCESS_PICKER_LIMIT + 1));
  });

  it('queries as the user types (type, receipt or number) and the keyboard chooses the match', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Picker />);
    await waitFor(() => expect(options()).toHaveLength(PROCESS_PICKER_LIMIT + 1));
    await user.type(screen.getByRole('searchbox', { name: /Filtrar os processos/ }), 'zla00');
    await waitFor(() => expect(options()).toEqual(['Nenhum', 'Asilo Distante (#1 · ZLA0000000001)']));
    // the text went to the server as a bound ILIKE pattern, not filtered here
    expect(lastRequest().params.get('or')).toBe('(type.ilike."*zla00*",receipt_number.ilike."*zla00*")');
    // Tab from the search box reaches the select (native: the arrow keys choose); the match is chosen
    await user.tab();
    expect(screen.getByLabelText('Processo')).toHaveFocus();
    fireEvent.change(screen.getByLabelText('Processo'), { target: { value: '1' } });
    expect(screen.getByTestId('chosen')).toHaveTextContent('1');
    // a process number also finds it
    const search = screen.getByRole('searchbox', { name: /Filtrar os processos/ });
    await user.clear(search);
    await user.type(search, '#7');
    await waitFor(() => expect(lastRequest().params.get('or')).toContain('id.eq.7'));
    // the chosen process stays listed while another search is shown
    await waitFor(() => expect(options()).toContain('Asilo Distante (#1 · ZLA0000000001)'));
    expect(options()).toContain('I-130 volume 7 (#7)');
  });

  it("lists only the chosen client's processes, and a crafted term stays literal", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Picker clientId="c2" />);
    await waitFor(() => expect(options()).toEqual(['Nenhum', 'Asilo Distante (#1 · ZLA0000000001)']));
    expect(lastRequest().params.get('client_id')).toBe('eq.c2');
    await user.type(screen.getByRole('searchbox', { name: /Filtrar os processos/ }), '%,id.gt.0');
    await waitFor(() => expect(screen.getByText(/Nenhum processo encontrado/)).toBeInTheDocument());
    expect(lastRequest().params.get('or')).toBe(
      '(type.ilike."*\\\\%,id.gt.0*",receipt_number.ilike."*\\\\%,id.gt.0*")',
    );
  });
});
