import { expect, test, type Page } from '@playwright/test';
import { apiAs, pageEnv, serviceHeaders, uniqueTag } from './support/api';
import { signInAs } from './support/sign-in';

// Engagement contracts, the rest: an administrator adds, duplicates and removes contract templates in
// Configurações (removal asks first); on a contract in force staff create an amendment (Criar aditivo), which is a
// new contract referring to the original, and send it for signature; Maria reads it in the portal as an
// amendment of the original. Every row is the journey's own (a unique tag); the templates it adds are removed.
const ADMIN = 'admin@escritorio.test';
const MARIA = 'maria.silva@cliente.test';
const MARIA_CLIENT = 'c0000000-0000-4000-8000-000000000001';
const HASH = 'a'.repeat(64);

/** A contract of Maria's already signed by both parties (the signing journey covers how): written with the
 *  service role, the only writer of the signature columns. */
async function contractInForce(page: Page, title: string): Promise<{ id: string; number: string }> {
  const env = await pageEnv(page);
  const now = new Date().toISOString();
  const response = await page.request.post(`${env.SUPABASE_URL}/rest/v1/financial_contracts`, {
    headers: { ...serviceHeaders(), Prefer: 'return=representation' },
    data: {
      client_id: MARIA_CLIENT,
      title,
      status: 'active',
      total_amount: 1000,
      currency: 'USD',
      payment_terms: 'À vista',
      signature_status: 'countersigned',
      document_text: '# Escopo\nServiços do contrato original.\n',
      document_sha256: HASH,
      sent_at: now,
      signed_at: now,
      signed_by_name: 'Maria Silva',
      signature_evidence: { document_sha256: HASH },
      client_signed_sha256: HASH,
      countersigned_at: now,
      countersigned_by_name: 'Administrador',
      final_sha256: HASH,
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  const [row] = (await response.json()) as { id: string; contract_number: string }[];
  return { id: row.id, number: row.contract_number };
}

test('administrators add, duplicate and remove contract templates in Configurações', async ({ browser }) => {
  test.setTimeout(120_000);
  const name = `Modelo E2E ${uniqueTag()}`;
  const staff = await signInAs(browser, ADMIN, { landing: /\/$/ });
  await staff.goto('/configuracoes');
  await staff.getByLabel('Nome do novo modelo').fill(name);
  await staff.locator('#new-template-language').selectOption('en');
  await staff.getByRole('button', { name: 'Adicionar modelo' }).click();
  await expect(staff.getByText('Modelo de contrato criado')).toBeVisible();
  const models = staff.getByRole('group', { name: 'Modelos' });
  await expect(models.getByRole('button', { name: new RegExp(`^${name} \\(Inglês\\)`) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(staff.getByLabel('Texto (linhas com "# " são títulos de seção)')).toHaveValue(/# Parties/);

  await staff.getByRole('button', { name: 'Duplicar modelo' }).click();
  await expect(staff.getByText(`Modelo duplicado: Cópia de ${name}`)).toBeVisible();
  await expect(models.getByRole('button', { name: new RegExp(`^Cópia de ${name}`) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // removal asks first; Cancelar keeps the template
  for (const which of [`Cópia de ${name}`, name]) {
    await models.getByRole('button', { name: new RegExp(`^${which} \\(`) }).click();
    await staff.getByRole('button', { name: 'Remover modelo' }).click();
    const ask = staff.getByRole('alertdialog', { name: `Remover o modelo "${which}"?` });
    await expect(ask).toContainText('desativado');
    if (which === name) {
      await ask.getByRole('button', { name: 'Cancelar' }).click();
      await expect(models.getByRole('button', { name: new RegExp(`^${which} \\(`) })).toBeVisible();
      await staff.getByRole('button', { name: 'Remover modelo' }).click();
    }
    await staff
      .getByRole('alertdialog', { name: `Remover o modelo "${which}"?` })
      .getByRole('button', { name: 'Remover' })
      .click();
    await expect(staff.getByText('Modelo excluído').last()).toBeVisible();
    await expect(models.getByRole('button', { name: new RegExp(`^${which} \\(`) })).toHaveCount(0);
  }
  // the language's default template offers no removal
  await models.getByRole('button', { name: /^Contrato de prestação de serviços advocatícios/ }).click();
  await expect(staff.getByRole('button', { name: 'Remover modelo' })).toHaveCount(0);
  await staff.context().close();
});

test('an amendment of a contract in force is a new contract, sent for signature like any other', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const staff = await signInAs(browser, ADMIN, { landing: /\/$/ });
  const original = await contractInForce(staff, `Contrato vigente E2E ${uniqueTag()}`);

  await staff.goto('/financeiro/contratos');
  await staff.getByRole('button', { name: `Ver parcelas do contrato ${original.number}` }).click();
  const signing = staff.getByTestId('contract-signing');
  await expect(signing.getByTestId('signature-status')).toHaveText('Vigente');
  await signing.getByRole('button', { name: 'Criar aditivo' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Criar aditivo' });
  await expect(dialog).toContainText(`contrato ${original.number}`);
  await dialog.getByLabel('O que o aditivo acrescenta ou muda').fill('Resposta ao pedido de evidências (RFE).');
  await dialog.getByLabel('Honorários do aditivo (USD)').fill('600');
  await dialog.getByLabel('Entrada (USD)').fill('600');
  await dialog.getByRole('button', { name: 'Criar aditivo' }).click();
  const created = staff.getByText(/Aditivo CT-\d{4}-\d+ criado/);
  await expect(created).toBeVisible();
  const amendmentNumber = (await created.textContent())!.match(/CT-\d{4}-\d+/)![0];

  // the original keeps its terms; the amendment refers to it
  const [originalRow] = (await apiAs(
    staff,
    ADMIN,
    'GET',
    `financial_contracts?id=eq.${original.id}&select=total_amount,signature_status,final_sha256`,
  )) as { total_amount: number; signature_status: string; final_sha256: string }[];
  expect(originalRow).toEqual({ total_amount: 1000, signature_status: 'countersigned', final_sha256: HASH });

  await staff.reload();
  await staff.getByRole('button', { name: `Ver parcelas do contrato ${amendmentNumber}` }).click();
  const amendmentSigning = staff.getByTestId('contract-signing');
  await expect(amendmentSigning.getByTestId('signature-status')).toHaveText('Rascunho');
  await amendmentSigning.getByRole('button', { name: 'Enviar para assinatura' }).click();
  await staff
    .getByRole('alertdialog', { name: 'Enviar para assinatura?' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(staff.getByText('Contrato enviado para assinatura do cliente')).toBeVisible();

  const maria = await signInAs(browser, MARIA, { landing: /\/cliente/ });
  await maria.goto('/cliente/financeiro');
  const card = maria.getByTestId('finance-card').filter({ hasText: amendmentNumber });
  await card.getByRole('link', { name: 'Ler e assinar' }).click();
  const documentText = maria.getByRole('article', { name: 'Texto completo do contrato' });
  await expect(documentText.getByRole('heading', { name: 'Aditivo', exact: true })).toBeVisible();
  await expect(documentText).toContainText(`aditivo ao contrato ${original.number}`);
  await expect(documentText).toContainText('Resposta ao pedido de evidências (RFE).');
  await maria.context().close();
  await staff.context().close();
});
