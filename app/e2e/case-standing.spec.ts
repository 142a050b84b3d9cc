import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, pageEnv, serviceHeaders, uniqueTag } from './support/api';
import { signInAs } from './support/sign-in';

// Where the case stands, end to end: Maria, on a phone, opens a case of hers and reads the "Onde estou na fila"
// card (the October 2025 bulletin of the seed: F2B at 22/11/2016, her priority date 25/11/2016 is not reached);
// the administrator imports the State Department's January 2026 bulletin page in Configurações (F2B final action
// 01DEC16); the case turns current, Maria is told (the notice on her card, and the e-mail she opted into) and her
// card says "Em dia".
// The database is shared with other journeys: the process is created here and removed at the end, with the
// imported month and the notifications it caused.

const MARIA = 'maria.silva@cliente.test';
const ADMIN = 'admin@escritorio.test';
const MARIA_CLIENT = 'c0000000-0000-4000-8000-000000000001';
const INBUCKET_URL = (process.env.INBUCKET_URL ?? 'http://127.0.0.1:54324').replace(/\/$/, '');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
// the saved page the parser's tests check cell by cell
const BULLETIN = '../tests/product/bulletin/fixtures/visa-bulletin-2026-01.html';

/** axe's WCAG 2 AA violations inside one element of the page. */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** A REST call with the service role key (only to remove what this journey created). */
async function asService(page: Page, method: 'DELETE' | 'GET', rest: string): Promise<unknown> {
  const env = await pageEnv(page);
  const response = await page.request.fetch(`${env.SUPABASE_URL}/rest/v1/${rest}`, {
    method,
    headers: serviceHeaders(),
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

test('a client reads where her case stands on a phone, and is told when a new bulletin makes it current', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await signInAs(browser, ADMIN, { context: { viewport: { width: 1366, height: 900 } } });
  await asService(admin, 'DELETE', 'visa_bulletin_months?month=eq.2026-01-01');
  const type = `Green Card F2B ${uniqueTag()}`;
  const [created] = (await apiAs(admin, ADMIN, 'POST', 'processes', {
    type,
    client_id: MARIA_CLIENT,
    category: 'Imigratório - USCIS',
    priority_date: '2016-11-25',
    visa_category: 'F2B',
    chargeability: 'ALL',
  })) as { id: number }[];
  const processId = created!.id;

  try {
    // --- 1. Maria, on her phone, reads the card: not current yet -----------------------------------------
    const maria = await signInAs(browser, MARIA, { landing: /\/cliente/, context: PHONE });
    await maria.goto(`/cliente/processos/${processId}`);
    const card = maria.getByTestId('queue-card');
    await expect(card.getByRole('heading', { name: 'Onde estou na fila' })).toBeVisible({ timeout: 20_000 });
    const bulletin = card.getByTestId('queue-bulletin');
    await expect(bulletin).toContainText('Aguardando a vez');
    await expect(bulletin).toContainText('Boletim de Vistos de outubro de 2025');
    await expect(bulletin).toContainText('22/11/2016');
    await expect(bulletin).toContainText('25/11/2016');
    await expect(card.getByTestId('queue-uscis')).toContainText('O USCIS ainda não informou');
    // nothing to send for this new process; an appointment of Maria's made by another journey may be her next step
    await expect(card.getByTestId('queue-todo')).toContainText(/Nada por enquanto|Comparecer:/);
    await expect(card.getByTestId('queue-todo')).not.toContainText('Enviar pelo portal');
    expect(await axeViolations(maria, '[data-testid="queue-card"]')).toEqual([]);
    // the card fits the phone: no sideways scrolling
    expect(await maria.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await maria.screenshot({ path: 'e2e/artifacts/case-standing-phone-before.png', fullPage: true });

    // --- 2. The administrator imports the January 2026 bulletin (with confirmation) ----------------------
    await admin.goto('/configuracoes');
    const importer = admin.getByTestId('bulletin-import');
    await importer.getByLabel('Página do boletim salva (HTML)').setInputFiles(BULLETIN);
    await importer.getByRole('button', { name: 'Importar boletim' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Importar o Boletim de Vistos?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expect(
      admin.getByText(/Boletim de janeiro de 2026 importado: 150 datas; [1-9]\d* processo\(s\) ficaram em dia/),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(importer.getByTestId('bulletin-months')).toContainText('janeiro de 2026');

    // the staff side shows the case current on the process page
    await admin.goto(`/processos/${processId}`);
    await expect(admin.getByTestId('bulletin-status')).toHaveText('Em dia', { timeout: 20_000 });
    expect(await axeViolations(admin, '[data-testid="case-standing"]')).toEqual([]);

    // --- 3. Maria is told, and her card says so ----------------------------------------------------------
    await maria.reload();
    await expect(maria.getByTestId('queue-bulletin')).toContainText('Em dia', { timeout: 20_000 });
    await expect(maria.getByTestId('queue-bulletin')).toContainText(
      'Sua data de prioridade (25/11/2016) está em dia no Boletim de Vistos de janeiro de 2026.',
    );
    const notice = maria.getByTestId('queue-notice');
    await expect(notice).toContainText('Sua data de prioridade está em dia');
    await expect(notice).toContainText('F2B');
    // Maria opted into e-mail (seed): the outbox delivers the same news to the local mail sink
    await expect
      .poll(
        async () => {
          const list = await maria.request.get(`${INBUCKET_URL}/api/v1/mailbox/${MARIA}`);
          if (!list.ok()) return `sink answered ${list.status()}`;
          for (const summary of (await list.json()) as { id: string }[]) {
            const mail = (await (
              await maria.request.get(`${INBUCKET_URL}/api/v1/mailbox/${MARIA}/${summary.id}`)
            ).json()) as {
              body: { text: string };
            };
            if (mail.body.text.includes('Sua data de prioridade está em dia') && mail.body.text.includes('25/11/2016'))
              return 'arrived';
          }
          return 'not yet';
        },
        { timeout: 45_000, intervals: [500, 1000, 2000] },
      )
      .toBe('arrived');
    await maria.screenshot({ path: 'e2e/artifacts/case-standing-phone-after.png', fullPage: true });
    const told = (await apiAs(maria, MARIA, 'GET', `notifications?select=kind,link&process_id=eq.${processId}`)) as {
      kind: string;
      link: string;
    }[];
    expect(told).toEqual([{ kind: 'visa_bulletin_current', link: `/cliente/processos/${processId}` }]);
  } finally {
    await asService(admin, 'DELETE', `notifications?process_id=eq.${processId}`);
    await asService(admin, 'DELETE', 'visa_bulletin_months?month=eq.2026-01-01');
    await asService(admin, 'DELETE', `processes?id=eq.${processId}`);
  }
});
