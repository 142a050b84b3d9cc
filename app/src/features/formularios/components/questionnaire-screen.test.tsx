import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { AUTOSAVE_MS } from './questionnaire-form';
import { QuestionnaireScreen } from './questionnaire-screen';

// another client's questionnaire lives in the same table: never read nor written here
const other = { id: 'q9', client_id: 'c2', status: 'rascunho', answers: { personal: { full_name: 'João Souza' } } };

const upserts = () => db.requests('/rest/v1/client_questionnaires', 'POST');

beforeEach(() => {
  db.seed('client_questionnaires', [other]);
});
afterEach(() => vi.useRealTimers());

async function settle(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('QuestionnaireScreen', { timeout: 20_000 }, () => {
  it('autosaves what the client types once it is well-formed, and not an invalid A-number', async () => {
    renderWithProviders(<QuestionnaireScreen clientId="c1" viewer="client" />, { auth: { roles: ['client'] } });
    const name = await screen.findByLabelText('Nome completo');
    vi.useFakeTimers();
    fireEvent.change(name, { target: { value: 'Maria Silva' } });
    await settle(AUTOSAVE_MS - 200);
    expect(upserts()).toHaveLength(0); // debounced
    await settle(400);
    expect(upserts()).toHaveLength(1);
    expect(upserts()[0]!.params.get('on_conflict')).toBe('client_id');
    await vi.waitFor(() => expect(screen.getByTestId('autosave-status')).toHaveTextContent(/Salvo às/));
    expect(db.rows('client_questionnaires')).toEqual([
      other,
      expect.objectContaining({
        client_id: 'c1',
        answers: expect.objectContaining({ personal: expect.objectContaining({ full_name: 'Maria Silva' }) }),
      }),
    ]);

    fireEvent.change(screen.getByLabelText('Número A (A-Number)'), { target: { value: '12345' } });
    await settle(AUTOSAVE_MS + 200);
    expect(upserts()).toHaveLength(1);
    expect(screen.getByText(/Número A inválido/)).toBeInTheDocument();
    expect(screen.getByTestId('autosave-status')).toHaveTextContent('Corrija os campos destacados');
  });

  it('adds entries to repeated sections (addresses of the last 5 years) and saves them when the page is left', async () => {
    const { unmount } = renderWithProviders(<QuestionnaireScreen clientId="c1" viewer="client" />, {
      auth: { roles: ['client'] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar endereço' }));
    fireEvent.change(screen.getByLabelText('Cidade (Endereço 1)'), { target: { value: 'Boston' } });
    // leaving before the autosave fires still saves what was typed
    unmount();
    await vi.waitFor(() => expect(db.rows('client_questionnaires')).toHaveLength(2));
    const saved = db.rows('client_questionnaires')[1]!;
    expect(saved.client_id).toBe('c1');
    expect((saved.answers as { addresses: unknown[] }).addresses).toEqual([
      expect.objectContaining({ city: 'Boston' }),
    ]);
  });

  it('locks a reviewed questionnaire for the client but lets staff reopen it', async () => {
    db.seed('client_questionnaires', [
      { id: 'q1', client_id: 'c1', status: 'revisado', answers: { personal: { full_name: 'Maria' } } },
      other,
    ]);
    const { unmount } = renderWithProviders(<QuestionnaireScreen clientId="c1" viewer="client" />, {
      auth: { roles: ['client'] },
    });
    expect(await screen.findByText(/O escritório já revisou suas respostas/)).toBeInTheDocument();
    expect(screen.getByLabelText('Nome completo')).toBeDisabled();
    await vi.waitFor(() => expect(screen.getByLabelText('Nome completo')).toHaveValue('Maria'));
    expect(screen.queryByRole('button', { name: 'Enviar ao escritório' })).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<QuestionnaireScreen clientId="c1" viewer="staff" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reabrir para o cliente' }));
    await vi.waitFor(() => expect(upserts()).toHaveLength(1));
    await vi.waitFor(() => expect(upserts()[0]!.body).toEqual({ client_id: 'c1', status: 'rascunho' }));
    expect(db.rows('client_questionnaires').map((q) => [q.client_id, q.status])).toEqual([
      ['c1', 'rascunho'],
      ['c2', 'rascunho'],
    ]);
  });
});
