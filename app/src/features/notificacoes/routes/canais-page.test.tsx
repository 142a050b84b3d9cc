import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { db, postgrestError, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import CanaisPage from './canais-page';

const GRANTED_AT = '2025-11-24T13:45:00Z';
const CLIENT = { id: 'c1', full_name: 'Maria Silva', email: 'maria@cliente.test', phone: '+5511987654321' };

function clientAuth() {
  return { roles: ['client'], clientData: CLIENT } as never;
}

/** The arguments set_channel_consent received, in order. */
let consentCalls: Record<string, unknown>[] = [];

beforeEach(() => {
  consentCalls = [];
  db.seed('client_channel_consents', []);
  // set_channel_consent() updates the client's consent row as the database function does
  server.use(
    rpc('set_channel_consent', (args) => {
      consentCalls.push(args);
      const rows = db.rows('client_channel_consents').filter((c) => c.channel !== args.p_channel);
      rows.push({
        channel: args.p_channel,
        granted: args.p_granted,
        phone: args.p_phone,
        granted_at: args.p_granted ? GRANTED_AT : null,
        revoked_at: args.p_granted ? null : GRANTED_AT,
      });
      db.seed('client_channel_consents', rows);
      return null;
    }),
  );
});

describe('CanaisPage (Meu Perfil of the portal)', () => {
  it('opts in to e-mail and shows the time of consent', async () => {
    renderWithProviders(<CanaisPage />, { auth: clientAuth() });
    const email = await screen.findByRole('checkbox', { name: 'Receber notificações por e-mail' });
    expect(email).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('maria@cliente.test')).toBeInTheDocument();
    expect(screen.queryByText(/Autorizado em/)).not.toBeInTheDocument();

    await userEvent.setup().click(email);
    await waitFor(() => expect(consentCalls).toEqual([{ p_channel: 'email', p_granted: true, p_phone: null }]));
    expect(await screen.findByText(`Autorizado em ${formatDateTime(GRANTED_AT)}`)).toBeInTheDocument();
    expect(await screen.findByText('Preferência salva')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Receber notificações por e-mail' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('sends the WhatsApp number with the WhatsApp opt-in (prefilled from the client record)', async () => {
    renderWithProviders(<CanaisPage />, { auth: clientAuth() });
    const phone = await screen.findByLabelText('Número do WhatsApp (formato internacional)');
    expect(phone).toHaveValue(CLIENT.phone);
    const user = userEvent.setup();
    await user.clear(phone);
    await user.type(phone, ' +5521999990000 ');
    await user.click(screen.getByRole('checkbox', { name: 'Receber notificações por WhatsApp' }));
    await waitFor(() =>
      expect(consentCalls).toEqual([{ p_channel: 'whatsapp', p_granted: true, p_phone: '+5521999990000' }]),
    );
    expect(await screen.findByText(`Autorizado em ${formatDateTime(GRANTED_AT)}`)).toBeInTheDocument();
  });

  it('shows when a consent was withdrawn', async () => {
    db.seed('client_channel_consents', [
      { channel: 'email', granted: true, phone: null, granted_at: GRANTED_AT, revoked_at: null },
    ]);
    renderWithProviders(<CanaisPage />, { auth: clientAuth() });
    const email = await screen.findByRole('checkbox', { name: 'Receber notificações por e-mail' });
    expect(email).toHaveAttribute('aria-checked', 'true');
    await userEvent.setup().click(email);
    await waitFor(() => expect(consentCalls).toEqual([{ p_channel: 'email', p_granted: false, p_phone: null }]));
    expect(await screen.findByText(`Autorização retirada em ${formatDateTime(GRANTED_AT)}`)).toBeInTheDocument();
  });

  it('keeps the box as it was and says why when the database refuses', async () => {
    server.use(rpc('set_channel_consent', () => postgrestError(400, 'P0001', 'Número inválido')));
    renderWithProviders(<CanaisPage />, { auth: clientAuth() });
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Receber notificações por WhatsApp' }));
    expect(await screen.findByText('Não foi possível salvar: Número inválido')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Receber notificações por WhatsApp' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });
});
