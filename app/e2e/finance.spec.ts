import { expect, test, type Browser, type Download } from '@playwright/test';
import { newDollarQuote } from './support/quotes';
import { signInAs } from './support/sign-in';

// Money journey: staff create a quote in dollars and send it, the client accepts it in the portal, staff turn
// it into a contract, record a partial payment and download its receipt. Every record has a unique title.
const ADMIN = 'admin@escritorio.test';
const MARIA = 'maria.silva@cliente.test';

const signIn = (browser: Browser, email: string, landing: RegExp) =>
  signInAs(browser, email, { landing, context: { acceptDownloads: true } });

async function firstBytes(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  for await (const chunk of stream as AsyncIterable<Uint8Array>) return String.fromCharCode(...chunk.slice(0, 5));
  return '';
}

test('quote -> sent -> accepted in the portal -> contract -> partial payment -> receipt', async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `Orçamento E2E ${Date.now()}`;
  const staff = await signIn(browser, ADMIN, /\/$/);

  // 1. the quote, in dollars at a typed rate, with one line
  const editor = await newDollarQuote(staff, title, 'Honorários E2E');
  await expect(editor.getByTestId('quote-total-brl')).toHaveText('R$ 5.000,00');
  await editor.getByRole('button', { name: 'Enviar ao cliente' }).click();
  await expect(staff.getByText('Orçamento enviado ao cliente')).toBeVisible();
  await staff.keyboard.press('Escape');

  // 2. Maria accepts it in the portal
  const maria = await signIn(browser, MARIA, /\/cliente/);
  await maria.goto('/cliente/financeiro');
  await maria.getByRole('tab', { name: 'Orçamentos' }).click();
  const card = maria.getByTestId('finance-card').filter({ hasText: title });
  await expect(card.getByText('US$ 1.000,00')).toBeVisible();
  await card.getByRole('button', { name: 'Aceitar orçamento' }).click();
  await maria
    .getByRole('alertdialog', { name: 'Aceitar o orçamento?' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(maria.getByText('Orçamento aceito', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Aceitar orçamento' })).toHaveCount(0);

  // 3. the contract: entrada of 400 and two installments
  await staff.reload();
  await staff
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /Abrir orçamento/ })
    .click();
  // accepted: what the client agreed to is no longer edited
  await expect(staff.getByRole('button', { name: 'Editar Honorários E2E' })).toHaveCount(0);
  await staff.getByRole('button', { name: 'Gerar contrato' }).click();
  const contractDialog = staff.getByRole('dialog', { name: 'Gerar contrato' });
  await contractDialog.getByLabel('Entrada (USD)').fill('400');
  await contractDialog.getByLabel('Número de parcelas').fill('2');
  await contractDialog.getByRole('button', { name: 'Criar contrato' }).click();
  const created = staff.getByText(/Contrato CT-\d{4}-\d+ criado/);
  await expect(created).toBeVisible();
  const contractNumber = (await created.textContent())!.match(/CT-\d{4}-\d+/)![0];

  // 4. a partial payment of the entrada, then its receipt
  await staff.goto('/financeiro/contratos');
  await staff.getByRole('button', { name: `Ver parcelas do contrato ${contractNumber}` }).click();
  const installments = staff.getByRole('table', { name: 'Parcelas' });
  await expect(installments.getByRole('row')).toHaveCount(4);
  await installments
    .getByRole('row')
    .filter({ hasText: 'Entrada' })
    .getByRole('button', { name: 'Registrar pagamento' })
    .click();
  const pay = staff.getByRole('dialog', { name: 'Registrar pagamento' });
  await pay.getByLabel('Valor recebido (USD)').fill('150');
  await pay.getByLabel('Forma de pagamento').selectOption('pix');
  await pay.getByRole('button', { name: 'Registrar' }).click();
  await expect(staff.getByText(/Pagamento registrado \(recibo RC-/)).toBeVisible();
  const entrada = installments.getByRole('row').filter({ hasText: 'Entrada' });
  await expect(entrada.getByText('US$ 150,00')).toBeVisible();
  await expect(entrada.getByText('Parcial')).toBeVisible();
  const receipt = staff.getByRole('table', { name: 'Pagamentos' }).getByRole('button', { name: /RC-/ });
  const [download] = await Promise.all([staff.waitForEvent('download'), receipt.click()]);
  expect(download.suggestedFilename()).toMatch(/^recibo-RC-.*\.pdf$/);
  expect(await firstBytes(download)).toBe('%PDF-');

  // the client sees the installment and its partial payment
  await maria.reload();
  await maria.getByRole('tab', { name: 'Parcelas' }).click();
  await expect(maria.getByRole('table', { name: 'Parcelas' }).getByText('US$ 150,00').first()).toBeVisible();
});

test('a draft quote edited in place: a line with its discount, and the seller', async ({ browser }) => {
  test.setTimeout(90_000);
  const title = `Orçamento edição E2E ${Date.now()}`;
  const staff = await signIn(browser, ADMIN, /\/$/);
  const editor = await newDollarQuote(staff, title, 'Honorários edição E2E');

  // the line in place: 2 x 333,33 = 666,66 less 16,66 on the line (the database's arithmetic, shown as stored)
  await editor.getByRole('button', { name: 'Editar Honorários edição E2E' }).click();
  await editor.getByLabel('Editar descrição').fill('Honorários revisados E2E');
  await editor.getByLabel('Editar quantidade').fill('2');
  await editor.getByLabel('Editar valor unitário (USD)').fill('333,33');
  await editor.getByLabel('Editar desconto (USD)').fill('16,66');
  await editor.getByRole('button', { name: 'Salvar item' }).click();
  await expect(staff.getByText('Item atualizado')).toBeVisible();
  await expect(editor.getByTestId('item-amount')).toHaveText('US$ 650,00');
  await expect(editor.getByTestId('quote-total')).toHaveText('US$ 650,00');
  await expect(editor.getByTestId('quote-total-brl')).toHaveText('R$ 3.250,00');

  // a discount above the line is the database's to refuse, in Portuguese
  await editor.getByRole('button', { name: 'Editar Honorários revisados E2E' }).click();
  await editor.getByLabel('Editar desconto (USD)').fill('700');
  await editor.getByRole('button', { name: 'Salvar item' }).click();
  await expect(staff.getByText(/Erro ao salvar item: O desconto do item não pode ser maior/)).toBeVisible();
  await editor.getByRole('button', { name: 'Cancelar edição' }).click();
  await expect(editor.getByTestId('quote-total')).toHaveText('US$ 650,00');

  // the seller
  await editor.getByLabel('Vendedor(a)').selectOption({ label: 'Carla Comercial' });
  await expect(staff.getByText('Vendedor(a) alterado(a)')).toBeVisible();

  // all of it stored: after a reload the list and the quote show it
  await staff.reload();
  const row = staff.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('US$ 650,00')).toBeVisible();
  await row.getByRole('button', { name: /Abrir orçamento/ }).click();
  await expect(editor.getByText('Honorários revisados E2E')).toBeVisible();
  await expect(editor.getByLabel('Vendedor(a)').locator('option:checked')).toHaveText('Carla Comercial');
});
