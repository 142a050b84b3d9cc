import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support/sign-in';

/**
 * The app is served with a Content-Security-Policy (and frame-ancestors 'none'): signing in and moving through the
 * staff area and the client portal must not trip it. Every `securitypolicyviolation` event and every console message
 * about the policy is collected, across full page loads, and must stay empty.
 */

const MARIA_CLIENT = 'c0000000-0000-4000-8000-000000000001';

// A dozen full page loads each, on a shared machine.
test.describe.configure({ timeout: 120_000 });

interface Violation {
  directive: string;
  blocked: string;
  page: string;
}

async function watchPolicy(context: BrowserContext): Promise<{ violations: Violation[]; console: string[] }> {
  const seen = { violations: [] as Violation[], console: [] as string[] };
  await context.exposeBinding('__reportCspViolation', (_source, violation: Violation) => {
    seen.violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation;
      report({ directive: event.violatedDirective, blocked: event.blockedURI, page: location.pathname });
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|connect|apply|frame)/i.test(message.text())) {
      seen.console.push(message.text());
    }
  });
  return seen;
}

async function signIn(page: Page, email: string, landing: RegExp): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(landing, { timeout: 20_000 });
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root [role="status"]', { hasText: 'Carregando...' })).toHaveCount(0);
}

test('the staff area loads, signs in and navigates without a policy violation', async ({ browser }) => {
  const context = await browser.newContext();
  const seen = await watchPolicy(context);
  const page = await context.newPage();
  const response = await page.goto('/auth');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-frame-options']).toBe('DENY');

  await signIn(page, 'admin@escritorio.test', /\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  for (const path of [
    '/clientes',
    `/clientes/${MARIA_CLIENT}`,
    `/clientes/${MARIA_CLIENT}/mensagens`,
    '/processos',
    '/agendamentos',
    '/tarefas',
    '/financeiro',
    '/financeiro/orcamentos',
    '/configuracoes',
    '/usuarios',
  ]) {
    await visit(page, path);
  }
  // client-side navigation too (lazy chunks, realtime channel)
  await page.getByRole('link', { name: 'Clientes' }).first().click();
  await expect(page).toHaveURL(/\/clientes$/);
  await page.waitForLoadState('networkidle');

  expect(seen.violations).toEqual([]);
  expect(seen.console).toEqual([]);
  await context.close();
});

test('the client portal signs in and navigates without a policy violation', async ({ browser }) => {
  const context = await browser.newContext();
  const seen = await watchPolicy(context);
  const page = await context.newPage();
  await signIn(page, 'maria.silva@cliente.test', /\/cliente$/);
  for (const path of [
    '/cliente/processos',
    '/cliente/financeiro',
    '/cliente/mensagens',
    '/cliente/documentos',
    '/cliente/agendamentos',
    '/cliente/perfil',
    '/cliente',
  ]) {
    await visit(page, path);
  }
  expect(seen.violations).toEqual([]);
  expect(seen.console).toEqual([]);
  await context.close();
});

test('another site cannot frame the app', async ({ page, baseURL }) => {
  await page.setContent(`<iframe id="app" src="${baseURL}/auth" width="800" height="600"></iframe>`);
  await page.waitForTimeout(1500);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  const framedLogin = frame ? await frame.getByRole('button', { name: 'Entrar', exact: true }).count() : 0;
  expect(framedLogin).toBe(0);
});
