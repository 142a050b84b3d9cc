import { expect, test, type Page } from '@playwright/test';
import { apiAs, newClient, uniqueTag } from './support/api';
import { signInAs } from './support/sign-in';

// Clients pay online on a phone: one pays an installment by card (Stripe Checkout, the stack's local Stripe fake)
// and finds the receipt; another opens the installment's Pix BR Code, whose fields and CRC are checked here with a
// parser written from the Banco Central's EMV layout, and the office confirms it. Each journey makes its own
// clients and contracts, so the seed stays as it was.

const ADMIN = 'admin@escritorio.test';
const PHONE = { width: 375, height: 800 };
const PASSWORD = 'Pagamento@123';

test.setTimeout(180_000);

/** A new client with one open installment of `amount` in `currency`; the client's e-mail. */
async function clientWithInstallment(page: Page, name: string, amount: string, currency: 'USD' | 'BRL') {
  const tag = uniqueTag();
  const email = `pagamento.${tag}@cliente.test`;
  const clientId = await newClient(page, `${name} ${tag}`, email, PASSWORD);
  const [contract] = (await apiAs(page, ADMIN, 'POST', 'financial_contracts', {
    client_id: clientId,
    title: `Honorários ${tag}`,
    status: 'active',
    total_amount: amount,
    currency,
  })) as { id: string }[];
  await apiAs(page, ADMIN, 'POST', 'financial_installments', {
    contract_id: contract.id,
    client_id: clientId,
    number: 1,
    due_date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    amount,
    currency,
  });
  return email;
}

/** EMV MPM: two-digit ID, two-digit length, value. */
function tlv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < text.length; ) {
    const size = Number(text.slice(i + 2, i + 4));
    out[text.slice(i, i + 2)] = text.slice(i + 4, i + 4 + size);
    i += 4 + size;
  }
  return out;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF). */
function crc16(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

test('a client pays an installment by card on a phone and sees the receipt', async ({ browser }) => {
  const setup = await signInAs(browser, ADMIN);
  const email = await clientWithInstallment(setup, 'Cliente Cartão', '250.00', 'USD');
  await setup.context().close();

  const page = await signInAs(browser, email, {
    landing: /\/cliente/,
    password: PASSWORD,
    context: { viewport: PHONE },
  });
  await page.goto('/cliente/financeiro');
  await page.getByRole('tab', { name: 'Parcelas' }).click();
  await page.getByRole('button', { name: 'Pagar agora a parcela 1' }).click();

  // Stripe's hosted checkout (the local fake): the amount comes from the office's database
  await expect(page.getByRole('heading', { name: 'Total: US$ 250.00' })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: 'e2e/artifacts/online-payments-checkout.png' });
  await page.getByRole('button', { name: 'Pagar US$ 250.00' }).click();

  await expect(page).toHaveURL(/\/cliente\/financeiro\?pagamento=concluido/, { timeout: 30_000 });
  await expect(page.getByText('Pagamento recebido. O recibo está em Pagamentos.')).toBeVisible();
  const payment = page.getByTestId('finance-card').filter({ hasText: 'US$ 250,00' });
  await expect(payment.getByText('Cartão')).toBeVisible({ timeout: 15_000 });
  const download = page.waitForEvent('download');
  await payment.getByRole('button', { name: 'Baixar recibo' }).click();
  expect((await download).suggestedFilename()).toMatch(/^recibo-RC-\d{4}-\d+\.pdf$/);
  await page.screenshot({ path: 'e2e/artifacts/online-payments-card-receipt.png' });

  await page.getByRole('tab', { name: 'Parcelas' }).click();
  await expect(page.getByRole('button', { name: 'Pagar agora a parcela 1' })).toHaveCount(0);
  await page.context().close();
});

test('a client pays by Pix: the BR Code carries amount and txid, the office confirms it', async ({ browser }) => {
  const setup = await signInAs(browser, ADMIN);
  const email = await clientWithInstallment(setup, 'Cliente Pix', '1500.00', 'BRL');
  await setup.context().close();

  const page = await signInAs(browser, email, {
    landing: /\/cliente/,
    password: PASSWORD,
    context: { viewport: PHONE },
  });
  await page.goto('/cliente/financeiro');
  await page.getByRole('tab', { name: 'Parcelas' }).click();
  await expect(page.getByRole('button', { name: 'Pagar agora a parcela 1' })).toHaveCount(0); // reais: Pix only
  await page.getByRole('button', { name: 'Pagar com Pix a parcela 1' }).click();

  const dialog = page.getByRole('dialog', { name: 'Pagar com Pix' });
  await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 1.500,00', { timeout: 30_000 });
  await expect(dialog.getByRole('img', { name: 'QR Code Pix' })).toBeVisible();
  const code = await dialog.getByLabel('Pix copia e cola').inputValue();
  await page.screenshot({ path: 'e2e/artifacts/online-payments-pix.png' });

  const fields = tlv(code);
  expect(code.slice(-8, -4)).toBe('6304');
  expect(parseInt(fields['63'], 16)).toBe(crc16(code.slice(0, -4)));
  expect(tlv(fields['26'])['00']).toBe('br.gov.bcb.pix');
  expect([fields['53'], fields['54'], fields['58']]).toEqual(['986', '1500.00', 'BR']);
  const txid = tlv(fields['62'])['05'];
  expect(txid).toMatch(/^[A-Z0-9]{1,25}$/);
  await expect(dialog.getByText(`Identificador (txid): ${txid}`, { exact: false })).toBeVisible();
  await page.keyboard.press('Escape');

  // the office sees the code waiting and confirms the money arrived
  const office = await signInAs(browser, ADMIN);
  await office.goto('/financeiro/contratos');
  await office.getByRole('button', { name: `Confirmar recebimento do Pix ${txid}` }).click();
  await office.getByRole('alertdialog').getByRole('button', { name: 'Confirmar recebimento' }).click();
  await expect(office.getByText('Pix confirmado: pagamento registrado e recibo emitido')).toBeVisible({
    timeout: 15_000,
  });
  await expect(office.getByRole('button', { name: `Confirmar recebimento do Pix ${txid}` })).toHaveCount(0);
  await office.context().close();

  await page.reload();
  await page.getByRole('tab', { name: 'Pagamentos' }).click();
  const payment = page.getByTestId('finance-card').filter({ hasText: 'R$ 1.500,00' });
  await expect(payment.getByText('PIX')).toBeVisible({ timeout: 15_000 });
  await expect(payment.getByRole('button', { name: 'Baixar recibo' })).toBeVisible();
  await page.context().close();
});
