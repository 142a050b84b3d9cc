import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { renderWithProviders } from '@/testing/test-utils';
import { validS3Config } from '../schemas';
import IntegracoesPage from './integracoes-page';

const session = vi.hoisted(() => ({ token: 'session-token' as string | null }));
vi.mock('@/lib/supabase', () => ({
  supabase: {
    auth: {
      getSession: async () => ({
        data: { session: session.token ? { access_token: session.token } : null },
        error: null,
      }),
    },
  },
}));

const URL_BASE = 'http://127.0.0.1:54321/functions/v1/system-settings';
let stored: Record<string, string> | null;
let postReply: { status: number; body: unknown } | null;
const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  // only the S3 setting is stored in these tests (the WhatsApp one answers null)
  if (init.method === 'GET') return new Response(JSON.stringify({ data: url.endsWith('aws_s3_config') ? stored : null }), { status: 200 });
  if (postReply) return new Response(JSON.stringify(postReply.body), { status: postReply.status });
  stored = JSON.parse(String(init.body)).value;
  return new Response(JSON.stringify({ success: true, data: stored }), { status: 200 });
});

beforeEach(() => {
  // sonner keeps toasts in module state: start every test without the previous ones
  toast.dismiss();
  session.token = 'session-token';
  stored = null;
  postReply = null;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const NAMES = ['Amazon S3', 'WhatsApp Business', 'Facebook', 'Instagram', 'Dropbox', 'Dropbox Sign', 'Google Calendar', 'Stripe'];

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
  it('shows 8 skeleton cards while loading, then the 8 integrations and the Open API box', async () => {
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    expect(screen.getAllByTestId('integration-skeleton')).toHaveLength(8);
    for (const name of NAMES) expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Conectar / })).toHaveLength(8);
    expect(screen.queryByText('Conectado')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver Documentação' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.find(([u]) => u.endsWith('aws_s3_config'))!;
    expect(url).toBe(`${URL_BASE}?key=aws_s3_config`);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer session-token');
  });

  it('shows Conectado for S3 when a configuration exists', async () => {
    stored = { accessKeyId: 'AKIA123', secretAccessKey: '••••', region: 'us-east-1', bucket: 'docs' };
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    expect(await screen.findByText('Conectado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Conectar Amazon S3' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Conectar / })).toHaveLength(7);
  });

  it('other cards only announce that the integration is starting', async () => {
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    await userEvent.click(await screen.findByRole('button', { name: 'Conectar Facebook' }));
    expect(await screen.findByText('Iniciando integração com Facebook...')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
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
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST')!;
    expect(JSON.parse(String(post[1].body))).toMatchObject({
      key: 'whatsapp',
      value: { phoneNumberId: '1234567890', accessToken: 'EAA-token', templateName: 'atualizacao_caso', languageCode: 'pt_BR' },
    });
  });

  it('requires every S3 field', async () => {
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    const dialog = await openS3Dialog();
    await fillS3(dialog, { ...fullValues, Bucket: '' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar Configuração' }));
    expect(await screen.findByText('Dados incompletos')).toBeInTheDocument();
    expect(screen.getByText('Todos os campos são obrigatórios')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === 'POST')).toHaveLength(0);
  });

  it('saves the S3 configuration with the bearer token and then shows Conectado', async () => {
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    const dialog = await openS3Dialog();
    await fillS3(dialog, fullValues);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar Configuração' }));
    expect(await screen.findByText('Integração com AWS S3 configurada')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST')!;
    expect(post[0]).toBe(URL_BASE);
    expect((post[1].headers as Record<string, string>).Authorization).toBe('Bearer session-token');
    expect(JSON.parse(String(post[1].body))).toEqual({
      key: 'aws_s3_config',
      value: { accessKeyId: 'AKIA123', secretAccessKey: 's3cr3t', region: 'us-east-1', bucket: 'docs' },
    });
    expect(await screen.findByText('Conectado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows Erro na configuração with the server message', async () => {
    postReply = { status: 403, body: { message: 'Permissão negada: Apenas administradores podem configurar a integração com AWS S3.' } };
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes' });
    const dialog = await openS3Dialog();
    await fillS3(dialog, fullValues);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar Configuração' }));
    expect(await screen.findByText('Erro na configuração')).toBeInTheDocument();
    expect(screen.getByText('Permissão negada: Apenas administradores podem configurar a integração com AWS S3.')).toBeInTheDocument();
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
    session.token = null;
    await fillS3(dialog, fullValues);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar Configuração' }));
    expect(await screen.findByText('No authentication token available')).toBeInTheDocument();
  });

  it('refuses the S3 configuration to non-administrators', async () => {
    renderWithProviders(<IntegracoesPage />, { route: '/integracoes', auth: { roles: ['legal_assistant'] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Conectar Amazon S3' }));
    expect(
      await screen.findByText('Permissão negada: Apenas administradores podem configurar a integração com AWS S3.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
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
