import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, postgrestError, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import EnviosPage from './envios-page';

function delivery(id: string, status: string, recipient: string, title: string, created_at = '2025-11-20T10:00:00Z') {
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
    created_at,
    sent_at: status === 'sent' ? '2025-11-20T10:00:05Z' : null,
    payload: { title, recipient_name: 'Maria Silva' },
  };
}

/** The arguments resend_delivery received. */
let resent: Record<string, unknown>[] = [];

beforeEach(() => {
  resent = [];
  // stored oldest first: the page asks for created_at descending; in-app notifications are no deliveries to show
  db.seed('notification_deliveries', [
    delivery('d-dead', 'dead', 'joao@cliente.test', 'Documento solicitado', '2025-11-19T10:00:00Z'),
    { ...delivery('d-app', 'sent', 'u1', 'Aviso no sino'), channel: 'in_app' },
    delivery('d-sent', 'sent', 'maria@cliente.test', 'Seu processo mudou de etapa', '2025-11-20T10:00:00Z'),
  ]);
  server.use(
    rpc('resend_delivery', (args) => {
      resent.push(args);
      return null;
    }),
  );
});

const listRequests = () => db.requests('/rest/v1/notification_deliveries', 'GET');

describe('EnviosPage (/notificacoes-envios)', () => {
  it('lists the deliveries and narrows them with the status filter', async () => {
    renderWithProviders(<EnviosPage />);
    expect(await screen.findByText('Seu processo mudou de etapa')).toBeInTheDocument();
    expect(screen.getByText('Documento solicitado')).toBeInTheDocument();
    expect(screen.queryByText('Aviso no sino')).not.toBeInTheDocument();
    const titles = screen
      .getAllByRole('row')
      .flatMap((r) => within(r).queryAllByText(/^(Seu processo mudou de etapa|Documento solicitado)$/));
    expect(titles.map((t) => t.textContent)).toEqual(['Seu processo mudou de etapa', 'Documento solicitado']);
    expect(listRequests()[0]!.params.has('status')).toBe(false);

    await userEvent.setup().selectOptions(screen.getByLabelText('Situação'), 'sent');
    await waitFor(() => expect(screen.queryByText('Documento solicitado')).not.toBeInTheDocument());
    expect(listRequests().at(-1)!.params.get('status')).toBe('eq.sent');
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
    renderWithProviders(<EnviosPage />);
    const button = await screen.findByRole('button', { name: 'Reenviar envio para joao@cliente.test' });
    await userEvent.setup().click(button);
    await waitFor(() => expect(resent).toEqual([{ p_id: 'd-dead' }]));
    expect(await screen.findByText('Envio enfileirado novamente')).toBeInTheDocument();
  });

  it('shows the database error of a refused re-send', async () => {
    server.use(rpc('resend_delivery', () => postgrestError(403, '42501', 'Apenas administradores reenviam')));
    renderWithProviders(<EnviosPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Reenviar envio para joao@cliente.test' }));
    expect(await screen.findByText(/Não foi possível reenviar: Apenas administradores reenviam/)).toBeInTheDocument();
  });

  it('pages the outbox on the server with the exact count, past the first page', async () => {
    const many = Array.from({ length: 60 }, (_, n) =>
      delivery(
        `d-${n}`,
        'sent',
        `envio.${n}@cliente.test`,
        `Envio ${n}`,
        new Date(Date.UTC(2025, 10, 1, 0, n)).toISOString(),
      ),
    );
    db.seed('notification_deliveries', many);
    renderWithProviders(<EnviosPage />);
    expect(await screen.findByText('Envio 59')).toBeInTheDocument();
    expect(screen.getByTestId('pager-label')).toHaveTextContent('1-25 de 60');
    expect(screen.queryByText('Envio 34')).not.toBeInTheDocument();
    const first = listRequests()[0]!;
    expect(first.params.get('channel')).toBe('neq.in_app');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByText('Envio 34')).toBeInTheDocument();
    expect(screen.getByTestId('pager-label')).toHaveTextContent('26-50 de 60');
    expect(screen.queryByText('Envio 59')).not.toBeInTheDocument();
  });
});
