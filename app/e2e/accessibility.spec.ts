import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Request } from '@playwright/test';
import { goInApp } from './support/navigation';
import { signInAs } from './support/sign-in';

// Every screen passes axe-core's WCAG 2 A/AA rules (the engine behind Lighthouse's accessibility audit), for
// the login, the staff area and the client portal, on a phone and on a desktop: a regression in labels,
// roles, list structure or contrast fails here instead of in a benchmark. Read-only: nothing is saved.

const ADMIN = 'admin@escritorio.test';
const MARIA = 'maria.silva@cliente.test';
const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

const STAFF_PAGES = [
  '/',
  '/clientes',
  '/processos',
  '/atendimento',
  '/agendamentos',
  '/tarefas',
  '/crm',
  '/relatorios',
  '/configuracoes',
  '/perfil',
];
const PORTAL_PAGES = [
  '/cliente',
  '/cliente/processos',
  '/cliente/financeiro',
  '/cliente/mensagens',
  '/cliente/documentos',
];

test.setTimeout(180_000);

/** Resolves once the page has had no request in flight for half a second (as Playwright's networkidle, which
 * a screen reached inside the app does not wait for again: that state belongs to the loaded document). */
async function settled(page: Page, navigate: () => Promise<unknown>): Promise<void> {
  const pending = new Set<Request>();
  let changed = Date.now();
  const started = (request: Request) => (pending.add(request), (changed = Date.now()));
  const ended = (request: Request) => (pending.delete(request), (changed = Date.now()));
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await navigate();
    await expect
      .poll(() => (pending.size ? [...pending].map((r) => r.url()) : Date.now() - changed >= 500), {
        intervals: [100],
        timeout: 15_000,
      })
      .toBe(true);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** The page's violations, each as "rule: the first offending element", so a failure names what to fix. */
async function violations(page: Page, path: string): Promise<string[]> {
  // the first screen is loaded; the others are reached as a user reaches them, inside the app (the router
  // follows the history), not by loading the whole app again for each one
  await settled(page, () => (page.url() === 'about:blank' ? page.goto(path) : goInApp(page, path)));
  // the first journey of a run may meet a cold server and browser: give the first heading room
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Carregando...')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  if (process.env.AXE_DEBUG)
    for (const v of results.violations)
      for (const n of v.nodes) console.log(path, v.id, n.html.slice(0, 300), n.failureSummary);
  return results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`login, staff area and portal pass axe's WCAG 2 AA rules (${label})`, async ({ browser }) => {
    const found: string[] = [];

    // axe opens a page of its own in the context to gather its results: a context, not browser.newPage()
    const visitorContext = await browser.newContext({ viewport });
    found.push(...(await violations(await visitorContext.newPage(), '/auth')));
    await visitorContext.close();

    const admin = await signInAs(browser, ADMIN, { context: { viewport } });
    for (const path of STAFF_PAGES) found.push(...(await violations(admin, path)));

    const maria = await signInAs(browser, MARIA, { landing: /\/cliente$/, context: { viewport } });
    for (const path of PORTAL_PAGES) found.push(...(await violations(maria, path)));

    expect(found).toEqual([]);
  });
}

/** The open dialog's violations (after its opening animation: a half-faded dialog has no contrast yet). */
async function dialogViolations(page: Page, name: string): Promise<string[]> {
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document
      .getAnimations()
      .every((animation) => animation.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  await page.keyboard.press('Escape');
  return results.violations.map((v) => `${name} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('the forms in dialogs pass the same rules (new client, appointment, task, interaction, upload)', async ({
  browser,
}) => {
  const found: string[] = [];
  const admin = await signInAs(browser, ADMIN);
  for (const [path, button] of [
    ['/clientes', 'Novo Cliente'],
    ['/agendamentos', /Novo agendamento/i],
    ['/tarefas', /Nova tarefa/i],
    ['/atendimento', /Nova Interação/i],
  ] as const) {
    await admin.goto(path);
    await admin.getByRole('button', { name: button }).first().click();
    found.push(...(await dialogViolations(admin, path)));
  }
  const maria = await signInAs(browser, MARIA, { landing: /\/cliente$/ });
  await maria.goto('/cliente/documentos');
  await maria
    .getByRole('button', { name: /Enviar/i })
    .first()
    .click();
  found.push(...(await dialogViolations(maria, '/cliente/documentos')));
  expect(found).toEqual([]);
});
