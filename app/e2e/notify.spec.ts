import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signInAs } from './support/sign-in';

// Notifications end to end (desktop): Maria opts in to e-mail in Meu Perfil, an assistant moves a process of
// hers to another stage, the toast says what the database queued, the e-mail reaches the local mail sink
// (INBUCKET_URL, as `supastack status` prints it), Maria's portal and in-app notifications show the change,
// and the administrator's /notificacoes-envios lists the delivery as sent.
// The database is shared with other journeys: the process is created here (a unique name); Maria's e-mail
// consent, which the seed grants, is granted again at the end.

const PASSWORD = 'Demo@12345';
const MARIA = 'maria.silva@cliente.test';
const ADMIN = 'admin@escritorio.test';
const ASSISTANT = 'assistente@escritorio.test';
const MARIA_CLIENT = 'c0000000-0000-4000-8000-000000000001';
const INBUCKET_URL = (process.env.INBUCKET_URL ?? 'http://127.0.0.1:54324').replace(/\/$/, '');

interface Env {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
}

const signIn = (browser: Browser, email: string, landing: RegExp) =>
  signInAs(browser, email, { landing, context: { viewport: { width: 1366, height: 900 } } });

/** The REST API as one of the demo users (to prepare data and to read what the screens do not show). */
async function rest(page: Page, email: string, method: string, path: string, data?: unknown): Promise<unknown> {
  const env = await page.evaluate(() => (globalThis as unknown as { __ENV__: Env }).__ENV__);
  const auth = await page.request.post(`${env.SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    headers: { apikey: env.SUPABASE_ANON_KEY },
    data: { email, password: PASSWORD },
  });
  expect(auth.ok()).toBeTruthy();
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const response = await page.request.fetch(`${env.SUPABASE_URL}/rest/v1/${path}`, {
    method,
    headers: { apikey: env.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}`, Prefer: 'return=representation' },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBeTruthy();
  return response.json();
}

interface MailSummary {
  id: string;
  subject: string;
}
interface Mail extends MailSummary {
  body: { text: string; html: string };
}

/** Polls the sink's JSON API (Inbucket's shape) until a mail of the address contains `text`. */
async function waitForMail(page: Page, address: string, text: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const list = await page.request.get(`${INBUCKET_URL}/api/v1/mailbox/${address}`);
        if (!list.ok()) return `sink answered ${list.status()}`;
        for (const summary of ((await list.json()) as MailSummary[]).reverse()) {
          const mail = (await (
            await page.request.get(`${INBUCKET_URL}/api/v1/mailbox/${address}/${summary.id}`)
          ).json()) as Mail;
          if (mail.body.text.includes(text)) {
            found = mail;
            return 'arrived';
          }
        }
        return 'not yet';
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe('arrived');
  return found!;
}

async function pick(page: Page, combobox: Locator, option: string | RegExp) {
  await combobox.click();
  await page.getByRole('option', { name: option }).first().click();
}

function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`;
}

test('notifications: opt-in, stage change, e-mail in the sink, portal and the deliveries screen', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const processType = `Notificação E2E ${tag}`;
  const message = `Recebemos o aviso do USCIS ${tag}`;

  // --- 1. Maria opts in to e-mail in Meu Perfil (the seed already granted it: withdraw, then grant) ---
  const maria = await signIn(browser, MARIA, /\/cliente$/);
  await maria.getByRole('navigation', { name: 'Menu do portal' }).getByRole('link', { name: 'Meu Perfil' }).click();
  await expect(maria).toHaveURL(/\/cliente\/perfil$/);
  await expect(maria.getByRole('heading', { level: 1, name: 'Meu Perfil' })).toBeVisible();
  const emailBox = maria.getByRole('checkbox', { name: 'Receber notificações por e-mail' });
  await expect(emailBox).toBeVisible({ timeout: 15_000 });
  if ((await emailBox.getAttribute('aria-checked')) === 'true') {
    await emailBox.click();
    await expect(emailBox).toHaveAttribute('aria-checked', 'false', { timeout: 15_000 });
    await expect(maria.getByText(`Autorização retirada em ${localDate()}`, { exact: false })).toBeVisible();
  }
  await emailBox.click();
  await expect(emailBox).toHaveAttribute('aria-checked', 'true', { timeout: 15_000 });
  await expect(maria.getByText('Preferência salva').first()).toBeVisible();
  // the consent time is now (today, as dd/MM/yyyy HH:mm)
  await expect(maria.getByText(new RegExp(`^Autorizado em ${localDate()} \\d{2}:\\d{2}$`))).toBeVisible();
  await maria.screenshot({ path: 'e2e/artifacts/notify-meu-perfil.png', fullPage: true });

  // A process of this journey's own, for Maria.
  const [created] = (await rest(maria, ADMIN, 'POST', 'processes', {
    type: processType,
    client_id: MARIA_CLIENT,
    category: 'Imigratório - USCIS',
    stage: 'Protocolado',
    status: 'em andamento',
  })) as { id: number }[];
  const processId = created!.id;

  // --- 2. The assistant changes its stage; the toast says what was queued -------------------
  const staff = await signIn(browser, ASSISTANT, /\/$/);
  await staff.goto('/processos');
  await expect(staff.getByRole('heading', { level: 1, name: 'Processos' })).toBeVisible();
  await staff.getByLabel('Buscar processos').fill(processType);
  const row = staff.getByRole('row').filter({ hasText: processType });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await row.getByRole('button', { name: `Ações do processo ${processId}` }).click();
  await staff.getByRole('menuitem', { name: 'Atualizar estágio' }).click();
  const stageDialog = staff.getByRole('dialog', { name: 'Atualizar estágio' });
  await pick(staff, stageDialog.getByRole('combobox', { name: 'Estágio' }), /^RFE$/);
  await stageDialog.getByLabel('Mensagem (opcional)').fill(message);
  await stageDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(staff.getByText('Notificação enfileirada por e-mail', { exact: true }).first()).toBeVisible({
    timeout: 15_000,
  });
  await expect(stageDialog).toBeHidden();
  await expect(row.getByText('RFE', { exact: true })).toBeVisible({ timeout: 15_000 });
  await staff.screenshot({ path: 'e2e/artifacts/notify-estagio.png' });

  // --- 3. The e-mail arrives in the local mail sink ------------------------------------------
  const mail = await waitForMail(staff, MARIA, message);
  expect(mail.subject).toBe('Seu processo mudou de etapa');
  expect(mail.body.text).toContain('Seu processo avançou para uma nova etapa.');
  expect(mail.body.html).toContain(message);

  // --- 4a. Maria: the portal shows the new stage; her in-app notification is there -----------
  await maria.goto(`/cliente/processos/${processId}`);
  await expect(maria.getByRole('heading', { level: 1, name: processType })).toBeVisible({ timeout: 15_000 });
  await expect(maria.getByText('Estágio: RFE', { exact: true })).toBeVisible({ timeout: 15_000 });
  const entry = maria.getByTestId('timeline-entry').filter({ hasText: 'Estágio alterado' });
  await expect(entry.getByText('Protocolado → RFE', { exact: true })).toBeVisible({ timeout: 15_000 });
  await maria.screenshot({ path: 'e2e/artifacts/notify-portal-processo.png', fullPage: true });
  const inApp = (await rest(
    maria,
    MARIA,
    'GET',
    'notifications?select=title,body,link&order=created_at.desc&limit=50',
  )) as {
    title: string;
    body: string;
    link: string;
  }[];
  expect(inApp.filter((n) => n.body === message)).toEqual([
    { title: 'Seu processo mudou de etapa', body: message, link: '/cliente/processos' },
  ]);

  // --- 4b. The administrator sees the delivery as sent ---------------------------------------
  const admin = await signIn(browser, ADMIN, /\/$/);
  let createdAt = '';
  await expect
    .poll(async () => {
      const rows = (await rest(
        admin,
        ADMIN,
        'GET',
        'notification_deliveries?select=status,created_at,recipient,payload&channel=eq.email&order=created_at.desc&limit=50',
      )) as { status: string; created_at: string; recipient: string; payload: { process_id?: number } }[];
      const mine = rows.find((d) => d.payload.process_id === processId);
      createdAt = mine?.created_at ?? '';
      return mine ? `${mine.recipient} ${mine.status}` : 'none';
    })
    .toBe(`${MARIA} sent`);
  await admin.goto('/notificacoes-envios');
  await expect(admin.getByRole('heading', { level: 1, name: 'Envios de notificações' })).toBeVisible();
  await admin.getByLabel('Situação').selectOption({ label: 'Enviado' });
  const queuedAt = new Date(createdAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  const when = `${localDate(queuedAt)} ${pad(queuedAt.getHours())}:${pad(queuedAt.getMinutes())}`;
  // No journey runs beside this one: the newest e-mail sent is this stage change's.
  const newest = admin.getByRole('row').nth(1);
  await expect(newest).toContainText(when, { timeout: 15_000 });
  await expect(newest).toContainText(MARIA);
  await expect(newest).toContainText('Seu processo mudou de etapa');
  await expect(newest.getByText('Enviado', { exact: true })).toBeVisible();
  await expect(newest.getByRole('button', { name: /Reenviar/ })).toHaveCount(0);
  await admin.screenshot({ path: 'e2e/artifacts/notify-envios.png', fullPage: true });

  await Promise.all([maria.context().close(), staff.context().close(), admin.context().close()]);
});
