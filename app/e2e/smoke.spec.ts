import { expect, test } from '@playwright/test';

test('the login page shows the e-mail field and the Entrar button', async ({ page }) => {
  await page.goto('/auth');
  const email = page.getByLabel('Email');
  await expect(email).toBeVisible();
  await expect(email).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Senha', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/auth.png', fullPage: true });
});

test('a visitor opening a protected page is sent to /auth', async ({ page }) => {
  await page.goto('/clientes');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
});

test('unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/nao-existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
});
