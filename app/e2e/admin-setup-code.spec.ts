import { expect, test } from '@playwright/test';

// "Configurar Administrador" on a production installation: /env.js says that the one-time set-up code is
// required (the server writes ADMIN_SETUP_CODE_REQUIRED in production; this local stack is in development
// mode, so the journey adds that one flag to the server's own /env.js). The screen asks for the code, says
// where the server prints it, refuses to call without it, and sends it to the real create-admin-user
// function, which answers that the seeded administrator already exists: nothing is created or changed.

const ADMIN = 'admin@escritorio.test';

test('in production the administrator set-up asks for the code printed on the server', async ({ page }) => {
  await page.route('**/env.js', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()) + '\nwindow.__ENV__.ADMIN_SETUP_CODE_REQUIRED = true;\n';
    await route.fulfill({ response, body });
  });
  await page.goto('/auth');
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Senha', { exact: true }).fill('Demo@12345');

  const code = page.getByLabel('Código de configuração');
  await expect(code).toBeVisible();
  await expect(code).toHaveAccessibleDescription(/supastack admin-setup-code/);

  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/create-admin-user')) calls.push(request.postData() ?? '');
  });
  await page.getByRole('button', { name: 'Configurar Administrador' }).click();
  await expect(page.getByText('Informe o código de configuração exibido no servidor')).toBeVisible();
  expect(calls).toEqual([]);

  await code.fill('ABCD-EFGH-JKMN-PQRS');
  const sent = page.waitForRequest('**/functions/v1/create-admin-user');
  await page.getByRole('button', { name: 'Configurar Administrador' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ email: ADMIN, setup_code: 'ABCD-EFGH-JKMN-PQRS' });
  await expect(page.getByText('Erro ao configurar administrador: Usuário administrador já existe')).toBeVisible();
});
