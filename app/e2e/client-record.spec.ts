import { expect, test } from '@playwright/test';
import { newClient, uniqueTag } from './support/api';
import { signInAs } from './support/sign-in';

// Editar cadastro on the staff client page, on a desktop and on a phone: the form refuses bad values in pt-BR
// before the database is asked, a new e-mail already in use is refused, the saved record shows on the page, each
// changed field appears in Histórico do cadastro (who, old -> new), and the client then signs in to the portal
// with the new e-mail. Every client here is created here.
const ADMIN = 'admin@escritorio.test';
const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 800 }],
] as const;

for (const [label, viewport] of VIEWPORTS) {
  test(`${label}: staff edit a client's record, see its history, and the client signs in with the new e-mail`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const tag = uniqueTag();
    const password = `Senha-${tag}`;
    const oldEmail = `cadastro.${tag}@cliente.test`;
    const newEmail = `cadastro.novo.${tag}@cliente.test`;
    const page = await signInAs(browser, ADMIN, { context: { viewport } });
    const clientId = await newClient(page, `Cliente Cadastro ${tag}`, oldEmail, password);

    await page.goto(`/clientes/${clientId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Cliente Cadastro ${tag}` })).toBeVisible();
    await page.getByRole('button', { name: 'Editar cadastro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar cadastro do cliente' });
    await expect(dialog.getByLabel('Email')).toHaveValue(oldEmail);

    // bad values: each field says what is wrong, in Portuguese, and nothing is saved
    await dialog.getByLabel('Nome completo').fill('Jo');
    await dialog.getByLabel('Email').fill('sem-arroba');
    await dialog.getByLabel('Número A (A-Number)').fill('12345');
    await dialog.getByLabel('Data de nascimento').fill('2999-01-01');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('O nome deve ter pelo menos 3 caracteres')).toBeVisible();
    await expect(dialog.getByText('Email inválido')).toBeVisible();
    await expect(dialog.getByText('Número A inválido: A seguido de 8 ou 9 dígitos (ex.: A123456789)')).toBeVisible();
    await expect(dialog.getByText('A data de nascimento não pode estar no futuro')).toBeVisible();
    await page.screenshot({ path: `e2e/artifacts/client-record-${label}-validation.png` });

    // an e-mail another log-in has is refused by the database, in Portuguese
    await dialog.getByLabel('Nome completo').fill(`Cliente Cadastro Editado ${tag}`);
    await dialog.getByLabel('Email').fill('maria.silva@cliente.test');
    await dialog.getByLabel('Número A (A-Number)').fill('a 123-456-789');
    await dialog.getByLabel('Data de nascimento').fill('1985-07-02');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(/Erro ao salvar o cadastro: Já existe um usuário com este e-mail/)).toBeVisible();
    await expect(dialog).toBeVisible();

    // valid values are saved and shown
    await dialog.getByLabel('Email').fill(newEmail.toUpperCase());
    await dialog.getByLabel('Telefone').fill('+1 (617) 555-0142');
    await dialog.getByLabel('Nacionalidade').fill('Brasileira');
    await dialog.getByLabel('Endereço').fill('100 Main St, Boston, MA');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Cadastro atualizado')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: `Cliente Cadastro Editado ${tag}` })).toBeVisible();
    await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
    await expect(page.getByText('A123456789', { exact: true })).toBeVisible();
    await expect(page.getByText('02/07/1985', { exact: true })).toBeVisible();
    await expect(page.getByText('Brasileira', { exact: true })).toBeVisible();

    // the history: one entry per changed field, with who changed it
    await page.getByRole('tab', { name: 'Histórico do cadastro' }).click();
    const changes = page.getByTestId('record-change');
    await expect(changes).toHaveCount(7);
    const email = changes.filter({ hasText: 'Email' });
    await expect(email).toContainText(`${oldEmail} → ${newEmail}`);
    await expect(email).toContainText('por Ana Administradora');
    await expect(changes.filter({ hasText: 'Data de nascimento' })).toContainText('(vazio) → 02/07/1985');
    await expect(changes.filter({ hasText: 'Número A' })).toContainText('(vazio) → A123456789');
    await page.screenshot({ path: `e2e/artifacts/client-record-${label}-history.png`, fullPage: true });

    // opening the form again and saving without changes writes nothing
    await page.getByRole('button', { name: 'Editar cadastro' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    await expect(changes).toHaveCount(7);
    await page.context().close();

    // the client's portal log-in follows: the old e-mail no longer signs in, the new one does
    const visitor = await (await browser.newContext({ viewport })).newPage();
    await visitor.goto('/auth');
    await visitor.getByLabel('Email').fill(oldEmail);
    await visitor.getByLabel('Senha', { exact: true }).fill(password);
    await visitor.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(visitor.getByText('Email ou senha inválidos').first()).toBeVisible();
    await visitor.context().close();
    const portal = await signInAs(browser, newEmail, { landing: /\/cliente$/, password, context: { viewport } });
    await portal.context().close();
  });
}
