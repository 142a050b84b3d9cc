import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiAs, newClient, uniqueTag } from './support/api';
import { signInAs } from './support/sign-in';

const ADMIN = 'admin@escritorio.test';
const PASSWORD = 'Segredo@123';

async function openPrivacy(admin: Page) {
  await admin
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Privacidade (LGPD)' })
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Privacidade (LGPD)' })).toBeVisible({ timeout: 20_000 });
}

async function publishTerms(admin: Page, version: string, body: string) {
  await admin.getByLabel('Documento', { exact: true }).selectOption({ label: 'Termos de Uso' });
  await admin.getByLabel('Versão', { exact: true }).fill(version);
  await admin.getByLabel('Título', { exact: true }).fill('Termos de Uso do Portal');
  await admin.getByLabel('Texto', { exact: true }).fill(body);
  await admin.getByRole('button', { name: 'Publicar nova versão' }).click();
  const dialog = admin.getByRole('alertdialog');
  await expect(dialog).toContainText('Publicar nova versão?');
  await dialog.getByRole('button', { name: 'Publicar nova versão' }).click();
  await expect(admin.getByText(`Versão ${version}, publicada em`)).toBeVisible({ timeout: 15_000 });
}

async function acceptInPortal(client: Page, version: string, body: string) {
  await expect(client.getByRole('heading', { level: 1, name: 'Atualizamos nossos termos' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(client.getByText(`Versão ${version}, publicada em`)).toBeVisible();
  await expect(client.getByRole('region', { name: 'Termos de Uso do Portal', exact: true })).toContainText(body);
  // nothing of the portal before the terms are accepted
  await expect(client.getByRole('navigation', { name: 'Menu do portal' })).toHaveCount(0);
  const accept = client.getByRole('button', { name: 'Aceitar e continuar' });
  await expect(accept).toBeDisabled();
  // the screen passes axe's WCAG 2 AA rules (the sign-in's toast, still fading in, left out)
  const axe = await new AxeBuilder({ page: client })
    .include('#conteudo')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  await client.getByRole('checkbox', { name: 'Li e aceito os documentos acima.' }).click();
  await accept.click();
  await expect(client.getByRole('navigation', { name: 'Menu do portal' }).first()).toBeVisible({ timeout: 20_000 });
}

// A client of its own accepts the terms of use the administrator publishes in Privacidade (LGPD), and is asked again
// when a new version is published; the administrator sees both acceptances in the client's panel. The versions this
// journey publishes are withdrawn at the end, so the next journeys' clients are not stopped at the consent screen.
test('a client accepts the terms in force and is asked again after a new version', async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const email = `termos.${tag}@cliente.test`;
  const name = `Titular Termos ${tag}`;
  const admin = await signInAs(browser, ADMIN);
  try {
    await newClient(admin, name, email, PASSWORD);
    await openPrivacy(admin);
    await publishTerms(admin, `1-${tag}`, 'Primeira versão dos termos.');

    const client = await signInAs(browser, email, { landing: /\/cliente$/, password: PASSWORD });
    await acceptInPortal(client, `1-${tag}`, 'Primeira versão dos termos.');

    // a new version: the client is asked again before continuing
    await publishTerms(admin, `2-${tag}`, 'Segunda versão dos termos, com uma cláusula nova.');
    await client.reload();
    await acceptInPortal(client, `2-${tag}`, 'Segunda versão dos termos, com uma cláusula nova.');
    await client.screenshot({ path: 'e2e/artifacts/lgpd-consent-portal.png', fullPage: true });

    // the client sees what it accepted in Meus Dados
    await client.getByRole('navigation', { name: 'Menu do portal' }).getByRole('link', { name: 'Meus Dados' }).click();
    await expect(client.getByText(`Termos de Uso, versão 2-${tag}: aceito em`)).toBeVisible({ timeout: 20_000 });
    await expect(client.getByText(`Termos de Uso, versão 1-${tag}: aceito em`)).toBeVisible();
    await client.context().close();

    // the administrator: the client's acceptances in its LGPD panel
    await admin.getByRole('searchbox', { name: 'Filtrar a lista por nome ou e-mail' }).first().fill(tag);
    await admin.getByLabel('Cliente', { exact: true }).selectOption({ label: name });
    const panel = admin.getByRole('table').filter({ hasText: 'Navegador' });
    await expect(panel.getByRole('row').filter({ hasText: `2-${tag}` })).toContainText('Termos de Uso', {
      timeout: 15_000,
    });
    await expect(panel.getByRole('row').filter({ hasText: `1-${tag}` })).toContainText('127.0.0.1');
    await admin.screenshot({ path: 'e2e/artifacts/lgpd-consent-admin.png', fullPage: true });

    // a version published by mistake is withdrawn (after a confirmation): the previous one is in force again
    await admin.getByRole('button', { name: `Retirar versão Termos de Uso do Portal 2-${tag}` }).click();
    const withdraw = admin.getByRole('alertdialog');
    await expect(withdraw).toContainText('Retirar esta versão?');
    await withdraw.getByRole('button', { name: 'Retirar versão' }).click();
    await expect(admin.getByText(`Versão 1-${tag}, publicada em`)).toBeVisible({ timeout: 15_000 });
  } finally {
    const left = (await apiAs(
      admin,
      ADMIN,
      'GET',
      `legal_documents?select=id&version=like.*${tag}&withdrawn_at=is.null`,
    )) as { id: string }[];
    for (const doc of left) {
      await apiAs(admin, ADMIN, 'PATCH', `legal_documents?id=eq.${doc.id}`, { withdrawn_at: new Date().toISOString() });
    }
    await admin.context().close();
  }
});
