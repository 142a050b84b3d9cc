import { expect, test } from '@playwright/test';
import { newClient, uniqueTag } from './support/api';
import { signInAs } from './support/sign-in';

const ADMIN = 'admin@escritorio.test';

// A client of its own (the demo clients stay as they are for the other journeys): it downloads its data and asks
// for deletion in Meus Dados; the administrator sees the history of its record and approves the deletion.
test('a client downloads its data and asks for deletion; the administrator sees the history', async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const email = `lgpd.${tag}@cliente.test`;
  const name = `Titular LGPD ${tag}`;
  const admin = await signInAs(browser, ADMIN);
  await newClient(admin, name, email, 'Segredo@123');

  const client = await signInAs(browser, email, { landing: /\/cliente$/, password: 'Segredo@123' });
  await client.getByRole('navigation', { name: 'Menu do portal' }).getByRole('link', { name: 'Meus Dados' }).click();
  await expect(client.getByRole('heading', { level: 1, name: 'Meus Dados' })).toBeVisible({ timeout: 20_000 });
  await client.getByRole('button', { name: 'Baixar meus dados' }).click();
  const download = client.getByRole('button', { name: 'Baixar arquivo' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  const [file] = await Promise.all([client.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^meus-dados-.*\.zip$/);
  const stream = await file.createReadStream();
  const first = (await (stream as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]().next()).value as Uint8Array;
  expect(String.fromCharCode(first[0], first[1])).toBe('PK');
  await expect(client.getByText(/Baixada em/)).toBeVisible({ timeout: 15_000 });

  await client.getByLabel('Motivo (opcional)').fill('Encerrei o meu caso');
  await client.getByRole('button', { name: 'Solicitar exclusão' }).click();
  const dialog = client.getByRole('alertdialog');
  await expect(dialog).toContainText('Solicitar a exclusão dos seus dados?');
  await dialog.getByRole('button', { name: 'Solicitar exclusão' }).click();
  await expect(client.getByText('Sua solicitação de exclusão está em análise.')).toBeVisible({ timeout: 15_000 });
  await client.screenshot({ path: 'e2e/artifacts/lgpd-meus-dados.png', fullPage: true });
  await client.context().close();

  // the administrator: the history of this client's record, then the request
  await admin
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Histórico de alterações' })
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Histórico de alterações' })).toBeVisible({
    timeout: 20_000,
  });
  await admin.getByRole('searchbox', { name: 'Filtrar a lista por nome ou e-mail' }).fill(tag);
  await admin.getByLabel('Cliente').selectOption({ label: name });
  await expect(admin.getByRole('cell', { name: 'Exportação de dados (LGPD)' }).first()).toBeVisible({
    timeout: 15_000,
  });
  await expect(admin.getByRole('cell', { name: /Exclusão de dados \(LGPD\)/ }).first()).toBeVisible();
  await admin.screenshot({ path: 'e2e/artifacts/lgpd-historico.png', fullPage: true });

  await admin
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Privacidade (LGPD)' })
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Privacidade (LGPD)' })).toBeVisible({ timeout: 20_000 });
  const row = admin.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Em análise' });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await row.getByRole('button', { name: 'Aprovar exclusão' }).click();
  const confirm = admin.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Aprovar exclusão' }).click();
  const done = admin.getByRole('row').filter({ hasText: 'Titular removido (LGPD)' }).first();
  await expect(done).toContainText('Concluída', { timeout: 30_000 });
  await expect(done.getByRole('button', { name: 'Baixar certificado' })).toBeVisible();
  await admin.context().close();
});
