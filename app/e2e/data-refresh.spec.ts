import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signInAs } from './support/sign-in';
import { goInApp } from './support/navigation';

// A write refreshes every view of what it changed, without a reload: a stage change shows on the process page
// and on the client's page, a tracked receipt shows on its process, a task created from a client's page shows in
// Tarefas and in the dashboard's count. The pages are moved between inside the app (no reload: a marker set on
// the window survives). Rows made here are this journey's own and the task is removed at the end.

const ADMIN = 'admin@escritorio.test';
const JOAO_CLIENT = 'c0000000-0000-4000-8000-000000000002';
const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

/** The REST API as the administrator (this journey's own rows). */
async function rest(page: Page, method: string, path: string, data?: unknown): Promise<unknown> {
  const env = await page.evaluate(
    () => (globalThis as unknown as { __ENV__: { SUPABASE_URL: string; SUPABASE_ANON_KEY: string } }).__ENV__,
  );
  const auth = await page.request.post(`${env.SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    headers: { apikey: env.SUPABASE_ANON_KEY },
    data: { email: ADMIN, password: DEMO_PASSWORD },
  });
  expect(auth.ok()).toBeTruthy();
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const response = await page.request.fetch(`${env.SUPABASE_URL}/rest/v1/${path}`, {
    method,
    headers: { apikey: env.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}`, Prefer: 'return=representation' },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBeTruthy();
  return response.json();
}

type Marked = { __noReload?: boolean };

/** Marks the loaded page: the mark is gone after a reload. */
const markPage = (page: Page) => page.evaluate(() => ((globalThis as unknown as Marked).__noReload = true));
const stillSamePage = (page: Page) => page.evaluate(() => (globalThis as unknown as Marked).__noReload === true);

async function pickProcess(page: Page, processId: number) {
  await page.getByRole('combobox', { name: 'Processo', exact: true }).click();
  await page.getByLabel('Buscar por cliente, tipo ou recibo').fill(`#${processId} `);
  await page
    .getByRole('option')
    .getByRole('button', { name: new RegExp(`^#${processId} ·`) })
    .click();
}

for (const [label, viewport] of VIEWPORTS) {
  test(`${label}: a stage change and a tracked receipt show on the process and the client page without reload`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await signInAs(browser, ADMIN, { context: { viewport } });
    const type = `Processo atualização E2E ${label} ${Date.now()}`;
    const [created] = (await rest(page, 'POST', 'processes', {
      type,
      client_id: JOAO_CLIENT,
      category: 'Imigratório - USCIS',
      stage: 'Protocolado',
      status: 'em andamento',
    })) as { id: number }[];
    const id = created!.id;

    // the client's page first: its process list is cached with the old stage
    await page.goto(`/clientes/${JOAO_CLIENT}`);
    await markPage(page);
    const clientRow = page.getByRole('row').filter({ hasText: type });
    await expect(clientRow).toContainText('Protocolado', { timeout: 15_000 });

    await goInApp(page, `/processos/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(type) })).toBeVisible({ timeout: 15_000 });
    const stage = page.locator('dt', { hasText: /^Estágio$/ }).locator('xpath=following-sibling::dd');
    await expect(stage).toHaveText('Protocolado');
    await page.getByRole('button', { name: 'Atualizar estágio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Atualizar estágio' });
    await dialog.getByRole('combobox', { name: 'Estágio' }).click();
    await page.getByRole('option', { name: /^RFE$/ }).first().click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(stage).toHaveText('RFE', { timeout: 5_000 });

    // back on the client's page: the same process, with its new stage
    await goInApp(page, `/clientes/${JOAO_CLIENT}`);
    await expect(clientRow).toContainText('RFE', { timeout: 5_000 });
    await expect(clientRow).not.toContainText('Protocolado');

    // a receipt tracked in Processos shows on its process (the process page was loaded before, without one)
    const receipt = `IOE${Date.now().toString().slice(-10)}`;
    const receiptLine = page.locator('dt', { hasText: /^Número de Recibo$/ }).locator('xpath=following-sibling::dd');
    await goInApp(page, `/processos/${id}`);
    await expect(receiptLine).toHaveText('-', { timeout: 15_000 });
    await goInApp(page, '/processos');
    await page.getByRole('tab', { name: 'Recibos USCIS' }).click();
    await page.getByLabel('Número do Recibo').fill(receipt);
    await pickProcess(page, id);
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await expect(page.getByText('Número de recibo adicionado').first()).toBeVisible({ timeout: 15_000 });
    await goInApp(page, `/processos/${id}`);
    await expect(receiptLine).toHaveText(receipt, { timeout: 5_000 });
    // ... and on the client's page, under the process
    await goInApp(page, `/clientes/${JOAO_CLIENT}`);
    await expect(clientRow).toContainText(receipt, { timeout: 5_000 });

    expect(await stillSamePage(page)).toBe(true);
    await page.context().close();
  });
}

test("a task created on a client's page shows in Tarefas and in the dashboard's count without reload", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await signInAs(browser, ADMIN);
  await markPage(page);
  const pending = page.getByRole('group', { name: 'Tarefas Pendentes' }).getByTestId('stat-value');
  await expect(pending).toHaveText(/^\d+$/, { timeout: 15_000 });
  const before = Number(await pending.innerText());

  const title = `Ligar para o cliente E2E ${Date.now()}`;
  await goInApp(page, `/clientes/${JOAO_CLIENT}`);
  await page.getByRole('button', { name: 'Nova Tarefa' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Cliente')).toHaveValue(JOAO_CLIENT);
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Tarefa salva').first()).toBeVisible({ timeout: 15_000 });

  try {
    await goInApp(page, '/tarefas');
    await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible({ timeout: 15_000 });
    await goInApp(page, '/');
    await expect(pending).toHaveText(String(before + 1), { timeout: 5_000 });
    expect(await stillSamePage(page)).toBe(true);
  } finally {
    const rows = (await rest(page, 'GET', `tasks?select=id&title=eq.${encodeURIComponent(title)}`)) as { id: string }[];
    for (const row of rows) await rest(page, 'DELETE', `tasks?id=eq.${row.id}`);
  }
  await page.context().close();
});
