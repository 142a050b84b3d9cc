import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { supabase } from '@/lib/supabase';
import { db, server, SUPABASE_URL } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { validS3Config } from '../schemas';
import IntegracoesPage from './integracoes-page';

const URL_BASE = `${SUPABASE_URL}/functions/v1/system-settings`;
const MAIL_URL = `${SUPABASE_URL}/functions/v1/mail-delivery`;
/** What the mail-delivery function answers (where the server sends e-mail). */
let mail: { kind: string; address: string };
/** The stored settings (key -> value) the system-settings function keeps. */
let stored: Record<string, unknown>;
let postReply: { status: number; body: unknown } | null;

const systemSettings = [
  http.get(URL_BASE, ({ request }) => {
    const key = new URL(request.url).searchParams.get('key') ?? '';
    return HttpResponse.json({ data: stored[key] ?? null });
  }),
  http.get(MAIL_URL, () => HttpResponse.json(mail)),
  http.post(URL_BASE, async ({ request }) => {
    if (postReply) return HttpResponse.json(postReply.body as JsonBodyType, { status: postReply.status });
    const { key, value } = (await request.json()) as { key: string; value: unknown };
    stored[key] = value;
    return HttpResponse.json({ success: true, data: value });
  }),
];

const functionCalls = (method?: string) => db.requests('/functions/v1/system-settings', method);

beforeEach(async () => {
  stored = {};
  postReply = null;
  mail = { kind: 'smtp', address: 'smtp.escritorio.example.com:587' };
  server.use(...systemSettings);
  // a signed-in administrator: the page sends the session's access token
  db.addUser({ id: 'u-admin', email: 'admin@escritorio.test', password: 'segredo-123' });
  await supabase.auth.signInWithPassword({ email: 'admin@escritorio.test', password: 'segredo-123' });
});

async function accessToken() {
  return (await supabase.auth.getSession()).data.session!.access_token;
}

const NAMES = ['Amazon S3', 'WhatsApp Business'];
/** Cards that used to offer a Conectar button that only announced itself: a button works or is not there. */
const REMOVED = ['Facebook', 'Instagram', 'Dropbox', 'Dropbox Sign', 'Google Calendar', 'Stripe'];

async function openS3Dialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Conectar Amazon S3' }));
  return screen.findByRole('dialog');
}

async function fillS3(dialog: HTMLElement, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    if (value) await userEvent.type(within(dialog).getByLabelText(label), value);
  }
}

const fullValues = { 'Access Key ID': 'AKIA123', 'Secret Access Key': 's3cr3t', Região: 'us-east-1', Bucket: 'docs' };

describe('IntegracoesPage', () => {
  it('shows skeleton cards while loading, then the integrations and the Open API box', async () => {
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    expect(screen.getAllByTestId('integration-skeleton')).toHaveLength(2);
    for (const name of NAMES) expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Conectar / })).toHaveLength(2);
    expect(screen.queryByText('Conectado')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver Documentação' })).toBeInTheDocument();
    const gets = functionCalls('GET');
    expect(gets.map((r) => r.params.get('key')).sort()).toEqual([
      'aws_s3_config',
      'payment_fees',
      'pix',
      'providers',
      'stripe',
      'whatsapp',
    ]);
    for (const get of gets) expect(get.headers.get('authorization')).toBe(`Bearer ${await accessToken()}`);
  });

  it('shows Conectado for S3 when a configuration exists', async () => {
    stored = {
      aws_s3_config: { accessKeyId: 'AKIA123', secretAccessKey: '••••', region: 'us-east-1', bucket: 'docs' },
    };
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    expect(await screen.findByText('Conectado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Conectar Amazon S3' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Conectar / })).toHaveLength(1);
  });

  it('lists no integration whose button would only announce itself', async () => {
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    expect(await screen.findByRole('heading', { name: 'Amazon S3' })).toBeInTheDocument();
    for (const name of REMOVED) {
      expect(screen.queryByRole('heading', { name })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: `Conectar ${name}` })).not.toBeInTheDocument();
    }
  });

  it('shows each lookup provider, says which is a demo, and sets them after confirmation', async () => {
    stored = { providers: { uscis: 'demo', eoir: 'http', uscisForms: 'demo', exchangeRates: 'ptax' } };
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    const card = await screen.findByRole('form', { name: 'Provedores de consulta' });
    const uscis = within(card).getByLabelText('Status de casos do USCIS');
    expect(uscis).toHaveValue('demo');
    expect(within(card).getByLabelText('Casos na EOIR')).toHaveValue('http');
    expect(within(card).getByLabelText('Cotação do dólar')).toHaveValue('ptax');
    // the two demo choices (USCIS and form editions) carry the badge
    expect(within(card).getAllByText('Demonstração')).toHaveLength(2);
    expect(within(screen.getByTestId('provider-uscis')).getByText('Demonstração')).toBeInTheDocument();
    expect(within(screen.getByTestId('provider-eoir')).queryByText('Demonstração')).not.toBeInTheDocument();

    await userEvent.selectOptions(uscis, 'uscis');
    expect(within(screen.getByTestId('provider-uscis')).queryByText('Demonstração')).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Salvar provedores' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Trocar os provedores de consulta?' });
    expect(functionCalls('POST')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Provedores salvos')).toBeInTheDocument();
    expect(functionCalls('POST').map((r) => r.body)).toEqual([
      { key: 'providers', value: { uscis: 'uscis', eoir: 'http', uscisForms: 'demo', exchangeRates: 'ptax' } },
    ]);
  });

  it('shows the server refusal of a demo provider', async () => {
    postReply = { status: 400, body: { message: 'Provedor de demonstração não é permitido em produção' } };
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    const card = await screen.findByRole('form', { name: 'Provedores de consulta' });
    await userEvent.selectOptions(within(card).getByLabelText('Casos na EOIR'), 'assisted');
    await userEvent.click(within(card).getByRole('button', { name: 'Salvar provedores' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Provedor de demonstração não é permitido em produção')).toBeInTheDocument();
  });

  it('WhatsApp Business opens its configuration and saves the whatsapp setting', async () => {
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    await userEvent.click(await screen.findByRole('button', { name: 'Conectar WhatsApp Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configurar WhatsApp Business' });
    await userEvent.type(within(dialog).getByLabelText('ID do número de telefone'), '1234567890');
    await userEvent.type(within(dialog).getByLabelText('Token de acesso'), 'EAA-token');
    await userEvent.type(within(dialog).getByLabelText('Segredo do app (assinatura dos webhooks)'), 'app-secret');
    await userEvent.type(within(dialog).getByLabelText('Token de verificação do webhook'), 'verifica');
    await userEvent.type(within(dialog).getByLabelText('Nome do modelo aprovado'), 'atualizacao_caso');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configuração do WhatsApp salva')).toBeInTheDocument();
    expect(functionCalls('POST').map((r) => r.body)).toEqual([
      {
        key: 'whatsapp',
        value: expect.objectContaining({
          phoneNumberId: '1234567890',
          accessToken: 'EAA-token',
          templateName: 'atualizacao_caso',
          languageCode: 'pt_BR',
        }),
      },
    ]);
    expect(stored.aws_s3_config).toBeUndefined();
  });

  it('requires every S3 field', async () => {
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    const dialog = await openS3Dialog();
    await fillS3(dialog, { ...fullValues, Bucket: '' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar Configuração' }));
    expect(await screen.findByText('Dados incompletos')).toBeInTheDocument();
    expect(screen.getByText('Todos os campos são obrigatórios')).toBeInTheDocument();
    expect(functionCalls('POST')).toEqual([]);
  });

  it('saves the S3 configuration with the bearer token and then shows Conectado', async () => {
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    const dialog = await openS3Dialog();
    await fillS3(dialog, fullValues);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar Configuração' }));
    expect(await screen.findByText('Integração com AWS S3 configurada')).toBeInTheDocument();
    const [post] = functionCalls('POST');
    expect(post!.headers.get('authorization')).toBe(`Bearer ${await accessToken()}`);
    expect(post!.body).toEqual({
      key: 'aws_s3_config',
      value: { accessKeyId: 'AKIA123', secretAccessKey: 's3cr3t', region: 'us-east-1', bucket: 'docs' },
    });
    expect(await screen.findByText('Conectado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows Erro na configuração with the server message', async () => {
    postReply = {
      status: 403,
      body: { message: 'Permissão negada: Apenas administradores podem configurar a integração com AWS S3.' },
    };
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    const dialog = await openS3Dialog();
    await fillS3(dialog, fullValues);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar Configuração' }));
    expect(await screen.findByText('Erro na configuração')).toBeInTheDocument();
    expect(
      screen.getByText('Permissão negada: Apenas administradores podem configurar a integração com AWS S3.'),
    ).toBeInTheDocument();
  });

  it('falls back to Failed to save configuration when the reply has no message', async () => {
    postReply = { status: 500, body: {} };
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    const dialog = await openS3Dialog();
    await fillS3(dialog, fullValues);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar Configuração' }));
    expect(await screen.findByText('Failed to save configuration')).toBeInTheDocument();
  });

  it('reports a missing session token', async () => {
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    const dialog = await openS3Dialog();
    await supabase.auth.signOut();
    await fillS3(dialog, fullValues);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar Configuração' }));
    expect(await screen.findByText('No authentication token available')).toBeInTheDocument();
    expect(functionCalls('POST')).toEqual([]);
  });

  it('tells the administrator that e-mails go through the SMTP server', async () => {
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    expect(
      await screen.findByText(
        'Os e-mails do sistema (convites, redefinições de senha e notificações) são enviados pelo servidor SMTP smtp.escritorio.example.com:587.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Servidor SMTP')).toBeInTheDocument();
  });

  it('warns the administrator when e-mails stay in the local inbox', async () => {
    mail = { kind: 'local_sink', address: 'http://127.0.0.1:54324' };
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    expect(
      await screen.findByText(/ficam na caixa local deste servidor \(http:\/\/127.0.0.1:54324\)/),
    ).toBeInTheDocument();
    expect(screen.getByText('Caixa local')).toBeInTheDocument();
  });

  it('refuses the S3 configuration to non-administrators', async () => {
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes', auth: { roles: ['legal_assistant'] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Conectar Amazon S3' }));
    expect(
      await screen.findByText('Permissão negada: Apenas administradores podem configurar a integração com AWS S3.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(functionCalls('POST')).toEqual([]);
  });
});

describe('validS3Config', () => {
  it('trims the fields and rejects blanks', () => {
    expect(validS3Config({ accessKeyId: ' a ', secretAccessKey: 'b', region: 'c', bucket: 'd' })).toEqual({
      accessKeyId: 'a',
      secretAccessKey: 'b',
      region: 'c',
      bucket: 'd',
    });
    expect(validS3Config({ accessKeyId: 'a', secretAccessKey: '  ', region: 'c', bucket: 'd' })).toBeNull();
  });
});
