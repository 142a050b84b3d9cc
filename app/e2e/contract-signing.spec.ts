import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newDollarQuote } from './support/quotes';
import { signInAs } from './support/sign-in';

// Engagement contract journey: staff send a quote's contract for signature, Maria reads it on a phone, consents,
// types her name, draws her signature, enters the code e-mailed to her (read from the local mail sink) and signs;
// staff countersign and download the sealed PDF, which pyHanko's validator accepts (tests/product/engagement_contracts/signed_pdf.py);
// the public verification page recognises the file. Every row is the journey's own (a unique quote title).
const ADMIN = 'admin@escritorio.test';
const MARIA = 'maria.silva@cliente.test';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const INBUCKET_URL = (process.env.INBUCKET_URL ?? 'http://127.0.0.1:54324').replace(/\/$/, '');
const PYTHON = process.env.PYTHON ?? path.resolve('..', '.venv', 'bin', 'python');
const CHECKER = path.resolve('..', 'tests', 'product', 'engagement_contracts', 'signed_pdf.py');

interface MailSummary {
  id: string;
  subject: string;
}
interface Mail extends MailSummary {
  body: { text: string; html: string };
}

/** The newest signing code e-mailed to `address` for `contractNumber` (the sink's Inbucket-shaped JSON API). */
async function signingCode(page: Page, address: string, contractNumber: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const list = await page.request.get(`${INBUCKET_URL}/api/v1/mailbox/${address}`);
        if (!list.ok()) return `sink answered ${list.status()}`;
        for (const summary of ((await list.json()) as MailSummary[]).reverse()) {
          if (!summary.subject.includes(contractNumber)) continue;
          const mail = (await (
            await page.request.get(`${INBUCKET_URL}/api/v1/mailbox/${address}/${summary.id}`)
          ).json()) as Mail;
          const match = mail.body.text.match(/código de assinatura: (\d{6})/);
          if (match) {
            code = match[1];
            return 'arrived';
          }
        }
        return 'not yet';
      },
      { timeout: 45_000, intervals: [500, 1000, 2000] },
    )
    .toBe('arrived');
  return code;
}

/** A signature drawn with the pointer across the canvas. */
async function drawSignature(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 12), box.y + box.height / 2 + (i % 2 ? -25 : 25));
  }
  await page.mouse.up();
}

const signIn = (browser: Browser, email: string, landing: RegExp, phone = false) =>
  signInAs(browser, email, { landing, context: { acceptDownloads: true, ...(phone ? PHONE : {}) } });

test('quote -> contract sent for signature -> signed on a phone -> countersigned -> sealed PDF validates', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Contrato assinado E2E ${Date.now()}`;
  const staff = await signIn(browser, ADMIN, /\/$/);

  // 1. a quote in dollars, sent and accepted by Maria, becomes a contract
  const editor = await newDollarQuote(staff, title, 'Honorários de assinatura E2E');
  await editor.getByRole('button', { name: 'Enviar ao cliente' }).click();
  await expect(staff.getByText('Orçamento enviado ao cliente')).toBeVisible();
  await staff.keyboard.press('Escape');

  const maria = await signIn(browser, MARIA, /\/cliente/, true);
  await maria.goto('/cliente/financeiro');
  await maria.getByRole('tab', { name: 'Orçamentos' }).click();
  const quoteCard = maria.getByTestId('finance-card').filter({ hasText: title });
  await quoteCard.getByRole('button', { name: 'Aceitar orçamento' }).click();
  await maria
    .getByRole('alertdialog', { name: 'Aceitar o orçamento?' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(maria.getByText('Orçamento aceito', { exact: true })).toBeVisible();

  await staff.reload();
  await staff
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /Abrir orçamento/ })
    .click();
  await staff.getByRole('button', { name: 'Gerar contrato' }).click();
  const contractDialog = staff.getByRole('dialog', { name: 'Gerar contrato' });
  await contractDialog.getByLabel('Entrada (USD)').fill('400');
  await contractDialog.getByLabel('Número de parcelas').fill('2');
  await contractDialog.getByRole('button', { name: 'Criar contrato' }).click();
  const created = staff.getByText(/Contrato CT-\d{4}-\d+ criado/);
  await expect(created).toBeVisible();
  const contractNumber = (await created.textContent())!.match(/CT-\d{4}-\d+/)![0];

  // 2. staff send it for signature (asked first)
  await staff.goto('/financeiro/contratos');
  await staff.getByRole('button', { name: `Ver parcelas do contrato ${contractNumber}` }).click();
  const signing = staff.getByTestId('contract-signing');
  await expect(signing.getByTestId('signature-status')).toHaveText('Rascunho');
  await signing.getByRole('button', { name: 'Enviar para assinatura' }).click();
  await staff
    .getByRole('alertdialog', { name: 'Enviar para assinatura?' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(staff.getByText('Contrato enviado para assinatura do cliente')).toBeVisible();
  await expect(signing.getByTestId('signature-status')).toHaveText('Enviado para assinatura');

  // 3. Maria reads the whole document on her phone and signs
  await maria.goto('/cliente/financeiro');
  const contractCard = maria.getByTestId('finance-card').filter({ hasText: contractNumber });
  await contractCard.getByRole('link', { name: 'Ler e assinar' }).click();
  await expect(maria.getByRole('heading', { name: `Contrato ${contractNumber}` })).toBeVisible();
  const documentText = maria.getByRole('article', { name: 'Texto completo do contrato' });
  for (const section of ['Escopo', 'Honorários', 'Parcelas', 'Obrigações', 'Rescisão', 'Foro']) {
    await expect(documentText.getByRole('heading', { name: section, exact: true })).toBeVisible();
  }
  await expect(documentText.getByText(/US\$ 1\.000,00/).first()).toBeVisible();
  const signButton = maria.getByRole('button', { name: 'Assinar contrato' });
  await expect(signButton).toBeDisabled();
  await maria.getByRole('checkbox').click();
  await maria.getByLabel('Nome completo').fill('Maria Silva');
  await drawSignature(maria);
  await maria.getByRole('button', { name: 'Enviar código' }).click();
  await expect(maria.getByText('Código enviado por e-mail. Ele vale por 10 minutos.')).toBeVisible();
  const code = await signingCode(maria, 'maria.silva', contractNumber);
  await maria.getByLabel('Código de confirmação').fill(code);
  await signButton.click();
  // sealing the PDF (and, the first time, making the office's certificate) takes a few seconds on a slow machine
  await expect(maria.getByText(/Assinado por Maria Silva em .*Aguardando a contra-assinatura/)).toBeVisible({
    timeout: 60_000,
  });
  // the page fits the phone: nothing scrolls sideways
  expect(await maria.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // 4. staff countersign (asked first): the contract is in force
  await staff.reload();
  await staff.getByRole('button', { name: `Ver parcelas do contrato ${contractNumber}` }).click();
  await expect(signing.getByTestId('signature-status')).toHaveText('Assinado pelo cliente');
  await signing.getByRole('button', { name: 'Contra-assinar' }).click();
  await staff
    .getByRole('alertdialog', { name: 'Contra-assinar o contrato?' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(signing.getByTestId('signature-status')).toHaveText('Vigente', { timeout: 60_000 });

  // 5. the downloaded PDF: two PAdES signatures by the office's certificate, intact, with the evidence page
  const [download] = await Promise.all([
    staff.waitForEvent('download'),
    signing.getByRole('button', { name: 'Contrato assinado (PDF)' }).click(),
  ]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'contrato-')), download.suggestedFilename());
  await download.saveAs(file);
  const report = JSON.parse(execFileSync(PYTHON, [CHECKER, file], { encoding: 'utf8' })) as {
    signatures: { field: string; intact: boolean; valid: boolean; trusted: boolean; subfilter: string }[];
    text: string;
  };
  expect(report.signatures.map((s) => s.field)).toEqual(['AssinaturaCliente', 'ContraAssinaturaEscritorio']);
  for (const signature of report.signatures) {
    expect(signature).toMatchObject({ intact: true, valid: true, trusted: true, subfilter: '/ETSI.CAdES.detached' });
  }
  expect(report.text).toContain('Página de assinaturas e trilha de evidências');
  expect(report.text).toContain('Maria Silva');

  // 6. the public verification page recognises the file, and not a changed copy
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/verificar-contrato');
  await visitor.getByLabel('Arquivo PDF').setInputFiles(file);
  await visitor.getByRole('button', { name: 'Verificar' }).click();
  await expect(visitor.getByTestId('verification-result')).toContainText(
    `Documento autêntico: confere com o contrato ${contractNumber}.`,
  );
  const changed = `${file}.alterado.pdf`;
  writeFileSync(changed, Buffer.concat([readFileSync(file), Buffer.from('\n%alterado\n')]));
  await visitor.getByLabel('Arquivo PDF').setInputFiles(changed);
  await visitor.getByRole('button', { name: 'Verificar' }).click();
  await expect(visitor.getByTestId('verification-result')).toContainText('não confere com nenhum contrato assinado');
});
