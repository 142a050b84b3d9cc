import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs, uniqueTag } from './support/api';
import { signInAs } from './support/sign-in';

// Documents that organise themselves, on a desktop and on a phone: a new marriage-based process brings its
// checklist; the client follows a progress bar and sends a document; staff move a certidão through its steps,
// accept one document and reject another with a reason the client then reads. Every process and request used
// here is created here (one new process per journey); seed rows are only read.

const NodeBuffer = (globalThis as unknown as { Buffer: { from(data: string): Uint8Array } }).Buffer;

const ADMIN = 'admin@escritorio.test';
const SECRETARY = 'secretaria@escritorio.test';
const MARIA = 'maria.silva@cliente.test';
const MARIA_CLIENT = 'c0000000-0000-4000-8000-000000000001';
const MARIA_USER = '10000000-0000-4000-8000-000000000005';
const REQUIRED_IN_MARRIAGE_CHECKLIST = 9;
const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 800 }],
] as const;

interface Request {
  id: string;
  document_name: string;
  status: string;
  stage: string;
  review_status: string | null;
}

/** Takes out what a journey made on Maria's record (its process, with its requests, and the documents sent). */
async function removeProcess(page: Page, id: number) {
  const documents = (await apiAs(page, ADMIN, 'GET', `client_documents?process_id=eq.${id}&select=id`)) as {
    id: string;
  }[];
  for (const document of documents) await apiAs(page, ADMIN, 'DELETE', `client_documents?id=eq.${document.id}`);
  await apiAs(page, ADMIN, 'DELETE', `processes?id=eq.${id}`);
}

const signIn = (browser: Browser, email: string, landing: RegExp, viewport: { width: number; height: number }) =>
  signInAs(browser, email, { landing, context: { viewport } });

test.setTimeout(150_000);

for (const [label, viewport] of VIEWPORTS) {
  test(`${label}: the client follows its checklist's progress and sends a document`, async ({ browser }) => {
    const page = await signIn(browser, MARIA, /\/cliente$/, viewport);
    const tag = uniqueTag();
    const type = `Green Card por casamento E2E ${tag}`;
    const [process] = (await apiAs(page, ADMIN, 'POST', 'processes', {
      type,
      case_type_id: 'ajuste_casamento',
      client_id: MARIA_CLIENT,
      status: 'em andamento',
    })) as { id: number }[];
    const id = process!.id;

    // Meus Processos: the new process shows its documents' progress (nothing received yet).
    await page.goto('/cliente/processos');
    const card = page.getByTestId('process-card').filter({ hasText: `Processo nº ${id} ` });
    const bar = card.getByRole('progressbar', { name: `Documentos do processo nº ${id}` });
    await expect(bar).toHaveAttribute('aria-valuenow', '0', { timeout: 15_000 });
    await expect(card.getByText(`0 de ${REQUIRED_IN_MARRIAGE_CHECKLIST} obrigatórios recebidos`)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `e2e/artifacts/checklists-${label}-portal-processos.png` });

    // The process page lists the checklist with its explanations; the passport is sent against its request.
    await card.getByRole('link', { name: /Ver detalhes/ }).click();
    await expect(page).toHaveURL(new RegExp(`/cliente/processos/${id}$`), { timeout: 15_000 });
    const passport = page.getByTestId('document-request').filter({ hasText: /^Passaporte/ });
    await expect(passport.getByText(/todas as páginas do passaporte válido/)).toBeVisible({ timeout: 15_000 });
    await expect(
      page
        .getByTestId('document-request')
        .filter({ hasText: /^Certidão de nascimento/ })
        .getByText(/apostila de Haia/),
    ).toBeVisible();
    await passport.getByRole('button', { name: 'Enviar Passaporte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar Documento' });
    await dialog.getByLabel('Arquivo').setInputFiles({
      name: `passaporte-${tag}.pdf`,
      mimeType: 'application/pdf',
      buffer: NodeBuffer.from(`%PDF-1.4\n% E2E ${tag}\n%%EOF\n`) as never,
    });
    await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(page.getByText('Documento enviado com sucesso').first()).toBeVisible({ timeout: 20_000 });
    await expect(passport.getByText('Recebido', { exact: true })).toBeVisible({ timeout: 15_000 });
    const pageBar = page.getByRole('progressbar', { name: `Documentos do processo nº ${id}` });
    await expect(pageBar).toHaveAttribute('aria-valuenow', String(Math.round(100 / REQUIRED_IN_MARRIAGE_CHECKLIST)), {
      timeout: 15_000,
    });
    await expect(page.getByText(`1 de ${REQUIRED_IN_MARRIAGE_CHECKLIST} obrigatórios recebidos`)).toBeVisible();
    await page.screenshot({ path: `e2e/artifacts/checklists-${label}-portal-processo.png`, fullPage: true });

    // The database holds what the screen says.
    const rows = (await apiAs(
      page,
      ADMIN,
      'GET',
      `document_requests?process_id=eq.${id}&document_name=eq.Passaporte&select=status,stage`,
    )) as Request[];
    expect(rows).toEqual([{ status: 'fulfilled', stage: 'recebido' }]);
    await removeProcess(page, id);
    await page.context().close();
  });

  test(`${label}: staff move a certidão through its steps, accept it and reject another with a reason`, async ({
    browser,
  }) => {
    const page = await signIn(browser, SECRETARY, /\/$/, viewport);
    const tag = uniqueTag();
    const [process] = (await apiAs(page, ADMIN, 'POST', 'processes', {
      type: `Green Card por casamento E2E ${tag}`,
      case_type_id: 'ajuste_casamento',
      client_id: MARIA_CLIENT,
      status: 'em andamento',
    })) as { id: number }[];
    const id = process!.id;
    const requests = (await apiAs(page, ADMIN, 'GET', `document_requests?process_id=eq.${id}&select=*`)) as Request[];
    const photos = requests.find((r) => r.document_name === 'Fotos 2x2')!;
    // the client sent the photos (as the portal does: a document answering the request)
    await apiAs(page, MARIA, 'POST', 'client_documents', {
      client_id: MARIA_CLIENT,
      name: 'Fotos 2x2',
      file_path: `${MARIA_CLIENT}/fotos-${tag}.jpg`,
      uploaded_by: 'client',
      uploader_id: MARIA_USER,
      document_request_id: photos.id,
    });

    await page.goto(`/processos/${id}`);
    await page.getByRole('button', { name: 'Solicitar documentos' }).click();
    const sheet = page.getByRole('dialog', { name: 'Documentos Solicitados' });
    const certidao = sheet.getByTestId('document-request').filter({ hasText: /^Certidão de nascimento/ });
    await expect(certidao.getByText('Etapa: Solicitado')).toBeVisible({ timeout: 15_000 });

    // solicitado → recebido → apostilado → traduzido → pronto, one step at a time
    await certidao.getByRole('button', { name: 'Recebido', exact: true }).click();
    await expect(certidao.getByText('Etapa: Recebido')).toBeVisible({ timeout: 15_000 });
    for (const step of ['apostilado', 'traduzido', 'pronto']) {
      await certidao.getByRole('button', { name: `Marcar como ${step}` }).click();
      await expect(certidao.getByText(new RegExp(`Etapa: ${step}`, 'i'))).toBeVisible({ timeout: 15_000 });
    }
    await expect(certidao.getByRole('button', { name: /Marcar como/ })).toHaveCount(0);
    // the translator's certification comes from the office's template as a PDF
    await certidao.getByRole('button', { name: 'Certificação de tradução' }).click();
    const certify = page.getByRole('alertdialog', { name: 'Certificação de tradução' });
    await certify.getByLabel('Nome do tradutor').fill('Paula Tradutora');
    const download = page.waitForEvent('download');
    await certify.getByRole('button', { name: 'Gerar PDF' }).click();
    expect((await download).suggestedFilename()).toBe('certificado-de-traducao-Certidão de nascimento.pdf');
    await expect(page.getByText('Certificação de tradução gerada').first()).toBeVisible({ timeout: 15_000 });
    await certidao.getByRole('button', { name: 'Aceitar' }).click();
    await expect(certidao.getByText('Aceito', { exact: true })).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: `e2e/artifacts/checklists-${label}-etapas.png` });

    // The photos are rejected: a reason is required, and the request goes back to the client.
    const photosItem = sheet.getByTestId('document-request').filter({ hasText: /^Fotos 2x2/ });
    await photosItem.scrollIntoViewIfNeeded();
    await photosItem.getByRole('button', { name: 'Recusar' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Recusar documento?' });
    await expect(confirm.getByRole('button', { name: 'Recusar documento' })).toBeDisabled();
    const reason = `As fotos precisam ter fundo branco (${tag}).`;
    await confirm.getByLabel('Motivo (o cliente verá)').fill(reason);
    await page.screenshot({ path: `e2e/artifacts/checklists-${label}-recusar.png` });
    await confirm.getByRole('button', { name: 'Recusar documento' }).click();
    await expect(page.getByText('Documento recusado: o cliente foi avisado do motivo').first()).toBeVisible({
      timeout: 15_000,
    });
    await expect(photosItem.getByText(`Motivo da recusa: ${reason}`)).toBeVisible({ timeout: 15_000 });
    await expect(photosItem.getByText('Pendente', { exact: true }).first()).toBeVisible();
    await page.context().close();

    // The client reads the reason on its process page and can send the photos again.
    const client = await signIn(browser, MARIA, /\/cliente$/, viewport);
    await client.goto(`/cliente/processos/${id}`);
    const rejected = client.getByTestId('document-request').filter({ hasText: /^Fotos 2x2/ });
    await expect(rejected.getByText(`Documento recusado pelo escritório: ${reason}`)).toBeVisible({
      timeout: 15_000,
    });
    await expect(rejected.getByRole('button', { name: 'Enviar Fotos 2x2' })).toHaveText(/Enviar de novo/);
    await rejected.scrollIntoViewIfNeeded();
    await client.screenshot({ path: `e2e/artifacts/checklists-${label}-portal-recusado.png` });
    await removeProcess(client, id);
    await client.context().close();
  });
}

test('desktop: administrators keep the checklist of a case type in Configurações', async ({ browser }) => {
  const page = await signIn(browser, ADMIN, /\/$/, { width: 1280, height: 900 });
  const name = `Carteira de motorista E2E ${uniqueTag()}`;
  await page.goto('/configuracoes');
  const card = page.locator('[data-slot="card"]').filter({ hasText: 'Documentos por tipo de caso' });
  await card.getByLabel('Tipo de caso').selectOption('autorizacao_trabalho');
  await expect(card.getByRole('listitem', { name: 'Comprovante da categoria' })).toBeVisible({ timeout: 15_000 });
  const form = card.getByRole('form', { name: 'Adicionar documento' });
  await form.getByLabel('Documento').fill(name);
  await form.getByLabel('Explicação para o cliente').fill('Cópia da frente e do verso, se tiver.');
  await form.getByLabel('Obrigatório').uncheck();
  await form.getByRole('button', { name: 'Adicionar documento' }).click();
  await expect(card.getByRole('listitem', { name })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: 'e2e/artifacts/checklists-configuracoes.png', fullPage: true });

  // removing asks for confirmation
  await card.getByRole('button', { name: `Remover ${name}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Remover documento da lista?' })
    .getByRole('button', { name: 'Remover' })
    .click();
  await expect(card.getByRole('listitem', { name })).toHaveCount(0, { timeout: 15_000 });
  await page.context().close();
});

/** A one-page PDF whose text is the given lines (Helvetica), with a correct cross-reference table. */
function textPdf(lines: string[]): Uint8Array {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 11 Tf 50 750 Td 14 TL ${lines.map((l) => `(${escape(l)}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return NodeBuffer.from(body);
}

test('phone: staff read an uploaded I-797 and confirm the receipt it proposes', async ({ browser }) => {
  const page = await signIn(browser, ADMIN, /\/$/, { width: 375, height: 800 });
  const tag = uniqueTag();
  const receipt = `IOE${tag.padStart(10, '0').slice(-10)}`;
  const [process] = (await apiAs(page, ADMIN, 'POST', 'processes', {
    type: `Ajuste de status E2E ${tag}`,
    client_id: MARIA_CLIENT,
    status: 'em andamento',
  })) as { id: number }[];
  const id = process!.id;
  await page.goto(`/processos/${id}`);
  await page.getByRole('tab', { name: 'Documentos' }).click();
  const name = `Aviso I-797 ${tag}`;
  await page.getByLabel('Arquivo').setInputFiles({
    name: `i797-${tag}.pdf`,
    mimeType: 'application/pdf',
    buffer: textPdf([
      'Department of Homeland Security',
      'I-797C, Notice of Action',
      `Receipt Number: ${receipt}`,
      'Case Type: I-485 - Application to Register Permanent Residence',
      'Received Date: 01/15/2026',
      'Notice Date: 02/03/2026',
    ]) as never,
  });
  await page.getByLabel('Nome do documento').fill(name);
  await page.getByRole('button', { name: 'Enviar documento' }).click();
  await page.getByRole('button', { name: `Ler aviso do USCIS: ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Acompanhar este recibo?' });
  await expect(confirm.getByText(receipt)).toBeVisible({ timeout: 20_000 });
  await expect(confirm.getByText('I-485')).toBeVisible();
  await expect(confirm.getByText('03/02/2026')).toBeVisible();
  // nothing is stored before the confirmation
  expect(await apiAs(page, ADMIN, 'GET', `uscis_receipts?receipt_number=eq.${receipt}&select=id`)).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/checklists-phone-aviso-uscis.png' });
  await confirm.getByRole('button', { name: 'Acompanhar recibo' }).click();
  await expect(page.getByText(`Recibo ${receipt} acompanhado no processo nº ${id}`).first()).toBeVisible({
    timeout: 15_000,
  });
  const tracked = (await apiAs(
    page,
    ADMIN,
    'GET',
    `uscis_receipts?receipt_number=eq.${receipt}&select=process_id`,
  )) as {
    process_id: number;
  }[];
  expect(tracked).toEqual([{ process_id: id }]);
  await removeProcess(page, id);
  await page.context().close();
});
