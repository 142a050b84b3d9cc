import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAs } from './support/sign-in';

// Phones and keyboard: every tab of a tab list is on screen at 375px, the staff and portal menus work
// with Tab/Enter, a dialog keeps focus inside and gives it back to its opener, and a stage select in
// a form is named by its label and described by its error. Read-only: nothing is saved.

const ADMIN = 'admin@escritorio.test';
const MARIA = 'maria.silva@cliente.test';
const PHONE = { width: 375, height: 800 };

const signIn = (browser: Browser, email: string, landing: RegExp, viewport = PHONE) =>
  signInAs(browser, email, { landing, context: { viewport } });

/** Every tab lies inside the viewport and the page does not scroll sideways. */
async function expectTabsOnScreen(page: Page, tabs: string[]) {
  for (const name of tabs) {
    const tab = page.getByRole('tab', { name, exact: true });
    await expect(tab).toBeVisible({ timeout: 15_000 });
    await expect(tab).toBeInViewport({ ratio: 1 });
  }
  const sideways = await page.evaluate(() => {
    // The e2e project has no DOM typings: the two figures the check needs.
    const w = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
    return w.document.documentElement.scrollWidth > w.innerWidth;
  });
  expect(sideways).toBe(false);
}

async function tabUntilFocused(page: Page, name: string, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const d = (globalThis as unknown as { document: { activeElement: { textContent: string | null } | null } })
        .document;
      return d.activeElement?.textContent?.trim() ?? '';
    });
    if (focused === name) return;
  }
  throw new Error(`"${name}" never received focus with Tab`);
}

test.setTimeout(90_000);

test('staff at 375px: all tabs visible, menu sheet by keyboard, dialog focus', async ({ browser }) => {
  const page = await signIn(browser, ADMIN, /\/$/);

  await page.goto('/processos');
  await expectTabsOnScreen(page, ['Processos', 'Formulários', 'Recibos USCIS', 'Cortes EOIR']);
  await page.screenshot({ path: 'e2e/artifacts/phone-processos-tabs.png' });

  await page.goto('/atendimento');
  await expectTabsOnScreen(page, ['Todas Interações', 'Concluídas', 'Pendentes', 'Agendadas']);
  await page.screenshot({ path: 'e2e/artifacts/phone-atendimento-tabs.png' });

  await page.goto('/financeiro/despesas');
  await expectTabsOnScreen(page, ['Todas', 'Pendentes', 'Pagas']);

  // Menu sheet: open with Enter, move with Tab, follow a link with Enter; focus returns to the menu button.
  const openMenu = page.getByRole('button', { name: 'Abrir menu' });
  await openMenu.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await expect(sheet).toBeVisible();
  await tabUntilFocused(page, 'Clientes');
  await page.screenshot({ path: 'e2e/artifacts/phone-staff-menu-focus.png' });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/clientes$/);
  await expect(sheet).toBeHidden();
  await expect(openMenu).toBeFocused();

  // Dialog: focus moves inside, Tab stays inside, Escape gives focus back to the button that opened it.
  const newClient = page.getByRole('button', { name: 'Novo Cliente' });
  await newClient.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(newClient).toBeFocused();

  await page.context().close();
});

test('staff form select: named by its label, error text announced', async ({ browser }) => {
  const page = await signIn(browser, ADMIN, /\/$/, { width: 1280, height: 900 });
  await page.goto('/atendimento');
  await page.getByRole('button', { name: 'Nova Interação' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova Interação' });
  await expect(dialog).toBeVisible();
  const client = dialog.getByRole('combobox', { name: 'Cliente', exact: true });
  await expect(client).toBeVisible();
  await expect(client).not.toHaveAttribute('aria-invalid', 'true');
  // Submitting empty shows the client error; the trigger is then invalid and described by that text.
  await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(client).toHaveAttribute('aria-invalid', 'true', { timeout: 10_000 });
  const describedBy = await client.getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('Por favor selecione um cliente');
  await page.screenshot({ path: 'e2e/artifacts/form-select-error.png' });
  await page.keyboard.press('Escape');
  await page.context().close();
});

test('portal at 375px: Documentos tabs visible, menu by keyboard', async ({ browser }) => {
  const page = await signIn(browser, MARIA, /\/cliente$/);

  await page.goto('/cliente/documentos');
  await expectTabsOnScreen(page, ['Todos os Documentos', 'Documentos do Escritório', 'Meus Uploads']);
  await page.getByRole('tab', { name: 'Meus Uploads' }).click();
  await expect(page.getByRole('tab', { name: 'Meus Uploads' })).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: 'e2e/artifacts/phone-portal-documentos-tabs.png' });

  await page.goto('/cliente/financeiro');
  await expectTabsOnScreen(page, ['Contratos', 'Pagamentos', 'Orçamentos']);
  await page.goto('/cliente/processos');
  await expectTabsOnScreen(page, ['Todos', 'Em Andamento', 'Concluídos']);

  const openMenu = page.getByRole('button', { name: 'Abrir menu' });
  await openMenu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await tabUntilFocused(page, 'Mensagens');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cliente\/mensagens$/);
  await expect(openMenu).toBeFocused();

  await page.context().close();
});
