import { expect, test } from '@playwright/test';
import { apiAs } from './support/api';
import { signInAs } from './support/sign-in';

// USCIS forms ready on day one: an official edition (G-28, public domain, kept with the tests) maps itself on
// import; the administrator sets a case type's packet in Configurações and fills the packet of Maria Silva's
// demo process 1, then downloads it. The process, the case type, the checklist's requests and the documents are
// restored afterwards.
const OFFICIAL_G28 = '../tests/product/forms/official/g-28_edition-2016-05-05.pdf';
const ADMIN = 'admin@escritorio.test';
const MARRIAGE = 'ajuste_casamento';

test('staff import an official edition, see its coverage and fill a packet for the demo process', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await signInAs(browser, ADMIN, { landing: /\/$/ });
  const [before] = (await apiAs(page, ADMIN, 'GET', `case_types?id=eq.${MARRIAGE}&select=forms`)) as {
    forms: string | null;
  }[];
  const [process] = (await apiAs(page, ADMIN, 'GET', 'processes?id=eq.1&select=type,case_type_id')) as {
    type: string;
    case_type_id: string | null;
  }[];
  try {
    await page.goto('/processos');
    await page.getByRole('tab', { name: 'Formulários' }).click();
    await page.getByRole('button', { name: 'Importar Formulário' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Importar Formulário' });
    await importDialog.getByLabel('Número do formulário').fill('G-28');
    // the product's pack names the form: no name or category to type
    await expect(importDialog.getByLabel('Nome do formulário')).toHaveCount(0);
    await importDialog.getByLabel('Data da edição').fill('2016-05-05');
    await importDialog.getByLabel('Arquivo PDF').setInputFiles(OFFICIAL_G28);
    await importDialog.getByRole('button', { name: 'Importar' }).click();
    const coverage = importDialog.getByTestId('import-coverage');
    await expect(coverage).toContainText('G-28: 42 de 75 campos preenchíveis mapeados automaticamente (56%)', {
      timeout: 60_000,
    });
    await expect(coverage).toContainText('sem mapeamento: Não se preenche pelo escritório');
    await importDialog.getByRole('button', { name: 'Fechar' }).first().click();
    await expect(page.getByRole('cell', { name: 'G-28', exact: true })).toBeVisible();

    await page.goto('/configuracoes');
    const forms = page.getByLabel('Formulários do pacote: Ajuste de status por casamento');
    await forms.fill('G-28, I-130A');
    await forms.press('Tab');
    await expect(page.getByText('Formulários do pacote de "Ajuste de status por casamento" salvos')).toBeVisible();

    await apiAs(page, ADMIN, 'PATCH', 'processes?id=eq.1', { case_type_id: MARRIAGE });
    await page.goto('/processos/1');
    await page.getByRole('button', { name: 'Preencher pacote' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog')).first();
    await expect(confirm).toContainText('Preencher o pacote do caso?');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    const report = page.getByTestId('packet-report');
    await expect(report).toContainText('G-28:', { timeout: 90_000 });
    await expect(report).toContainText('I-130A: Formulário ainda não importado');
    const download = page.getByRole('link', { name: 'Baixar pacote' });
    await expect(download).toHaveAttribute('href', /\/storage\/v1\/object\/sign\//);
    const pdf = await page.request.get((await download.getAttribute('href')) as string);
    expect(pdf.ok()).toBeTruthy();
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  } finally {
    await apiAs(page, ADMIN, 'PATCH', 'processes?id=eq.1', process);
    // setting the case type created its document checklist on the process: remove those requests again
    await apiAs(page, ADMIN, 'DELETE', 'document_requests?process_id=eq.1&checklist_item_id=not.is.null');
    await apiAs(page, ADMIN, 'PATCH', `case_types?id=eq.${MARRIAGE}`, { forms: before.forms });
    await apiAs(
      page,
      ADMIN,
      'DELETE',
      'client_documents?process_id=eq.1&document_type=in.(formulario_uscis,pacote_uscis)',
    );
    await page.context().close();
  }
});
