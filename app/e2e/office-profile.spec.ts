import { expect, test, type Browser } from '@playwright/test';
import { signInAs } from './support/sign-in';

// Journey of the office profile: an administrator keeps the office's address and the responsible attorney in
// Configurações; other staff see them read-only; a client finds the office's contacts on the portal's Início.
// The one settings row is shared with other specs: the street is put back at the end, the other fields changed
// here are this spec's alone.
const ADMIN = 'admin@escritorio.test';
const SECRETARY = 'secretaria@escritorio.test';
const CLIENT = 'maria.silva@cliente.test';
const CARD = /Dados do escritório e do advogado responsável/;

const signIn = (browser: Browser, email: string) => signInAs(browser, email);

test('an administrator keeps the attorney and the office address; other staff read them', async ({ browser }) => {
  const admin = await signIn(browser, ADMIN);
  await admin.goto('/configuracoes');
  const form = admin.getByRole('form', { name: CARD });
  const office = form.getByRole('region', { name: 'Endereço e contato do escritório' });
  const attorney = form.getByRole('region', { name: 'Advogado responsável' });
  const street = office.getByLabel('Endereço (rua e número)');
  await expect(street).not.toHaveValue('');
  const before = await street.inputValue();

  const authority = `Supreme Court of New Jersey ${Date.now()}`;
  await street.fill('1 Gateway Center');
  await attorney.getByLabel('Órgão de licenciamento').fill(authority);
  await attorney.getByLabel('Estado da inscrição').selectOption('NJ');
  await office.getByLabel('ZIP').fill('0710');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(office.getByText('ZIP inválido: use 5 dígitos ou 5+4 (02110-1234)')).toBeVisible();

  await office.getByLabel('ZIP').fill('071021234');
  await expect(office.getByLabel('ZIP')).toHaveValue('07102-1234');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(admin.getByText('Dados do escritório salvos')).toBeVisible();

  // another person, another browser: what the database keeps, and no way to change it
  const secretary = await signIn(browser, SECRETARY);
  await secretary.goto('/configuracoes');
  const readOnly = secretary.getByRole('form', { name: CARD });
  await expect(readOnly.getByLabel('Órgão de licenciamento')).toHaveValue(authority);
  await expect(readOnly.getByLabel('Órgão de licenciamento')).toBeDisabled();
  await expect(readOnly.getByLabel('Estado da inscrição')).toHaveValue('NJ');
  await expect(readOnly.getByText('Somente administradores alteram estes dados.')).toBeVisible();
  await expect(readOnly.getByRole('button', { name: 'Salvar' })).toHaveCount(0);

  // a client reaches the office through what the administrator saved (never the attorney's bar data)
  const client = await signInAs(browser, CLIENT, { landing: /\/cliente$/ });
  const contact = client.getByTestId('office-contact');
  await expect(contact.getByText('1 Gateway Center, Suite 1200')).toBeVisible();
  await expect(contact.getByText(/, MA 07102-1234$/)).toBeVisible();
  await expect(contact.getByRole('link', { name: '+1 (617) 555-0100' })).toHaveAttribute('href', 'tel:+16175550100');
  await expect(contact).not.toContainText(authority);

  await street.fill(before);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(admin.getByText('Dados do escritório salvos').first()).toBeVisible();
});
