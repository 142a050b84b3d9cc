import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signInAs } from './support/sign-in';
import { newDollarQuote } from './support/quotes';

// The commercial role works its own quotes: Financeiro > Orçamentos in its menu, a quote it creates and fills,
// and none of the quotes others sell (the database shows it only `seller_id = auth.uid()`). The secretary has no
// finance entry at all. The quote made here is Carla's own draft, removed at the end.

const COMMERCIAL = 'comercial@escritorio.test';
const SECRETARY = 'secretaria@escritorio.test';
const ADMIN = 'admin@escritorio.test';
const CARLA = '10000000-0000-4000-8000-000000000003';

/** The REST API as a demo user. */
async function rest(page: Page, email: string, method: string, path: string): Promise<unknown> {
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
  });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBeTruthy();
  return response.json();
}

test('commercial creates a quote in Orçamentos and sees only the quotes it sells', async ({ browser }) => {
  test.setTimeout(120_000);
  const carla = await signInAs(browser, COMMERCIAL);

  // the menu: Financeiro holds Orçamentos only
  const menu = carla.getByRole('navigation', { name: 'Menu principal' });
  const finance = menu.getByRole('button', { name: 'Financeiro' });
  await expect(finance).toBeVisible({ timeout: 15_000 });
  await finance.click();
  const entry = menu.getByRole('link', { name: 'Orçamentos' });
  await expect(entry).toBeVisible();
  for (const other of ['Contratos', 'Despesas', 'Comissões', 'Produtos e Serviços']) {
    await expect(menu.getByRole('link', { name: other, exact: true })).toHaveCount(0);
  }
  await entry.click();
  await expect(carla).toHaveURL(/\/financeiro\/orcamentos$/);
  await expect(carla.getByText('Acesso Restrito')).toHaveCount(0);

  // a quote of someone else's (the seed's, sold by the office) is not listed for Carla
  const admin = await signInAs(browser, ADMIN);
  const others = (await rest(
    admin,
    ADMIN,
    'GET',
    `financial_quotes?select=quote_number&or=(seller_id.is.null,seller_id.neq.${CARLA})`,
  )) as {
    quote_number: string;
  }[];
  await admin.context().close();
  expect(others.length).toBeGreaterThan(0);

  const title = `Orçamento comercial E2E ${Date.now()}`;
  const editor = await newDollarQuote(carla, title, 'Consulta inicial');
  const number = ((await editor.getByRole('heading').first().innerText()).match(/OR-[\w-]+/) ?? [''])[0];
  expect(number).not.toBe('');
  await carla.keyboard.press('Escape');
  try {
    const row = carla.getByRole('row').filter({ hasText: title });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('US$ 1.000,00');
    for (const { quote_number } of others) {
      await expect(carla.getByRole('cell', { name: quote_number, exact: true })).toHaveCount(0);
    }
    // the database agrees: every quote Carla reads is one she sells
    const hers = (await rest(carla, COMMERCIAL, 'GET', 'financial_quotes?select=quote_number,seller_id')) as {
      quote_number: string;
      seller_id: string;
    }[];
    expect(hers.map((q) => q.quote_number)).toContain(number);
    expect(hers.every((q) => q.seller_id === CARLA)).toBe(true);
    await carla.screenshot({ path: 'e2e/artifacts/commercial-quotes.png', fullPage: true });
  } finally {
    await rest(carla, COMMERCIAL, 'DELETE', `financial_quotes?quote_number=eq.${number}`);
  }
  await carla.context().close();
});

test('the secretary has no finance entry and no quotes', async ({ browser }) => {
  const daniela = await signInAs(browser, SECRETARY);
  const menu = daniela.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible({ timeout: 15_000 });
  await expect(menu.getByRole('button', { name: 'Financeiro' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Orçamentos' })).toHaveCount(0);
  await daniela.goto('/financeiro/orcamentos');
  await expect(daniela.getByText('Acesso Restrito')).toBeVisible({ timeout: 15_000 });
  await expect(daniela.getByRole('table')).toHaveCount(0);
  await daniela.context().close();
});
