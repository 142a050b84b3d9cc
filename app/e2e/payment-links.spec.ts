import { expect, test, type Page } from '@playwright/test';
import { apiAs, newClient, pageEnv, serviceHeaders, uniqueTag } from './support/api';
import { signInAs } from './support/sign-in';

// An overdue installment's reminder carries a pay link: the client opens it signed out on a phone, signs in, lands
// on "Pagar agora" for that installment and pays it by card (the stack's local Stripe fake). Another client who
// opens the same link finds nothing to pay. The journey makes its own clients and contract (the daily job is run
// for that one installment only), so the seed stays as it was.

const ADMIN = 'admin@escritorio.test';
const PHONE = { width: 375, height: 800 };
const PASSWORD = 'Pagamento@123';

test.setTimeout(180_000);

/** The daily reminder job, as the scheduler runs it (service role), for one installment. */
async function remind(page: Page, installmentId: string) {
  const { SUPABASE_URL } = await pageEnv(page);
  const answer = await page.request.post(`${SUPABASE_URL}/rest/v1/rpc/remind_overdue_installments`, {
    headers: serviceHeaders(),
    data: { p_installment: installmentId },
  });
  expect(answer.ok(), await answer.text()).toBeTruthy();
}

test('a reminder link opens "Pagar agora" for its installment; another client cannot use it', async ({ browser }) => {
  const setup = await signInAs(browser, ADMIN);
  const tag = uniqueTag();
  const email = `lembrete.${tag}@cliente.test`;
  const otherEmail = `outro.${tag}@cliente.test`;
  const clientId = await newClient(setup, `Cliente Lembrete ${tag}`, email, PASSWORD);
  await newClient(setup, `Outro Cliente ${tag}`, otherEmail, PASSWORD);
  const [contract] = (await apiAs(setup, ADMIN, 'POST', 'financial_contracts', {
    client_id: clientId,
    title: `Honorários ${tag}`,
    status: 'active',
    total_amount: '640.00',
    currency: 'USD',
  })) as { id: string }[];
  const late = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
  const later = new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10);
  const [first, second] = (await apiAs(setup, ADMIN, 'POST', 'financial_installments', [
    { contract_id: contract.id, client_id: clientId, number: 1, due_date: late, amount: '320.00', currency: 'USD' },
    { contract_id: contract.id, client_id: clientId, number: 2, due_date: later, amount: '320.00', currency: 'USD' },
  ])) as { id: string; number: number }[];
  expect([first.number, second.number]).toEqual([1, 2]);
  await remind(setup, first.id);
  await setup.context().close();

  // the link the reminder carries (the client's own notification; the e-mail and WhatsApp carry the same path)
  const reader = await (await browser.newContext()).newPage();
  await reader.goto('/auth');
  const notes = (await apiAs(
    reader,
    email,
    'GET',
    'notifications?select=title,link&kind=eq.installment_overdue',
    undefined,
    PASSWORD,
  )) as { title: string; link: string }[];
  expect(notes).toEqual([{ title: 'Parcela em atraso', link: `/cliente/financeiro?pagar=${first.id}` }]);
  const link = notes[0].link;
  await reader.context().close();

  // another client, signed in, opens it: nothing to pay
  const other = await signInAs(browser, otherEmail, {
    landing: /\/cliente/,
    password: PASSWORD,
    context: { viewport: PHONE },
  });
  await other.goto(link);
  await expect(other.getByRole('alert').filter({ hasText: 'Parcela não encontrada' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(other.getByRole('button', { name: /^Pagar/ })).toHaveCount(0);
  await other.context().close();

  // the client opens it signed out, signs in, and lands on that installment's "Pagar agora"
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth/, { timeout: 20_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/cliente/financeiro\\?pagar=${first.id}$`), { timeout: 20_000 });
  const panel = page.getByTestId('pay-link-panel');
  await expect(panel.getByRole('heading', { name: 'Pagar parcela 1' })).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByText('Valor em aberto: US$ 320,00')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/payment-link-panel.png' });
  await panel.getByRole('button', { name: 'Pagar agora a parcela 1' }).click();

  await expect(page.getByRole('heading', { name: 'Total: US$ 320.00' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Pagar US$ 320.00' }).click();
  await expect(page).toHaveURL(/\/cliente\/financeiro\?pagamento=concluido/, { timeout: 30_000 });
  await expect(page.getByText('Pagamento recebido. O recibo está em Pagamentos.')).toBeVisible();

  // that installment is paid, the other one still open
  const rows = (await apiAs(
    page,
    email,
    'GET',
    `financial_installments?select=number,status&contract_id=eq.${contract.id}&order=number`,
    undefined,
    PASSWORD,
  )) as { number: number; status: string }[];
  expect(rows).toEqual([
    { number: 1, status: 'paid' },
    { number: 2, status: 'pending' },
  ]);
  // and the link, opened again, says there is nothing left to pay
  await page.goto(link);
  await expect(page.getByText('Parcela 1: não há valor em aberto.', { exact: false })).toBeVisible({
    timeout: 20_000,
  });
  await page.context().close();
});
