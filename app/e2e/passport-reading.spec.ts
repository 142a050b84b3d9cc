import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { apiAs, uniqueTag } from './support/api';
import { signInAs } from './support/sign-in';

// Staff read a client's passport photo: the documents tab of a new client's page, "Ler passaporte", the values
// read (name with its accents, birth date, nationality, number, expiry) beside the record's, then "Atualizar
// cadastro" and the record shows them. The photo is drawn by the Python tests' generator with a real
// machine-readable zone. The client is made here and removed at the end.

const ADMIN = 'admin@escritorio.test';

function passportPhoto(surname: string, given: string, number: string, birth: string, expiry: string): Buffer {
  const out = join(mkdtempSync(join(tmpdir(), 'passport-')), 'passaporte.jpg');
  execFileSync('../.venv/bin/python', [
    '../tests/product/documents/passport_images.py',
    out,
    surname,
    given,
    number,
    birth,
    expiry,
  ]);
  return readFileSync(out);
}

test('staff read a passport photo and apply what they confirmed to the client record', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signInAs(browser, ADMIN, { context: { viewport: { width: 1366, height: 900 } } });
  const tag = uniqueTag();
  const email = `passaporte-${tag}@cliente.test`;
  await apiAs(page, ADMIN, 'POST', 'rpc/create_client_user', {
    email,
    password: `Cliente${tag}!`,
    full_name: `Cliente Passaporte ${tag}`,
  });
  const [client] = (await apiAs(page, ADMIN, 'GET', `clients?email=eq.${email}&select=id`)) as { id: string }[];
  const clientId = client!.id;
  try {
    await page.goto(`/clientes/${clientId}`);
    await page.getByRole('tab', { name: 'Documentos' }).click();
    const name = `Passaporte ${tag}`;
    await page.getByLabel('Arquivo').setInputFiles({
      name: `passaporte-${tag}.jpg`,
      mimeType: 'image/jpeg',
      buffer: passportPhoto('CONCEIÇÃO', 'BEATRIZ', 'KZ5558810', '920616', '310101') as never,
    });
    await page.getByLabel('Nome do documento').fill(name);
    await page.getByRole('button', { name: 'Enviar documento' }).click();
    await page.getByRole('button', { name: `Ler passaporte: ${name}` }).click();

    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: 'Dados lidos do passaporte' })).toBeVisible({ timeout: 60_000 });
    await expect(dialog.getByLabel('Nome completo', { exact: true })).toHaveValue('Beatriz Conceição');
    await expect(dialog.getByLabel('Data de nascimento', { exact: true })).toHaveValue('1992-06-16');
    await expect(dialog.getByLabel('Nacionalidade', { exact: true })).toHaveValue('Brasil');
    await expect(dialog.getByLabel('Nº do passaporte', { exact: true })).toHaveValue('KZ5558810');
    await expect(dialog.getByLabel('Validade do passaporte', { exact: true })).toHaveValue('2031-01-01');
    await expect(dialog.getByRole('alert')).toHaveCount(0); // every check digit held
    // the name is the staff's call: they keep the record's name and apply the rest
    await dialog.getByRole('checkbox', { name: 'Aplicar Nome completo' }).click();
    await dialog.getByRole('button', { name: 'Atualizar cadastro' }).click();
    await expect(page.getByText('Cadastro do cliente atualizado com os dados do passaporte')).toBeVisible();

    const [record] = (await apiAs(
      page,
      ADMIN,
      'GET',
      `clients?id=eq.${clientId}&select=full_name,date_of_birth,nationality,passport_number,passport_expires_on`,
    )) as Record<string, string>[];
    expect(record).toEqual({
      full_name: `Cliente Passaporte ${tag}`,
      date_of_birth: '1992-06-16',
      nationality: 'Brasil',
      passport_number: 'KZ5558810',
      passport_expires_on: '2031-01-01',
    });
  } finally {
    await apiAs(page, ADMIN, 'DELETE', `client_documents?client_id=eq.${clientId}`);
    await apiAs(page, ADMIN, 'DELETE', `clients?id=eq.${clientId}`);
  }
});
