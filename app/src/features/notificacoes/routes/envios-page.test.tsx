import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import EnviosPage from './envios-page';

// A thenable query builder: records the filters, answers with the rows whose status matches the eq('status').
const calls = vi.hoisted(() => ({ eq: [] as [string, unknown][], rpc: vi.fn() }));
const rows = vi.hoisted(() => ({ value: [] as Record<string, unknown>[] }));
vi.mock('@/lib/supabase', () => {
  function builder() {
    let status: unknown;
    const b = {
      select: () => b,
      neq: () => b,
      order: () => b,
      limit: () => b,
      eq: (column: string, value: unknown) => {
        calls.eq.push([column, value]);
        if (column === 'status') status = value;
        return b;
      },
      then: (resolve: (v: unknown) => unknown) =>
        resolve({ data: rows.value.filter((r) => status === undefined || r.status === status), error: null }),
    };
    return b;
  }
  return { supabase: { from: () => builder(), rpc: calls.rpc } };
});

function delivery(id: string, status: string, recipient: string, title: string) {
  return {
    id,
    channel: 'email',
    recipient,
    template: 'stage_change',
    status,
    attempts: status === 'dead' ? 5 : 1,
    next_attempt_at: '2025-11-20T10:00:00Z',
    provider_status: null,
    last_error: status === 'dead' ? 'conexão recusada' : null,
    created_at: '2025-11-20T10:00:00Z',
    sent_at: status === 'sent' ? '2025-11-20T10:00:05Z' : null,
    payload: { title, recipient_name: 'Maria Silva' },
  };
}

beforeEach(() => {
  calls.eq.length = 0;
  calls.rpc.mockReset();
  rows.value = [
    delivery('d-sent', 'sent', 'maria@cliente.test', 'Seu processo mudou de etapa'),
    delivery('d-dead', 'dead', 'joao@cliente.test', 'Documento solicitado'),
  ];
});

describe('EnviosPage (/notificacoes-envios)', () => {
  it('lists the deliveries and narrows them with the status filter', async () => {
    renderWithProviders(<EnviosPage />);
    expect(await screen.findByText('Seu processo mudou de etapa')).toBeInTheDocument();
    expect(screen.getByText('Documento solicitado')).toBeInTheDocument();
    expect(calls.eq).toEqual([]);

    await userEvent.setup().selectOptions(screen.getByLabelText('Situação'), 'sent');
    await waitFor(() => expect(screen.queryByText('Documento solicitado')).not.toBeInTheDocument());
    expect(calls.eq).toContainEqual(['status', 'sent']);
    const row = screen.getByText('Seu processo mudou de etapa').closest('tr')!;
    expect(within(row).getByText('Enviado')).toBeInTheDocument();
    expect(within(row).getByText(/Maria Silva — maria@cliente.test/)).toBeInTheDocument();
    // a sent delivery offers no re-send
    expect(within(row).queryByRole('button', { name: /Reenviar/ })).not.toBeInTheDocument();
  });

  it('says so when no delivery has the chosen status', async () => {
    renderWithProviders(<EnviosPage />);
    await screen.findByText('Seu processo mudou de etapa');
    await userEvent.setup().selectOptions(screen.getByLabelText('Situação'), 'queued');
    expect(await screen.findByText('Nenhum envio encontrado.')).toBeInTheDocument();
  });

  it('re-sends a dead delivery through resend_delivery and confirms it', async () => {
    calls.rpc.mockResolvedValue({ data: null, error: null });
    renderWithProviders(<EnviosPage />);
    const button = await screen.findByRole('button', { name: 'Reenviar envio para joao@cliente.test' });
    await userEvent.setup().click(button);
    await waitFor(() => expect(calls.rpc).toHaveBeenCalledTimes(1));
    expect(calls.rpc).toHaveBeenCalledWith('resend_delivery', { p_id: 'd-dead' });
    expect(await screen.findByText('Envio enfileirado novamente')).toBeInTheDocument();
  });

  it('shows the database error of a refused re-send', async () => {
    calls.rpc.mockResolvedValue({ data: null, error: { message: 'Apenas administradores reenviam' } });
    renderWithProviders(<EnviosPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Reenviar envio para joao@cliente.test' }));
    expect(await screen.findByText(/Não foi possível reenviar: Apenas administradores reenviam/)).toBeInTheDocument();
  });
});
