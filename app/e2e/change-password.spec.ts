import { expect, test, type Browser, type Page } from '@playwright/test';
import { newClient, newStaffMember, uniqueTag } from './support/api';
import { signInAs } from './support/sign-in';

// Alterar senha, on a desktop and on a phone, for a staff member (Meu Perfil) and a client (the portal's Meu
// Perfil): a wrong current password, a short or mismatched new one are refused in pt-BR and change nothing; the
// right ones change the password, after which only the new one signs in. The people here are created here.
const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 800 }],
] as const;

async function changePassword(page: Page, current: string, next: string, confirm = next) {
  const card = page.locator('form').filter({ has: page.getByLabel('Senha atual') });
  await card.getByLabel('Senha atual').fill(current);
  await card.getByLabel('Nova senha', { exact: true }).fill(next);
  await card.getByLabel('Confirmar nova senha').fill(confirm);
  await card.getByRole('button', { name: 'Alterar senha' }).click();
  return card;
}

async function refusedSignIn(
  browser: Browser,
  email: string,
  password: string,
  viewport: { width: number; height: number },
) {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText('Email ou senha inválidos').first()).toBeVisible();
  await page.context().close();
}

async function checkRefusals(page: Page, password: string) {
  let card = await changePassword(page, 'Senha-errada-1', 'Nova-Senha-1');
  await expect(card.getByText('Senha atual incorreta')).toBeVisible();
  card = await changePassword(page, password, 'Nova-Senha-1', 'Nova-Senha-2');
  await expect(card.getByText('As senhas não coincidem')).toBeVisible();
  card = await changePassword(page, password, '12345');
  await expect(card.getByText('A nova senha deve ter pelo menos 6 caracteres')).toBeVisible();
  card = await changePassword(page, password, password);
  await expect(card.getByText('A nova senha deve ser diferente da atual')).toBeVisible();
}

for (const [label, viewport] of VIEWPORTS) {
  test(`${label}: a staff member changes the password in Meu Perfil`, async ({ browser }) => {
    test.setTimeout(120_000);
    const tag = uniqueTag();
    const email = `senha.equipe.${tag}@escritorio.test`;
    const password = `Inicial-${tag}`;
    const next = `Trocada-${tag}`;
    const admin = await signInAs(browser, 'admin@escritorio.test', { context: { viewport } });
    await newStaffMember(admin, `Equipe Senha ${tag}`, email, password);
    await admin.context().close();

    const page = await signInAs(browser, email, { password, context: { viewport } });
    await page.goto('/perfil');
    await expect(page.getByRole('heading', { name: 'Alterar senha' })).toBeVisible();
    await checkRefusals(page, password);
    await page.screenshot({ path: `e2e/artifacts/change-password-${label}-staff-refused.png`, fullPage: true });
    const card = await changePassword(page, password, next);
    await expect(page.getByText('Senha alterada com sucesso')).toBeVisible();
    await expect(card.getByLabel('Senha atual')).toHaveValue('');
    // the session goes on; the old password no longer signs in, the new one does
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Alterar senha' })).toBeVisible();
    await page.context().close();
    await refusedSignIn(browser, email, password, viewport);
    await (await signInAs(browser, email, { password: next, context: { viewport } })).context().close();
  });

  test(`${label}: a client changes the password in the portal's Meu Perfil`, async ({ browser }) => {
    test.setTimeout(120_000);
    const tag = uniqueTag();
    const email = `senha.cliente.${tag}@cliente.test`;
    const password = `Inicial-${tag}`;
    const next = `Trocada-${tag}`;
    const admin = await signInAs(browser, 'admin@escritorio.test', { context: { viewport } });
    await newClient(admin, `Cliente Senha ${tag}`, email, password);
    await admin.context().close();

    const page = await signInAs(browser, email, { password, landing: /\/cliente$/, context: { viewport } });
    await page.goto('/cliente/perfil');
    await expect(page.getByRole('heading', { name: 'Alterar senha' })).toBeVisible();
    await checkRefusals(page, password);
    await page.screenshot({ path: `e2e/artifacts/change-password-${label}-client-refused.png`, fullPage: true });
    await changePassword(page, password, next);
    await expect(page.getByText('Senha alterada com sucesso')).toBeVisible();
    await page.context().close();
    await refusedSignIn(browser, email, password, viewport);
    await (await signInAs(browser, email, { password: next, landing: /\/cliente$/, context: { viewport } }))
      .context()
      .close();
  });
}
