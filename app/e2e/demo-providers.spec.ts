import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signInAs } from './support/sign-in';

// On a desktop and on a phone. Demo providers never reach a client: the administrator sees in Integrações which lookup providers are demos,
// a USCIS check by the demo provider shows "Demonstração" on the receipt and its history, tells the staff
// (labelled) and sends Maria nothing. The database is shared with other journeys: the process and the receipt
// are created here; the provider changed in Integrações is set back at once.

const ADMIN = 'admin@escritorio.test';
const MARIA = 'maria.silva@cliente.test';
const MARIA_CLIENT = 'c0000000-0000-4000-8000-000000000001';

/** The REST API as a demo user (to prepare data and to read what the screens do not show). */
async function rest(page: Page, email: string, method: string, path: string, data?: unknown): Promise<unknown> {
  const env = await page.evaluate(
    () => (globalThis as unknown as { __ENV__: { SUPABASE_URL: string; SUPABASE_ANON_KEY: string } }).__ENV__,
  );
  const auth = await page.request.post(`${env.SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    headers: { apikey: env.SUPABASE_ANON_KEY },
    data: { email, password: DEMO_PASSWORD },
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

async function chooseProvider(page: Page, label: string, value: string) {
  const card = page.getByRole('form', { name: 'Provedores de consulta' });
  await card.getByLabel(label).selectOption(value);
  await card.getByRole('button', { name: 'Salvar provedores' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Trocar os provedores de consulta?' });
  await confirm.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Provedores salvos').first()).toBeVisible({ timeout: 15_000 });
  await expect(confirm).toBeHidden();
}

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 800 }],
] as const;

for (const [label, viewport] of VIEWPORTS) {
  test(`a demo USCIS status is labelled for the staff and never reaches the client (${label})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await signInAs(browser, ADMIN, { context: { viewport } });

    // --- Integrações: each lookup's provider, which one is a demo; set and set back ---------------
    await admin.goto('/integracoes');
    const card = admin.getByRole('form', { name: 'Provedores de consulta' });
    await expect(card).toBeVisible({ timeout: 15_000 });
    for (const label of [
      'Status de casos do USCIS',
      'Casos na EOIR',
      'Edições dos formulários do USCIS',
      'Cotação do dólar',
    ]) {
      await expect(card.getByLabel(label)).toBeVisible();
    }
    const forms = admin.getByTestId('provider-uscisForms');
    const before = await card.getByLabel('Edições dos formulários do USCIS').inputValue();
    const other = before === 'demo' ? 'http' : 'demo';
    await chooseProvider(admin, 'Edições dos formulários do USCIS', other);
    try {
      await admin.reload();
      await expect(card.getByLabel('Edições dos formulários do USCIS')).toHaveValue(other, { timeout: 15_000 });
      await expect(forms.getByText('Demonstração', { exact: true })).toHaveCount(other === 'demo' ? 1 : 0);
    } finally {
      await chooseProvider(admin, 'Edições dos formulários do USCIS', before);
    }
    await admin.reload();
    await expect(card.getByLabel('Edições dos formulários do USCIS')).toHaveValue(before, { timeout: 15_000 });
    await expect(forms.getByText('Demonstração', { exact: true })).toHaveCount(before === 'demo' ? 1 : 0);
    await admin.screenshot({ path: `e2e/artifacts/demo-providers-integracoes-${label}.png`, fullPage: true });

    const uscisProvider = await card.getByLabel('Status de casos do USCIS').inputValue();
    test.skip(uscisProvider !== 'demo', 'this stack checks USCIS receipts with the official provider');
    await expect(admin.getByTestId('provider-uscis').getByText('Demonstração', { exact: true })).toBeVisible();

    // --- A receipt of Maria's, checked by the demo provider --------------------------------------
    const stamp = Date.now().toString().slice(-10);
    const receipt = `MSC${stamp}`;
    const [process] = (await rest(admin, ADMIN, 'POST', 'processes', {
      type: `Processo demonstração ${stamp}`,
      client_id: MARIA_CLIENT,
      category: 'Imigratório - USCIS',
      stage: 'Protocolado',
      status: 'em andamento',
    })) as { id: number }[];
    await rest(admin, ADMIN, 'POST', 'uscis_receipts', { process_id: process.id, receipt_number: receipt });

    await admin.goto('/processos');
    await admin.getByRole('tab', { name: 'Recibos USCIS' }).click();
    const row = admin.getByRole('row').filter({ hasText: receipt });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row.getByText('Demonstração')).toHaveCount(0);
    await row.getByRole('button', { name: `Verificar ${receipt}` }).click();
    await expect(admin.getByText('Status verificado com sucesso').first()).toBeVisible({ timeout: 30_000 });
    await expect(row.getByText('Demonstração', { exact: true })).toBeVisible({ timeout: 15_000 });
    await row.getByRole('button', { name: `Histórico ${receipt}` }).click();
    const history = admin.getByTestId('receipt-history');
    await expect(history.getByRole('listitem').first().getByText('Demonstração', { exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await admin.screenshot({ path: `e2e/artifacts/demo-providers-recibos-${label}.png`, fullPage: true });

    // the staff are told, labelled; Maria is told nothing (no in-app notification, no e-mail queued)
    await expect
      .poll(async () => {
        const mine = (await rest(admin, ADMIN, 'GET', 'notifications?select=title,body&kind=eq.uscis_status')) as {
          title: string;
          body: string;
        }[];
        return mine.filter((n) => n.body.includes(receipt)).map((n) => n.title);
      })
      .toEqual(['Status USCIS alterado (demonstração)']);
    const maria = await signInAs(browser, MARIA, { landing: /\/cliente/, context: { viewport } });
    const hers = (await rest(maria, MARIA, 'GET', 'notifications?select=title,body&kind=eq.uscis_status')) as {
      body: string;
    }[];
    expect(hers.filter((n) => n.body.includes(receipt))).toEqual([]);
    await maria.context().close();
    await admin.context().close();
  });
}
