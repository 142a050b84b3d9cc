import { expect, test, type Browser, type Download } from '@playwright/test';
import { signInAs } from './support/sign-in';

// Node's Buffer without Node's typings (the e2e project has none): what Playwright expects for in-memory files.
const NodeBuffer = (globalThis as unknown as { Buffer: { from(data: Uint8Array | string): Buffer } }).Buffer;

const MARIA = 'maria.silva@cliente.test';
const JOAO = 'joao.souza@cliente.test';
const ADMIN = 'admin@escritorio.test';
const MARIA_CLIENT_ID = 'c0000000-0000-4000-8000-000000000001';

// Seed rows: Maria's and João's (seed.sql, "the portal of each demo client").
const SEED = {
  mariaProcess: 'Green Card por casamento (I-130 / I-485). Aguardando análise do USCIS.',
  joaoProcess: 'Naturalização (N-400). Biometria agendada.',
  mariaContract: 'CT-2025-001',
  joaoContract: 'CT-2025-002',
  mariaQuote: 'Remoção de condições (I-751)',
  joaoQuote: 'Autorização de trabalho (I-765)',
  mariaDocument: 'Passaporte',
  joaoDocument: 'Aviso de audiência (EOIR)',
  mariaMessage: 'Segue a certidão, a tradução chega na próxima semana.',
  joaoMessage: 'Pode sim, mas ele aguardará do lado de fora da sala.',
};

const signIn = (browser: Browser, email: string, landing: RegExp) => signInAs(browser, email, { landing });

async function bytesOf(download: Download): Promise<Uint8Array> {
  const stream = await download.createReadStream();
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as AsyncIterable<Uint8Array>) chunks.push(chunk);
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

/** A small PDF with non-ASCII bytes, so that any re-encoding on the way would show. */
function samplePdf(stamp: number): Uint8Array {
  const head = NodeBuffer.from(`%PDF-1.4\n% portal e2e ${stamp}\n`);
  const binary = Uint8Array.from([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a, 0x00, 0xff, 0x80, 0x7f, 0x0a]);
  const tail = NodeBuffer.from('%%EOF\n');
  const out = new Uint8Array(head.length + binary.length + tail.length);
  out.set(head, 0);
  out.set(binary, head.length);
  out.set(tail, head.length + binary.length);
  return out;
}

test('portal: Maria sees only her data, uploads and downloads a document, and talks to the office live', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();

  // --- Maria signs in and lands on the portal home -----------------------------------------
  const maria = await signIn(browser, MARIA, /\/cliente$/);
  await expect(maria.getByRole('heading', { level: 1, name: 'Bem-vindo(a), Maria!' })).toBeVisible();
  await expect(maria.getByRole('tab', { name: 'Visão Geral' })).toBeVisible();
  await expect(maria.getByLabel(/^Meus Processos: \d+ processos? em andamento$/)).toBeVisible({ timeout: 15_000 });
  await maria.screenshot({ path: 'e2e/artifacts/portal-home.png', fullPage: true });
  await maria.getByRole('tab', { name: 'Atividade Recente' }).click();
  await expect(maria.getByTestId('activity-item').first()).toBeVisible({ timeout: 15_000 });
  await maria.screenshot({ path: 'e2e/artifacts/portal-home-activity.png', fullPage: true });

  // --- Meus Processos: hers, not João's ---------------------------------------------------------
  await maria.getByRole('navigation', { name: 'Menu do portal' }).getByRole('link', { name: 'Meus Processos' }).click();
  await expect(maria.getByRole('heading', { level: 1, name: 'Meus Processos' })).toBeVisible();
  await expect(maria.getByText(SEED.mariaProcess)).toBeVisible({ timeout: 15_000 });
  await expect(maria.getByText(SEED.joaoProcess)).toHaveCount(0);
  await maria.screenshot({ path: 'e2e/artifacts/portal-processos.png', fullPage: true });
  await maria.getByRole('tab', { name: 'Concluídos' }).click();
  await expect(maria.getByText('Renovação de DACA aprovada.')).toBeVisible();
  await expect(maria.getByText(SEED.mariaProcess)).toHaveCount(0);

  // --- Financeiro: her contract and quote, not João's ------------------------------------------
  await maria.getByRole('navigation', { name: 'Menu do portal' }).getByRole('link', { name: 'Financeiro' }).click();
  await expect(maria.getByRole('heading', { level: 1, name: 'Financeiro' })).toBeVisible();
  await expect(maria.getByText(`Número: ${SEED.mariaContract}`)).toBeVisible({ timeout: 15_000 });
  await expect(maria.getByText(`Número: ${SEED.joaoContract}`)).toHaveCount(0);
  await expect(maria.getByText('R$ 12.000,00')).toBeVisible();
  await maria.getByRole('button', { name: 'Ver Detalhes: Green Card por casamento' }).click();
  const contractDialog = maria.getByRole('dialog');
  await expect(contractDialog.getByText('Entrada de R$ 4.000,00 e 4 parcelas de R$ 2.000,00')).toBeVisible();
  await maria.screenshot({ path: 'e2e/artifacts/portal-financeiro-detalhes.png', fullPage: true });
  await maria.keyboard.press('Escape');
  await maria.getByRole('tab', { name: 'Orçamentos' }).click();
  await expect(maria.getByText(SEED.mariaQuote)).toBeVisible();
  await expect(maria.getByText(SEED.joaoQuote)).toHaveCount(0);
  await maria.screenshot({ path: 'e2e/artifacts/portal-financeiro.png', fullPage: true });

  // --- Documentos: hers, not João's; upload and download back byte-identical -------------------
  await maria.getByRole('navigation', { name: 'Menu do portal' }).getByRole('link', { name: 'Documentos' }).click();
  await expect(maria.getByRole('heading', { level: 1, name: 'Documentos' })).toBeVisible();
  await expect(maria.getByRole('button', { name: `Baixar: ${SEED.mariaDocument}`, exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(maria.getByText(SEED.joaoDocument)).toHaveCount(0);

  const docName = `comprovante-e2e-${stamp}.pdf`;
  const docBytes = samplePdf(stamp);
  await maria.getByRole('button', { name: 'Enviar Documento' }).click();
  const uploadDialog = maria.getByRole('dialog', { name: 'Enviar Documento' });
  const send = uploadDialog.getByRole('button', { name: 'Enviar', exact: true });
  await expect(send).toBeDisabled();
  await uploadDialog
    .getByLabel('Arquivo')
    .setInputFiles({ name: docName, mimeType: 'application/pdf', buffer: NodeBuffer.from(docBytes) });
  await expect(uploadDialog.getByLabel('Nome do documento')).toHaveValue(docName);
  await uploadDialog.getByRole('combobox', { name: 'Tipo de documento' }).click();
  await maria.getByRole('option', { name: 'Comprovante' }).click();
  await uploadDialog.getByRole('combobox', { name: 'Processo (opcional)' }).click();
  await maria.getByRole('option', { name: /^Processo nº 1 — / }).click();
  await maria.screenshot({ path: 'e2e/artifacts/portal-documentos-upload.png', fullPage: true });
  await expect(send).toBeEnabled();
  await send.click();
  await expect(maria.getByText('Documento enviado com sucesso')).toBeVisible({ timeout: 20_000 });
  await expect(uploadDialog).toBeHidden();
  await maria.getByRole('tab', { name: 'Meus Uploads' }).click();
  const uploadedRow = maria.getByTestId('document-row').filter({ hasText: docName });
  await expect(uploadedRow).toBeVisible({ timeout: 15_000 });
  await expect(uploadedRow.getByText('Enviado por: Você')).toBeVisible();
  await expect(uploadedRow.getByText('Comprovante', { exact: true })).toBeVisible();
  const [docDownload] = await Promise.all([
    maria.waitForEvent('download', { timeout: 20_000 }),
    uploadedRow.getByRole('button', { name: `Baixar: ${docName}` }).click(),
  ]);
  expect(docDownload.suggestedFilename()).toBe(docName);
  expect(Array.from(await bytesOf(docDownload))).toEqual(Array.from(docBytes));
  await maria.screenshot({ path: 'e2e/artifacts/portal-documentos.png', fullPage: true });

  // --- Mensagens: Maria sends a message with an attachment -------------------------------------
  await maria.getByRole('navigation', { name: 'Menu do portal' }).getByRole('link', { name: 'Mensagens' }).click();
  await expect(maria.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
  const mariaThread = maria.getByRole('log', { name: 'Mensagens' });
  await expect(mariaThread.getByText(SEED.mariaMessage)).toBeVisible({ timeout: 15_000 });
  await expect(mariaThread.getByText(SEED.joaoMessage)).toHaveCount(0);

  const mariaText = `Olá, segue o comprovante (e2e ${stamp}).`;
  const attachmentName = `anexo-e2e-${stamp}.txt`;
  const attachmentBytes = NodeBuffer.from(`Anexo de teste ${stamp}\nação, coração\n`);
  const sendMessage = maria.getByRole('button', { name: 'Enviar', exact: true });
  await expect(sendMessage).toBeDisabled();
  await maria.getByLabel('Mensagem', { exact: true }).fill(mariaText);
  await maria
    .locator('input[type="file"]')
    .setInputFiles({ name: attachmentName, mimeType: 'text/plain', buffer: NodeBuffer.from(attachmentBytes) });
  await expect(maria.getByTestId('selected-attachment')).toContainText(attachmentName);
  await sendMessage.click();
  await expect(maria.getByText('Mensagem enviada com sucesso')).toBeVisible({ timeout: 20_000 });
  const mariaBubble = mariaThread.locator('li', { hasText: mariaText });
  await expect(mariaBubble).toHaveAttribute('data-own', 'true');
  const [attachmentDownload] = await Promise.all([
    maria.waitForEvent('download', { timeout: 20_000 }),
    mariaBubble.getByRole('button', { name: `Baixar anexo: ${attachmentName}` }).click(),
  ]);
  expect(Array.from(await bytesOf(attachmentDownload))).toEqual(Array.from(attachmentBytes));
  await maria.screenshot({ path: 'e2e/artifacts/portal-mensagens.png', fullPage: true });

  // --- João, at the same time, has his own thread ------------------------------------------------
  const joao = await signIn(browser, JOAO, /\/cliente$/);
  await joao.goto('/cliente/mensagens');
  const joaoThread = joao.getByRole('log', { name: 'Mensagens' });
  await expect(joaoThread.getByText(SEED.joaoMessage)).toBeVisible({ timeout: 15_000 });
  await expect(joaoThread.getByText(mariaText)).toHaveCount(0);

  // --- The office answers Maria from the staff screen ---------------------------------------------
  const admin = await signIn(browser, ADMIN, /\/$/);
  await admin.goto(`/clientes/${MARIA_CLIENT_ID}/mensagens`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Maria Silva' })).toBeVisible({ timeout: 15_000 });
  const adminThread = admin.getByRole('log', { name: 'Mensagens' });
  const mariaOnStaffSide = adminThread.locator('li', { hasText: mariaText });
  await expect(mariaOnStaffSide).toBeVisible({ timeout: 15_000 });
  await expect(mariaOnStaffSide).toHaveAttribute('data-own', 'false');
  await expect(mariaOnStaffSide.getByRole('button', { name: `Baixar anexo: ${attachmentName}` })).toBeVisible();

  const reply = `Recebemos, Maria! Obrigado (e2e ${stamp}).`;
  await admin.getByLabel('Mensagem', { exact: true }).fill(reply);
  await admin.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(admin.getByText('Mensagem enviada com sucesso')).toBeVisible({ timeout: 20_000 });
  await expect(adminThread.locator('li', { hasText: reply })).toHaveAttribute('data-own', 'true');
  await admin.screenshot({ path: 'e2e/artifacts/staff-mensagens.png', fullPage: true });

  // --- The reply reaches Maria's open thread without a reload, on the office side (left) --------
  const replyOnMaria = mariaThread.locator('li', { hasText: reply });
  await expect(replyOnMaria).toBeVisible({ timeout: 20_000 });
  await expect(replyOnMaria).toHaveAttribute('data-own', 'false');
  await expect(replyOnMaria.getByText('Escritório')).toBeVisible();
  await maria.screenshot({ path: 'e2e/artifacts/portal-mensagens-resposta.png', fullPage: true });

  // --- João sees none of it ------------------------------------------------------------------------
  await joao.waitForTimeout(1_500);
  await expect(joaoThread.getByText(reply)).toHaveCount(0);
  await expect(joaoThread.getByText(mariaText)).toHaveCount(0);
  await joao.reload();
  await expect(joaoThread.getByText(SEED.joaoMessage)).toBeVisible({ timeout: 15_000 });
  await expect(joaoThread.getByText(reply)).toHaveCount(0);
  await joao.goto('/cliente/documentos');
  await expect(joao.getByRole('button', { name: `Baixar: ${SEED.joaoDocument}`, exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(joao.getByText(docName)).toHaveCount(0);
  await expect(joao.getByRole('button', { name: `Baixar: ${SEED.mariaDocument}`, exact: true })).toHaveCount(0);
  await joao.screenshot({ path: 'e2e/artifacts/portal-joao-documentos.png', fullPage: true });

  // --- Phone width: the thread and the documents stay usable -------------------------------------
  await maria.setViewportSize({ width: 390, height: 844 });
  await expect(replyOnMaria).toBeVisible();
  await maria.screenshot({ path: 'e2e/artifacts/portal-mensagens-phone.png', fullPage: true });
  await maria.getByRole('button', { name: 'Abrir menu' }).click();
  await maria.getByRole('navigation', { name: 'Menu do portal' }).getByRole('link', { name: 'Documentos' }).click();
  await expect(maria.getByRole('button', { name: `Baixar: ${docName}` })).toBeVisible({ timeout: 15_000 });
  await maria.screenshot({ path: 'e2e/artifacts/portal-documentos-phone.png', fullPage: true });

  await Promise.all([maria.context().close(), joao.context().close(), admin.context().close()]);
});
