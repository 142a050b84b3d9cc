import { expect, test } from '@playwright/test';
import { newDollarQuote } from './support/quotes';
import { signInAs } from './support/sign-in';

// Discounts in %: a new quote with 10% off the whole, a line given 12,5% off; the amounts are the database's.
// Every record has a unique title.
const ADMIN = 'admin@escritorio.test';

test('a quote with 10% off and a line with 12,5% off, kept after a reload', async ({ browser }) => {
  test.setTimeout(90_000);
  const title = `Orçamento percentual E2E ${Date.now()}`;
  const staff = await signInAs(browser, ADMIN, { landing: /\/$/ });
  // the whole-quote percentage follows the lines as they come: 10% of US$ 1.000,00
  const editor = await newDollarQuote(staff, title, 'Honorários percentual E2E', {
    onCreate: async (create) => {
      await expect(create.getByLabel('Tipo de desconto', { exact: true })).toHaveValue('percent');
      await create.getByLabel('Desconto do orçamento').fill('10');
    },
    total: 'US$ 900,00',
  });
  await expect(editor.getByTestId('quote-discount-label')).toHaveText('Desconto (10%)');
  await expect(editor.getByTestId('quote-discount-amount')).toHaveText('US$ 100,00');
  await expect(editor.getByTestId('quote-total')).toHaveText('US$ 900,00');

  // 12,5% off the line: US$ 875,00; the quote's 10% follows (87,50): US$ 787,50
  await editor.getByRole('button', { name: 'Editar Honorários percentual E2E' }).click();
  await editor.getByLabel('Tipo de desconto (item)').selectOption('percent');
  await editor.getByLabel('Editar desconto (%)').fill('12,5');
  await editor.getByRole('button', { name: 'Salvar item' }).click();
  await expect(staff.getByText('Item atualizado')).toBeVisible();
  await expect(editor.getByTestId('item-amount')).toHaveText('US$ 875,00');
  await expect(editor.getByText('(12,5%)')).toBeVisible();
  await expect(editor.getByTestId('quote-discount-amount')).toHaveText('US$ 87,50');
  await expect(editor.getByTestId('quote-total')).toHaveText('US$ 787,50');

  // above 100% is refused before the database is asked
  await editor.getByLabel('Desconto do orçamento').fill('150');
  await editor.getByRole('button', { name: 'Aplicar' }).click();
  await expect(staff.getByText('Informe um desconto entre 0% e 100%')).toBeVisible();

  // all of it stored
  await staff.reload();
  const row = staff.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('US$ 787,50')).toBeVisible();
  await row.getByRole('button', { name: /Abrir orçamento/ }).click();
  await expect(editor.getByTestId('quote-discount-label')).toHaveText('Desconto (10%)');
  await expect(editor.getByText('(12,5%)')).toBeVisible();
});
