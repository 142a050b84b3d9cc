import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAs } from './support/sign-in';

/**
 * Trust and roles, on a desktop and a phone screen: a role change in Usuários asks first and a client's row
 * offers no staff role; finance areas and the Receita Mensal card follow the role table; a document the
 * office uploads stays internal until it is shared, and can be deleted.
 */

// Node's Buffer without Node's typings (the e2e project has none): what Playwright expects for in-memory files.
const NodeBuffer = (globalThis as unknown as { Buffer: { from(data: Uint8Array | string): Buffer } }).Buffer;

const ADMIN = 'admin@escritorio.test';
const COMMERCIAL = 'comercial@escritorio.test';
const SECRETARY = 'secretaria@escritorio.test';
const MARIA = 'maria.silva@cliente.test';
const MARIA_CLIENT_ID = 'c0000000-0000-4000-8000-000000000001';

const VIEWPORTS = [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 375, height: 800 }],
] as const;

// several log-ins per journey on a shared machine
test.describe.configure({ timeout: 120_000 });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

for (const [label, viewport] of VIEWPORTS) {
  const signIn = (browser: Browser, email: string, landing: RegExp = /\/$/) =>
    signInAs(browser, email, { landing, context: { viewport } });

  test(`${label}: Usuários asks before a role change; a client's row offers no staff role`, async ({ browser }) => {
    const admin = await signIn(browser, ADMIN);
    await admin.goto('/usuarios');
    const maria = admin.getByRole('combobox', { name: 'Função de Maria Silva' });
    await expect(maria).toBeVisible({ timeout: 15_000 });
    await expect(maria).toBeDisabled();
    await expect(maria).toContainText('Cliente');

    const daniela = admin.getByRole('combobox', { name: 'Função de Daniela Secretária' });
    await expect(daniela).toContainText('Secretária');
    const choose = async (role: string) => {
      await daniela.click();
      await admin.getByRole('option', { name: role, exact: true }).click();
      return admin.getByRole('alertdialog', { name: 'Alterar a função de Daniela Secretária?' });
    };

    // cancelled: nothing changes
    let confirm = await choose('Comercial');
    await expect(confirm).toContainText('Daniela Secretária passará de Secretária para Comercial.');
    await expect(confirm).toContainText('apenas os orçamentos que vender');
    await admin.screenshot({ path: `e2e/artifacts/trust-usuarios-confirm-${label}.png` });
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toBeHidden();
    await expect(daniela).toContainText('Secretária');

    // confirmed, then put back as it was (the journeys share one seeded stack)
    confirm = await choose('Comercial');
    await confirm.getByRole('button', { name: 'Alterar função' }).click();
    await expect(daniela).toContainText('Comercial', { timeout: 15_000 });
    confirm = await choose('Secretária');
    await expect(confirm).toContainText('sem acesso ao financeiro');
    await confirm.getByRole('button', { name: 'Alterar função' }).click();
    await expect(daniela).toContainText('Secretária', { timeout: 15_000 });
    await admin.context().close();
  });

  test(`${label}: finance areas and Receita Mensal follow the role table`, async ({ browser }) => {
    for (const email of [SECRETARY, COMMERCIAL]) {
      const staff = await signIn(browser, email);
      await expect(staff.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      await expect(staff.getByText('Processos Ativos')).toBeVisible();
      await expect(staff.getByText('Receita Mensal')).toHaveCount(0);
      // commercial opens Orçamentos (only the quotes it sells: commercial-quotes.spec.ts), not the rest
      const restricted = ['/financeiro/contratos', '/financeiro/relatorios'];
      if (email === SECRETARY) restricted.push('/financeiro/orcamentos');
      for (const path of restricted) {
        await staff.goto(path);
        await expect(staff.getByText('Acesso Restrito')).toBeVisible({ timeout: 15_000 });
        await expect(staff.getByRole('table')).toHaveCount(0);
      }
      await staff.screenshot({ path: `e2e/artifacts/trust-financeiro-restrito-${label}.png` });
      // a client's page has no Financeiro tab for them either
      await staff.goto(`/clientes/${MARIA_CLIENT_ID}`);
      await expect(staff.getByRole('tab', { name: 'Documentos' })).toBeVisible({ timeout: 15_000 });
      await expect(staff.getByRole('tab', { name: 'Financeiro' })).toHaveCount(0);
      await staff.context().close();
    }
    const admin = await signIn(browser, ADMIN);
    await expect(admin.getByText('Receita Mensal')).toBeVisible({ timeout: 15_000 });
    await admin.goto('/financeiro/relatorios');
    await expect(admin.getByRole('heading', { name: 'Relatórios Financeiros' })).toBeVisible({ timeout: 15_000 });
    await expect(admin.getByText('Acesso Restrito')).toHaveCount(0);
    await admin.goto(`/clientes/${MARIA_CLIENT_ID}`);
    await expect(admin.getByRole('tab', { name: 'Financeiro' })).toBeVisible({ timeout: 15_000 });
    await admin.context().close();
  });

  test(`${label}: an office document is internal until shared, and can be deleted`, async ({ browser }) => {
    const admin = await signIn(browser, ADMIN);
    const maria = await signIn(browser, MARIA, /\/cliente$/);
    const name = `Rascunho I-130 ${unique()}`;

    await admin.goto(`/clientes/${MARIA_CLIENT_ID}`);
    await admin.getByRole('tab', { name: 'Documentos' }).click();
    const form = admin.getByRole('form', { name: 'Enviar documento do escritório' });
    await form.getByLabel('Arquivo').setInputFiles({
      name: 'rascunho.pdf',
      mimeType: 'application/pdf',
      buffer: NodeBuffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`),
    });
    await form.getByLabel('Nome do documento').fill(name);
    await expect(form.getByRole('checkbox', { name: 'Compartilhar com o cliente' })).not.toBeChecked();
    await form.getByRole('button', { name: 'Enviar documento' }).click();
    await expect(admin.getByText('Documento enviado (interno)')).toBeVisible({ timeout: 20_000 });
    const row = admin.getByRole('listitem', { name });
    await expect(row.getByText('Interno')).toBeVisible();

    const portalDocuments = async (page: Page) => {
      await page.goto('/cliente/documentos');
      await expect(page.getByRole('heading', { level: 1, name: 'Documentos' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Baixar: Passaporte', exact: true })).toBeVisible({
        timeout: 15_000,
      });
    };
    await portalDocuments(maria);
    await expect(maria.getByText(name)).toHaveCount(0);

    // shared, after a confirmation: Maria sees it
    await row.getByRole('button', { name: `Compartilhar com o cliente: ${name}` }).click();
    const share = admin.getByRole('alertdialog', { name: 'Compartilhar com o cliente?' });
    await expect(share).toContainText('O cliente verá');
    await share.getByRole('button', { name: 'Compartilhar' }).click();
    await expect(row.getByText('Visível ao cliente')).toBeVisible({ timeout: 15_000 });
    await portalDocuments(maria);
    await expect(maria.getByRole('button', { name: `Baixar: ${name}` })).toBeVisible();
    await admin.screenshot({ path: `e2e/artifacts/trust-documentos-${label}.png`, fullPage: true });

    // deleted, after a confirmation: gone for both
    await row.getByRole('button', { name: `Excluir ${name}` }).click();
    const remove = admin.getByRole('alertdialog', { name: 'Excluir documento?' });
    await expect(remove).toContainText('Esta ação não pode ser desfeita');
    await remove.getByRole('button', { name: 'Excluir' }).click();
    await expect(admin.getByText('Documento excluído')).toBeVisible({ timeout: 15_000 });
    await expect(admin.getByRole('listitem', { name })).toHaveCount(0);
    await portalDocuments(maria);
    await expect(maria.getByText(name)).toHaveCount(0);

    await Promise.all([admin.context().close(), maria.context().close()]);
  });
}
