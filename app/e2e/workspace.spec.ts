import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAs } from './support/sign-in';

// The office's workspace, on a desktop and on a phone: staff create a process, open its client and process
// pages, find it by its receipt number in the global search, read the bell; a client answers a document
// request by uploading against it and follows the stage changes. Every record touched here is created here
// (unique names and receipt numbers); seed rows are only read.

// Node's Buffer without Node's typings (not a dependency of the app)
const NodeBuffer = (globalThis as unknown as { Buffer: { from(data: string): Uint8Array } }).Buffer;

const PASSWORD = 'Demo@12345';
const ADMIN = 'admin@escritorio.test';
const MARIA = 'maria.silva@cliente.test';
const MARIA_CLIENT = 'c0000000-0000-4000-8000-000000000001';
const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 800 }],
] as const;

function digits(n: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(-n);
}

const signIn = (browser: Browser, email: string, landing: RegExp, viewport: { width: number; height: number }) =>
  signInAs(browser, email, { landing, context: { viewport } });

/** REST calls as a demo user (to prepare what another user then sees). */
async function rest(
  page: Page,
  email: string,
  method: 'POST' | 'PATCH',
  path: string,
  data: unknown,
): Promise<unknown> {
  const env = await page.evaluate(
    () => (globalThis as unknown as { __ENV__: { SUPABASE_URL: string; SUPABASE_ANON_KEY: string } }).__ENV__,
  );
  const auth = await page.request.post(`${env.SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    headers: { apikey: env.SUPABASE_ANON_KEY },
    data: { email, password: PASSWORD },
  });
  expect(auth.ok()).toBeTruthy();
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const response = await page.request.fetch(`${env.SUPABASE_URL}/rest/v1/${path}`, {
    method,
    headers: { apikey: env.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}`, Prefer: 'return=representation' },
    data,
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return response.json();
}

async function pickOption(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.setTimeout(120_000);

for (const [label, viewport] of VIEWPORTS) {
  test(`${label}: staff create a process, open its pages, find it by receipt and read the bell`, async ({
    browser,
  }) => {
    const page = await signIn(browser, ADMIN, /\/$/, viewport);
    const receipt = `EAC${digits(10)}`;
    const description = `Pedido de asilo E2E ${receipt}`;

    // Novo Processo: catalogue type, client, receipt; the category follows the type.
    await page.goto('/processos');
    await page.getByRole('button', { name: 'Novo Processo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Processo' });
    await pickOption(page, 'Tipo de Processo', 'Asilo (I-589)');
    await dialog.getByRole('combobox', { name: 'Cliente', exact: true }).selectOption({ label: 'Maria Silva' });
    await expect(dialog.getByRole('combobox', { name: 'Categoria' })).toHaveText(/USCIS/);
    await dialog.getByLabel('Número de Recibo (opcional)').fill(receipt.toLowerCase());
    await dialog.getByLabel(/Descrição/).fill(description);
    await page.screenshot({ path: `e2e/artifacts/workspace-${label}-novo-processo.png` });
    await dialog.getByRole('button', { name: 'Salvar Processo' }).click();
    await expect(page.getByText('Processo criado').first()).toBeVisible({ timeout: 15_000 });

    // The process page: summary and its timeline.
    await expect(page).toHaveURL(/\/processos\/\d+$/, { timeout: 15_000 });
    const processId = Number(/\/processos\/(\d+)$/.exec(page.url())?.[1]);
    await expect(page.getByRole('heading', { level: 1, name: `Asilo (I-589) · nº ${processId}` })).toBeVisible();
    await expect(page.getByText(receipt, { exact: true })).toBeVisible();
    await expect(page.getByTestId('timeline-entry').filter({ hasText: 'Processo aberto' })).toBeVisible({
      timeout: 15_000,
    });
    await page.screenshot({ path: `e2e/artifacts/workspace-${label}-processo.png`, fullPage: true });

    // Its client's page lists it.
    await page.getByRole('link', { name: 'Maria Silva', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/clientes/${MARIA_CLIENT}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Maria Silva' })).toBeVisible();
    await expect(page.getByRole('link', { name: `nº ${processId} · Asilo (I-589)` })).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: `e2e/artifacts/workspace-${label}-cliente.png`, fullPage: true });

    // Global search by receipt number opens the process page.
    await page.goto('/clientes');
    await page.getByRole('button', { name: 'Pesquisar (Ctrl+K)' }).click();
    const search = page.getByRole('combobox', { name: /Pesquisar clientes/ });
    await search.fill(receipt);
    await expect(page.getByRole('option').filter({ hasText: receipt }).first()).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: `e2e/artifacts/workspace-${label}-busca.png` });
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/processos/${processId}$`), { timeout: 15_000 });

    // The bell: a client message arrives live; marking all as read clears the count.
    const content = `Mensagem E2E ${receipt}`;
    await rest(page, MARIA, 'POST', 'messages', { client_id: MARIA_CLIENT, sender_type: 'client', content });
    const bell = page.getByRole('button', { name: /^Notificações \([1-9]\d* não lidas\)$/ });
    await expect(bell).toBeVisible({ timeout: 20_000 });
    await bell.click();
    await expect(page.getByTestId('notification-item').filter({ hasText: content }).first()).toBeVisible({
      timeout: 15_000,
    });
    await page.screenshot({ path: `e2e/artifacts/workspace-${label}-sino.png` });
    await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
    await expect(page.getByRole('menu', { name: 'Notificações (0 não lidas)' })).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Notificações (0 não lidas)' })).toBeVisible();
    await page.context().close();
  });

  test(`${label}: the client answers a document request by uploading and follows the stage`, async ({ browser }) => {
    const page = await signIn(browser, MARIA, /\/cliente$/, viewport);
    const tag = digits(8);
    // a process with a long label, and a document asked for on it (prepared by the office)
    const longType = `Green Card por família com pedido de perdão de permanência ilegal E2E ${tag}`;
    const [process] = (await rest(page, ADMIN, 'POST', 'processes', {
      type: longType,
      client_id: MARIA_CLIENT,
      category: 'USCIS',
      status: 'em andamento',
      stage: 'Documentação',
    })) as { id: number }[];
    const documentName = `Certidão de nascimento E2E ${tag}`;
    await rest(page, ADMIN, 'POST', 'document_requests', { process_id: process!.id, document_name: documentName });
    await rest(page, ADMIN, 'PATCH', `processes?id=eq.${process!.id}`, { stage: 'Biometria' });

    // Próximos Passos opens the process the newest pending request is about.
    await page.reload();
    await page.getByRole('link', { name: 'Ver detalhes' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/cliente/processos/${process!.id}$`), { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: longType })).toBeVisible();

    // The stage change is in the client's timeline.
    await expect(page.getByTestId('timeline-entry').filter({ hasText: 'Estágio alterado' }).first()).toBeVisible({
      timeout: 15_000,
    });

    // Answer the request: Pendente becomes Recebido by itself.
    const request = page.getByTestId('document-request').filter({ hasText: documentName });
    await expect(request.getByText('Pendente', { exact: true })).toBeVisible();
    await request.getByRole('button', { name: `Enviar ${documentName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar Documento' });
    await dialog.getByLabel('Arquivo').setInputFiles({
      name: `certidao-${tag}.pdf`,
      mimeType: 'application/pdf',
      buffer: NodeBuffer.from(`%PDF-1.4\n% E2E ${tag}\n%%EOF\n`) as never,
    });
    await expect(dialog.getByLabel('Nome do documento')).toHaveValue(documentName);
    await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(page.getByText('Documento enviado com sucesso').first()).toBeVisible({ timeout: 20_000 });
    await expect(request.getByText('Recebido', { exact: true })).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: `e2e/artifacts/workspace-${label}-portal-processo.png`, fullPage: true });

    // The upload dialog keeps Enviar on screen with the long process label chosen.
    await page.goto('/cliente/documentos');
    await page.getByRole('button', { name: 'Enviar Documento' }).click();
    const upload = page.getByRole('dialog', { name: 'Enviar Documento' });
    await upload.getByRole('combobox', { name: 'Processo (opcional)' }).click();
    await page.getByRole('option', { name: new RegExp(`^Processo nº ${process!.id} — `) }).click();
    await expect(upload.getByRole('button', { name: 'Enviar', exact: true })).toBeInViewport({ ratio: 1 });
    await expect(upload.getByRole('button', { name: 'Cancelar' })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `e2e/artifacts/workspace-${label}-upload-longo.png` });
    await page.context().close();
  });
}
