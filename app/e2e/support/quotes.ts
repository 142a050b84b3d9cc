import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Maria Silva's new quote in dollars at R$ 5,00, with one line of US$ 1.000,00: its editor, open.
 * `onCreate` fills more of the Criar Orçamento dialog (a discount, say) before it is sent; `total` is what the
 * editor then shows.
 */
export async function newDollarQuote(
  staff: Page,
  title: string,
  line: string,
  { onCreate, total = 'US$ 1.000,00' }: { onCreate?: (dialog: Locator) => Promise<void>; total?: string } = {},
): Promise<Locator> {
  await staff.goto('/financeiro/orcamentos');
  await staff.getByRole('button', { name: 'Criar Orçamento' }).click();
  const create = staff.getByRole('dialog', { name: 'Criar Orçamento' });
  await create.getByLabel('Cliente').selectOption({ label: 'Maria Silva' });
  await create.getByLabel('Título').fill(title);
  await create.getByLabel('Cotação US$ 1,00 em R$').fill('5.00');
  await onCreate?.(create);
  await create.getByRole('button', { name: 'Criar', exact: true }).click();
  const editor = staff.getByRole('dialog', { name: /Orçamento OR-/ });
  await editor.getByLabel('Descrição do item').fill(line);
  await editor.getByLabel('Valor unitário (USD)').fill('1000');
  await editor.getByRole('button', { name: 'Adicionar item' }).click();
  await expect(editor.getByTestId('quote-total')).toHaveText(total);
  return editor;
}
