import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { AUTOSAVE_MS } from './questionnaire-form';
import { QuestionnaireScreen } from './questionnaire-screen';

const upsert = vi.fn();
let stored: Record<string, unknown> | null = null;

vi.mock('@/lib/supabase', () => {
  const builder: Record<string, unknown> = {};
  Object.assign(builder, {
    select: () => builder,
    eq: () => builder,
    maybeSingle: () => builder,
    single: () => builder,
    upsert: (values: Record<string, unknown>) => {
      upsert(values);
      stored = { ...(stored ?? { id: 'q1', status: 'rascunho' }), ...values };
      return builder;
    },
    throwOnError: () => Promise.resolve({ data: stored, error: null }),
  });
  return { supabase: { from: () => builder } };
});

beforeEach(() => {
  upsert.mockClear();
  stored = null;
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
    expect(upsert).not.toHaveBeenCalled(); // debounced
    await settle(400);
    expect(upsert).toHaveBeenCalledTimes(1);
    expect(upsert.mock.calls[0]?.[0]).toMatchObject({ client_id: 'c1', answers: { personal: { full_name: 'Maria Silva' } } });
    expect(screen.getByTestId('autosave-status').textContent).toMatch(/Salvo às/);

    fireEvent.change(screen.getByLabelText('Número A (A-Number)'), { target: { value: '12345' } });
    await settle(AUTOSAVE_MS + 200);
    expect(upsert).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/Número A inválido/)).toBeInTheDocument();
    expect(screen.getByTestId('autosave-status').textContent).toContain('Corrija os campos destacados');
  });

  it('adds entries to repeated sections (addresses of the last 5 years)', async () => {
    renderWithProviders(<QuestionnaireScreen clientId="c1" viewer="client" />, { auth: { roles: ['client'] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar endereço' }));
    expect(screen.getByLabelText('Cidade (Endereço 1)')).toBeInTheDocument();
  });

  it('locks a reviewed questionnaire for the client but lets staff reopen it', async () => {
    stored = { id: 'q1', client_id: 'c1', status: 'revisado', answers: { personal: { full_name: 'Maria' } } };
    const { unmount } = renderWithProviders(<QuestionnaireScreen clientId="c1" viewer="client" />, { auth: { roles: ['client'] } });
    expect(await screen.findByText(/O escritório já revisou suas respostas/)).toBeInTheDocument();
    expect(screen.getByLabelText('Nome completo').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Enviar ao escritório' })).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<QuestionnaireScreen clientId="c1" viewer="staff" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reabrir para o cliente' }));
    await vi.waitFor(() => expect(upsert).toHaveBeenCalledWith({ client_id: 'c1', status: 'rascunho' }));
  });
});
