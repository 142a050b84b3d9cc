import { expect, test } from '@playwright/test';
import { apiAs, newClient, uniqueTag } from './support/api';
import { signInAs } from './support/sign-in';

// A quote's down payment (entrada) paid online on a phone: the client accepts the quote in the portal, the office
// makes its contract with an entrada, and the client pays the entrada from the quote's card, first looking at the
// Pix in reais (the day's PTAX shown and locked), then by card in dollars, and finds the receipt. The journey makes
// its own client, quote and contract, so the seed stays as it was.

const ADMIN = 'admin@escritorio.test';
const PHONE = { width: 375, height: 800 };
const PASSWORD = 'Pagamento@123';

test.setTimeout(180_000);

test('a client accepts a quote and pays its down payment online from the quote', async ({ browser }) => {
  const setup = await signInAs(browser, ADMIN);
  const tag = uniqueTag();
  const email = `entrada.${tag}@cliente.test`;
  const clientId = await newClient(setup, `Cliente Entrada ${tag}`, email, PASSWORD);
  const title = `Green Card ${tag}`;
  const [quote] = (await apiAs(setup, ADMIN, 'POST', 'financial_quotes', {
    client_id: clientId,
    title,
    status: 'sent',
    total_amount: '2400.00',
    currency: 'USD',
  })) as { id: string }[];

  const page = await signInAs(browser, email, {
    landing: /\/cliente/,
    password: PASSWORD,
    context: { viewport: PHONE },
  });
  await page.goto('/cliente/financeiro');
  await page.getByRole('tab', { name: 'Orçamentos' }).click();
  const card = page.getByTestId('finance-card').filter({ hasText: title });
  await card.getByRole('button', { name: 'Aceitar orçamento' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(
    card.getByText('Orçamento aceito. A entrada poderá ser paga aqui assim que o escritório emitir o contrato.'),
  ).toBeVisible({ timeout: 20_000 });

  // the office makes the contract: an entrada of US$ 600.00 and three installments
  const firstDue = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await apiAs(setup, ADMIN, 'POST', 'rpc/create_contract_from_quote', {
    quote_id: quote.id,
    down_payment: '600.00',
    installments: 3,
    first_due_date: firstDue,
  });
  await setup.context().close();

  await page.reload();
  await page.getByRole('tab', { name: 'Orçamentos' }).click();
  const entrada = card.getByTestId('quote-down-payment');
  await expect(entrada.getByText('Entrada: US$ 600,00 em aberto', { exact: false })).toBeVisible({
    timeout: 20_000,
  });

  // Pix: reais at the day's PTAX, the rate and its date shown
  await entrada.getByRole('button', { name: 'Pagar com Pix a entrada' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pagar com Pix' });
  await expect(dialog.getByTestId('pix-amount')).toHaveText(/^R\$\s[\d.]+,\d{2}$/, { timeout: 30_000 });
  await expect(dialog.getByText(/US\$ 600,00 convertidos pela PTAX de \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/quote-down-payment-pix.png' });
  await page.keyboard.press('Escape');

  // card, in dollars
  await entrada.getByRole('button', { name: 'Pagar agora a entrada' }).click();
  await expect(page.getByRole('heading', { name: 'Total: US$ 600.00' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Entrada', { exact: false }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Pagar US$ 600.00' }).click();
  await expect(page).toHaveURL(/\/cliente\/financeiro\?pagamento=concluido/, { timeout: 30_000 });
  const payment = page.getByTestId('finance-card').filter({ hasText: 'US$ 600,00' });
  await expect(payment.getByText('Cartão')).toBeVisible({ timeout: 15_000 });
  await expect(payment.getByRole('button', { name: 'Baixar recibo' })).toBeVisible();

  await page.getByRole('tab', { name: 'Orçamentos' }).click();
  await expect(card.getByText('Entrada de US$ 600,00 paga. O recibo está em Pagamentos.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Pagar agora a entrada' })).toHaveCount(0);
  await page.screenshot({ path: 'e2e/artifacts/quote-down-payment-paid.png' });
  await page.context().close();
});
