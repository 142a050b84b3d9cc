import { expect, test } from '@playwright/test';
import { signInAs } from './support/sign-in';

// Journey of the attorney's mobile and fax (Form G-28 Part 1): an administrator keeps them in Configurações, a bad
// number refused in Portuguese first; other staff read them; a client's portal never shows them. The one settings
// row is shared with other specs: both numbers are put back at the end.
const ADMIN = 'admin@escritorio.test';
const SECRETARY = 'secretaria@escritorio.test';
const CLIENT = 'maria.silva@cliente.test';
const CARD = /Dados do escritório e do advogado responsável/;

test("an administrator keeps the attorney's mobile and fax; staff read them, clients never see them", async ({
  browser,
}) => {
  const admin = await signInAs(browser, ADMIN);
  await admin.goto('/configuracoes');
  const form = admin.getByRole('form', { name: CARD });
  const attorney = form.getByRole('region', { name: 'Advogado responsável' });
  const mobile = attorney.getByLabel('Celular do advogado');
  const fax = attorney.getByLabel('Fax do advogado');
  await expect(attorney.getByLabel('Nome completo')).not.toHaveValue('');
  const before = { mobile: await mobile.inputValue(), fax: await fax.inputValue() };

  // 555-01xx numbers are reserved for fiction; the last digits (10-99: never the office's 555-0100) are this run's
  const tail = String(10 + (Date.now() % 90));
  await fax.fill('555-01');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(attorney.getByText('Fax inválido: informe de 10 a 15 dígitos')).toBeVisible();

  await mobile.fill(`857555 01${tail}`);
  await fax.fill(`617.555.01${tail}`);
  await fax.blur(); // leaving the field writes the US number in its usual form
  await expect(fax).toHaveValue(`+1 (617) 555-01${tail}`);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(admin.getByText('Dados do escritório salvos')).toBeVisible();
  await expect(mobile).toHaveValue(`+1 (857) 555-01${tail}`);

  // another person, another browser: what the database keeps, read-only
  const secretary = await signInAs(browser, SECRETARY);
  await secretary.goto('/configuracoes');
  const readOnly = secretary.getByRole('form', { name: CARD });
  await expect(readOnly.getByLabel('Celular do advogado')).toHaveValue(`+1 (857) 555-01${tail}`);
  await expect(readOnly.getByLabel('Fax do advogado')).toHaveValue(`+1 (617) 555-01${tail}`);
  await expect(readOnly.getByLabel('Fax do advogado')).toBeDisabled();

  // the portal shows how to reach the office, never the attorney's own numbers
  const client = await signInAs(browser, CLIENT, { landing: /\/cliente$/ });
  const contact = client.getByTestId('office-contact');
  await expect(contact).toBeVisible();
  await expect(contact).not.toContainText(`555-01${tail}`);

  await mobile.fill(before.mobile);
  await fax.fill(before.fax);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(admin.getByText('Dados do escritório salvos').first()).toBeVisible();
});
