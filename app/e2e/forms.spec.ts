import { expect, test, type Browser } from '@playwright/test';
import { signInAs } from './support/sign-in';

// USCIS forms that fill themselves: the client answers part of the questionnaire; staff import a fillable
// PDF (e2e/fixtures/formulario-teste.pdf), map two of its fields and fill it for Maria Silva's process 1.
const FIXTURE = 'e2e/fixtures/formulario-teste.pdf';

const signIn = (browser: Browser, email: string, landing: RegExp) => signInAs(browser, email, { landing });

test('the client answers the questionnaire and it is saved as she types', async ({ browser }) => {
  const page = await signIn(browser, 'maria.silva@cliente.test', /\/cliente$/);
  await page.getByRole('link', { name: 'Questionário' }).first().click();
  await expect(page.getByRole('heading', { name: 'Questionário de Imigração' })).toBeVisible();
  const city = `Cidade ${Date.now()}`;
  await page.getByLabel('Cidade de nascimento').fill(city);
  await expect(page.getByTestId('autosave-status')).toContainText('Salvo às', { timeout: 10_000 });

  await page.getByLabel('Social Security Number (SSN)').fill('12345');
  await expect(page.getByText('SSN inválido: use o formato 123-45-6789')).toBeVisible();
  await expect(page.getByTestId('autosave-status')).toContainText('Corrija os campos destacados');
  await page.getByLabel('Social Security Number (SSN)').fill('');

  await page.reload();
  await expect(page.getByLabel('Cidade de nascimento')).toHaveValue(city, { timeout: 10_000 });
  await page.context().close();
});

test('staff import a fillable PDF, map two fields and fill it for a process', async ({ browser }) => {
  test.setTimeout(90_000);
  const number = `E-${Date.now() % 10000}`;
  const page = await signIn(browser, 'assistente@escritorio.test', /\/$/);
  await page.goto('/processos');
  await page.getByRole('tab', { name: 'Formulários' }).click();

  await page.getByRole('button', { name: 'Importar Formulário' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Importar Formulário' });
  await importDialog.getByLabel('Número do formulário').fill(number);
  await importDialog.getByLabel('Nome do formulário').fill('Formulário de teste E2E');
  await importDialog.getByLabel('Categoria').selectOption('Green Card');
  await importDialog.getByLabel('Data da edição').fill('2025-01-20');
  await importDialog.getByLabel('Arquivo PDF').setInputFiles(FIXTURE);
  await importDialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText(`Formulário ${number} importado: 4 campos encontrados`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('cell', { name: number, exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Configurar mapeamento' }).click();
  const mapping = page.getByRole('dialog', { name: 'Configurar mapeamento' });
  await mapping
    .getByLabel('Formulário', { exact: true })
    .selectOption({ label: `${number} — Formulário de teste E2E (Edição de 20/01/2025)` });
  await expect(mapping.getByTestId('mapping-row')).toHaveCount(4);
  await mapping.getByLabel('Dado: Pt1Line1a_FamilyName').selectOption('client.full_name');
  await mapping.getByLabel('Transformação: Pt1Line1a_FamilyName').selectOption('name_last');
  await mapping.getByLabel('Dado: Pt1Line5_DateOfBirth').selectOption('questionnaire.personal.date_of_birth');
  await mapping.getByLabel('Transformação: Pt1Line5_DateOfBirth').selectOption('date_mdy');
  await mapping.getByRole('button', { name: 'Salvar mapeamento' }).click();
  await expect(page.getByText('Mapeamento salvo (versão 1)')).toBeVisible();
  await expect(mapping.getByTestId('mapping-version')).toHaveText('Versão em uso: 1');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: `Preencher ${number}` }).click();
  const fillDialog = page.getByRole('dialog', { name: `Preencher ${number}` });
  await fillDialog.getByLabel('Processo').selectOption({ value: '1' });
  await expect(fillDialog.getByRole('link', { name: 'Revisar questionário do cliente' })).toBeVisible();
  await fillDialog.getByRole('button', { name: 'Preencher', exact: true }).click();
  await expect(page.getByText('Formulário preenchido e salvo nos documentos do processo')).toBeVisible({
    timeout: 20_000,
  });
  const report = fillDialog.getByTestId('fill-report');
  await expect(report).toContainText('2 campos preenchidos');
  await expect(report).toContainText('Todos os campos mapeados foram preenchidos.');
  await expect(report).toContainText('Campos sem mapeamento (2)');
  await expect(fillDialog.getByRole('link', { name: 'Abrir PDF' })).toHaveAttribute(
    'href',
    /\/storage\/v1\/object\/sign\//,
  );
  // the filled page as an image, drawn on the server, for review before the document is shared
  const pageImage = fillDialog.getByRole('img', { name: /preenchido .*página 1 de 1/ });
  await expect(pageImage).toBeVisible({ timeout: 20_000 });
  expect(await pageImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1000);
  await expect(fillDialog.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
  await page.context().close();
});
