import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAs, DEMO_PASSWORD } from './support/sign-in';

// Money and time shown right, on a desktop and on a phone: dollars as US$ and reais as R$ wherever an amount
// shows, EOIR hearing times on the court's clock (whatever the viewer's zone), and a stage change seen on the
// process page at once. Rows this journey creates are its own (unique titles); the seed is left as it was.
const ADMIN = 'admin@escritorio.test';
const JOAO_CLIENT = 'c0000000-0000-4000-8000-000000000002';

const SCREENS = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;

interface Env {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
}

/** The REST API as the administrator (to prepare this journey's own rows). */
async function rest(page: Page, method: string, path: string, data?: unknown): Promise<unknown> {
  const env = await page.evaluate(() => (globalThis as unknown as { __ENV__: Env }).__ENV__);
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

const signIn = (browser: Browser, screen: (typeof SCREENS)[number], timezoneId = 'America/Sao_Paulo') =>
  signInAs(browser, ADMIN, { context: { ...screen, timezoneId } });

for (const screen of SCREENS) {
  test.describe(`money and time (${screen.name})`, () => {
    test("the client page's Financeiro tab shows a dollar contract in dollars", async ({ browser }) => {
      const page = await signIn(browser, screen);
      await page.goto(`/clientes/${JOAO_CLIENT}`);
      await page.getByRole('tab', { name: 'Financeiro' }).click();
      const row = page.getByRole('row').filter({ hasText: 'CT-2025-003' });
      await expect(row).toBeVisible({ timeout: 15_000 });
      await expect(row.getByText('US$ 6.000,00', { exact: true })).toBeVisible();
      await expect(row.getByText(/R\$/)).toHaveCount(0);
      await page.screenshot({ path: `e2e/artifacts/money-cliente-${screen.name}.png`, fullPage: true });
      await page.context().close();
    });

    test('the dashboard shows real figures only, money with its own currency', async ({ browser }) => {
      const page = await signIn(browser, screen);
      const revenue = page.getByRole('group', { name: 'Receita Mensal' });
      await expect(revenue.getByTestId('stat-value')).toHaveText(
        /^(Nenhum recebimento|(US\$|R\$) [\d.,]+( · R\$ [\d.,]+)?)$/,
        {
          timeout: 15_000,
        },
      );
      await expect(page.getByRole('group', { name: 'Total de Clientes' }).getByTestId('stat-value')).toHaveText(
        /^\d[\d.]*$/,
      );
      await expect(page.getByText(/de exemplo/)).toHaveCount(0);
      await page.context().close();
    });

    test("EOIR hearings show on the court's clock, labelled, whatever the viewer's zone", async ({ browser }) => {
      // a viewer in São Paulo: the Newark hearing seeded at 09:00 still reads 09:00, Newark's time
      const page = await signIn(browser, screen, 'America/Sao_Paulo');
      await page.goto('/processos');
      await page.getByRole('tab', { name: 'Cortes EOIR' }).click();
      await page.getByRole('button', { name: 'Histórico A234567890' }).click();
      const history = page.getByTestId('court-history');
      await expect(history.getByText(/09:00 \(horário de Newark, ET\)/).first()).toBeVisible({ timeout: 15_000 });
      await expect(history.getByText(/08:30 \(horário de Newark, ET\)/).first()).toBeVisible();
      await expect(history.getByText(/04:00|10:00 \(/)).toHaveCount(0);
      await page.screenshot({ path: `e2e/artifacts/hearing-${screen.name}.png`, fullPage: true });
      await page.context().close();
    });

    test('a stage change shows on the process page at once', async ({ browser }) => {
      const page = await signIn(browser, screen);
      const type = `Processo estágio E2E ${screen.name} ${Date.now()}`;
      const [created] = (await rest(page, 'POST', 'processes', {
        type,
        client_name: 'Cliente sem portal E2E',
        category: 'Imigratório - USCIS',
        stage: 'Protocolado',
        status: 'em andamento',
      })) as { id: number }[];
      await page.goto(`/processos/${created!.id}`);
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(type) })).toBeVisible({ timeout: 15_000 });
      const stage = page.locator('dt', { hasText: /^Estágio$/ }).locator('xpath=following-sibling::dd');
      await expect(stage).toHaveText('Protocolado');
      await page.getByRole('button', { name: 'Atualizar estágio' }).click();
      const dialog = page.getByRole('dialog', { name: 'Atualizar estágio' });
      await dialog.getByRole('combobox', { name: 'Estágio' }).click();
      await page.getByRole('option', { name: /^RFE$/ }).first().click();
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await expect(dialog).toBeHidden({ timeout: 15_000 });
      // no reload: the page's own query was refreshed by the mutation
      await expect(stage).toHaveText('RFE', { timeout: 5_000 });
      await page.context().close();
    });
  });
}
