import { expect, test, type Browser, type Page } from '@playwright/test';

// Auth journeys (desktop): a staff invitation goes by e-mail (the local mail sink, INBUCKET_URL) to
// /definir-senha and into the staff area; a client signs in with the magic link from /auth; an invited
// administrator enrols an authenticator in Meu Perfil with a code computed here (RFC 6238), requires the
// second factor of the staff in Configurações, and the next invited member meets the enrolment screen
// before the staff area opens. Every account is created here with a unique address; the office setting
// is turned off again at the end (other journeys sign staff in without a second factor).

const PASSWORD = 'Demo@12345';
const NEW_PASSWORD = 'Convite2025';
const ADMIN = 'admin@escritorio.test';
const SECRETARY = 'secretaria@escritorio.test';
const INBUCKET_URL = (process.env.INBUCKET_URL ?? 'http://127.0.0.1:54324').replace(/\/$/, '');
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const INVITED_ADMIN = `admin.e2e.${RUN}@escritorio.test`;
const INVITED_SECRETARY = `secretaria.e2e.${RUN}@escritorio.test`;
const CLIENT = `cliente.link.${RUN}@cliente.test`;
const CLIENT_MFA = `cliente.totp.${RUN}@cliente.test`;

interface Env {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
}

// ---- RFC 6238 TOTP (SHA-1, 6 digits, 30 s) with Web Crypto, as an authenticator app computes it ----
interface Subtle {
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-1' },
    extractable: boolean,
    usages: string[],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}
const subtle = (globalThis as unknown as { crypto: { subtle: Subtle } }).crypto.subtle;

async function totp(secret: string, at = Date.now()): Promise<string> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = new Uint8Array((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = new Uint8Array(8);
  let step = Math.floor(at / 30_000);
  for (let i = 7; i >= 0; i--, step = Math.floor(step / 256)) counter[i] = step % 256;
  const mac = new Uint8Array(
    await subtle.sign(
      'HMAC',
      await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']),
      counter,
    ),
  );
  const offset = mac[mac.length - 1]! & 0xf;
  const value = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(value % 1_000_000).padStart(6, '0');
}

const usedSteps = new Map<string, number>();

/** A code that stays valid for a few seconds more (a code about to roll over could expire on its way), and
 * that the server has not accepted yet: a code opens one session only, so a second verification within the
 * same 30 s gives the next step's code (accepted one step ahead, as for a phone whose clock runs ahead). */
async function freshCode(secret: string): Promise<string> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 4_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
  const now = Math.floor(Date.now() / 30_000);
  const step = Math.max(now, (usedSteps.get(secret) ?? now - 1) + 1);
  if (step > now + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 200));
  usedSteps.set(secret, step);
  return totp(secret, step * 30_000);
}

// ---- the APIs, for what the journey prepares or checks outside the screens ----
async function env(page: Page): Promise<Env> {
  return page.evaluate(() => (globalThis as unknown as { __ENV__: Env }).__ENV__);
}

async function passwordToken(page: Page, email: string, password: string): Promise<string> {
  const e = await env(page);
  const r = await page.request.post(`${e.SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    headers: { apikey: e.SUPABASE_ANON_KEY },
    data: { email, password },
  });
  expect(r.ok(), `sign-in of ${email}: ${r.status()}`).toBeTruthy();
  return ((await r.json()) as { access_token: string }).access_token;
}

/** An aal2 token: password, then the verified TOTP factor's challenge and code. */
async function aal2Token(page: Page, email: string, password: string, secret: string): Promise<string> {
  const e = await env(page);
  const headers = (token: string) => ({ apikey: e.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}` });
  const token = await passwordToken(page, email, password);
  const user = (await (
    await page.request.get(`${e.SUPABASE_URL}/auth/v1/user`, { headers: headers(token) })
  ).json()) as {
    factors?: { id: string; status: string }[];
  };
  const factor = user.factors?.find((f) => f.status === 'verified');
  expect(factor, `${email} has a verified factor`).toBeTruthy();
  const base = `${e.SUPABASE_URL}/auth/v1/factors/${factor!.id}`;
  const challenge = (await (
    await page.request.post(`${base}/challenge`, { headers: headers(token), data: {} })
  ).json()) as { id: string };
  const verified = await page.request.post(`${base}/verify`, {
    headers: headers(token),
    data: { challenge_id: challenge.id, code: await freshCode(secret) },
  });
  expect(verified.ok(), `verify: ${verified.status()}`).toBeTruthy();
  return ((await verified.json()) as { access_token: string }).access_token;
}

async function api(page: Page, token: string, method: string, path: string, data?: unknown): Promise<unknown> {
  const e = await env(page);
  const r = await page.request.fetch(`${e.SUPABASE_URL}${path}`, {
    method,
    headers: { apikey: e.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}`, Prefer: 'return=representation' },
    data,
  });
  expect(r.ok(), `${method} ${path}: ${r.status()} ${await r.text()}`).toBeTruthy();
  return r.json();
}

interface MailSummary {
  id: string;
  subject: string;
}
interface Mail extends MailSummary {
  body: { text: string };
}

/** The link of the newest mail to `address` whose text holds `text` (polling the sink's Inbucket-shaped API). */
async function mailedLink(page: Page, address: string, text: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const list = await page.request.get(`${INBUCKET_URL}/api/v1/mailbox/${address}`);
        if (!list.ok()) return `sink answered ${list.status()}`;
        for (const summary of ((await list.json()) as MailSummary[]).reverse()) {
          const mail = (await (
            await page.request.get(`${INBUCKET_URL}/api/v1/mailbox/${address}/${summary.id}`)
          ).json()) as Mail;
          const found = mail.body.text.includes(text) ? /(https?:\/\/\S+)/.exec(mail.body.text) : null;
          if (found) {
            link = found[1]!;
            return 'arrived';
          }
        }
        return 'not yet';
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe('arrived');
  return link;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  return context.newPage();
}

async function signIn(browser: Browser, email: string, password = PASSWORD): Promise<Page> {
  const page = await newPage(browser);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/, { timeout: 20_000 });
  return page;
}

/** Opens an invitation's link and chooses the password: /definir-senha, then the landing page. */
async function acceptInvitation(browser: Browser, link: string): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(link);
  await expect(page).toHaveURL(/\/definir-senha/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Definir senha' })).toBeVisible();
  await page.getByLabel('Nova senha').fill(NEW_PASSWORD);
  await page.getByLabel('Confirmar senha').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Salvar senha e entrar' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$|localhost:\d+\/$/, { timeout: 20_000 });
  return page;
}

test.describe.serial('auth parity journeys', () => {
  let adminPage: Page;
  let invitedAdmin: Page;
  let invitedAdminSecret = '';

  test.beforeAll(async ({ browser }) => {
    adminPage = await signIn(browser, ADMIN);
  });

  test.afterAll(async () => {
    // whatever happened, other journeys need the office setting off
    if (invitedAdminSecret) {
      const token = await aal2Token(adminPage, INVITED_ADMIN, NEW_PASSWORD, invitedAdminSecret);
      await api(adminPage, token, 'PATCH', '/rest/v1/office_settings?id=eq.true', { require_staff_mfa: false });
    }
  });

  test('staff invitation: Convidar Novo Usuário → e-mail → /definir-senha → staff area', async ({ browser }) => {
    await adminPage.goto('/usuarios');
    await adminPage.getByRole('button', { name: 'Convidar Novo Usuário' }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByLabel('Nome completo').fill('Administradora Convidada');
    await dialog.getByLabel('Email').fill(INVITED_ADMIN);
    await dialog.getByLabel('Função').selectOption({ label: 'Administrador' });
    await dialog.getByRole('button', { name: 'Enviar convite' }).click();
    await expect(adminPage.getByText(`Convite enviado para ${INVITED_ADMIN}`)).toBeVisible();

    const link = await mailedLink(adminPage, INVITED_ADMIN, 'convidado');
    invitedAdmin = await acceptInvitation(browser, link);
    await expect(invitedAdmin.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
  });

  test('client magic link from /auth lands in the portal', async ({ browser }) => {
    const token = await passwordToken(adminPage, ADMIN, PASSWORD);
    await api(adminPage, token, 'POST', '/rest/v1/rpc/create_client_user', {
      email: CLIENT,
      password: `Cliente${RUN}`,
      full_name: 'Cliente Link Mágico',
    });
    const page = await newPage(browser);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(CLIENT);
    await page.getByRole('button', { name: 'Entrar com link por e-mail' }).click();
    await expect(page.getByText(`Enviamos um link para ${CLIENT}`)).toBeVisible();
    const link = await mailedLink(page, CLIENT, 'Para entrar');
    await page.goto(link);
    await expect(page).toHaveURL(/\/cliente$/, { timeout: 20_000 });
    await page.context().close();
  });

  test('a client with an authenticator resets the password: the code first, then the new password', async ({
    browser,
  }) => {
    const adminToken = await passwordToken(adminPage, ADMIN, PASSWORD);
    await api(adminPage, adminToken, 'POST', '/rest/v1/rpc/create_client_user', {
      email: CLIENT_MFA,
      password: `Cliente${RUN}`,
      full_name: 'Cliente Autenticador',
    });
    // the client enrols an authenticator (through the API, as Meu Perfil does)
    const token = await passwordToken(adminPage, CLIENT_MFA, `Cliente${RUN}`);
    const factor = (await api(adminPage, token, 'POST', '/auth/v1/factors', { factor_type: 'totp' })) as {
      id: string;
      totp: { secret: string };
    };
    const challenge = (await api(adminPage, token, 'POST', `/auth/v1/factors/${factor.id}/challenge`, {})) as {
      id: string;
    };
    await api(adminPage, token, 'POST', `/auth/v1/factors/${factor.id}/verify`, {
      challenge_id: challenge.id,
      code: await freshCode(factor.totp.secret),
    });
    // "forgot the password": the recovery link's session is password-less (aal1)
    const e = await env(adminPage);
    const target = new URL('/definir-senha', adminPage.url()).href;
    const asked = await adminPage.request.post(
      `${e.SUPABASE_URL}/auth/v1/recover?redirect_to=${encodeURIComponent(target)}`,
      { headers: { apikey: e.SUPABASE_ANON_KEY }, data: { email: CLIENT_MFA } },
    );
    expect(asked.ok()).toBeTruthy();
    const page = await newPage(browser);
    await page.goto(await mailedLink(page, CLIENT_MFA, 'redefinir sua senha'));
    await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible({ timeout: 20_000 });
    await expect(
      page.getByText(/digite o código de 6 dígitos do seu aplicativo autenticador para definir/),
    ).toBeVisible();
    await page.getByLabel('Código de verificação').fill(await freshCode(factor.totp.secret));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByRole('heading', { name: 'Definir senha' })).toBeVisible();
    await page.getByLabel('Nova senha').fill(NEW_PASSWORD);
    await page.getByLabel('Confirmar senha').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Salvar senha e entrar' }).click();
    await expect(page.getByText('Senha definida com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/cliente$/, { timeout: 20_000 });
    expect(await passwordToken(adminPage, CLIENT_MFA, NEW_PASSWORD)).toBeTruthy();
    await page.context().close();
  });

  test('TOTP in Meu Perfil, the office requires it, a new member enrols before the staff area opens', async ({
    browser,
  }) => {
    // two invitations, two enrolments and three sign-ins: more than one screen's time budget on a busy machine
    test.slow();
    // invited while the setting is off (afterwards an aal1 administrator is no administrator for the database)
    const adminToken = await passwordToken(adminPage, ADMIN, PASSWORD);
    await api(adminPage, adminToken, 'POST', '/functions/v1/invite-staff', {
      email: INVITED_SECRETARY,
      full_name: 'Secretária Convidada',
      role: 'secretary',
      redirect_to: `${new URL(adminPage.url()).origin}/definir-senha`,
    });

    // Meu Perfil: enrol an authenticator (the secret shown under the QR code) and confirm a computed code
    await invitedAdmin.goto('/perfil');
    await invitedAdmin.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
    await expect(invitedAdmin.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeVisible();
    invitedAdminSecret = ((await invitedAdmin.locator('code').first().textContent()) ?? '').trim();
    expect(invitedAdminSecret).toMatch(/^[A-Z2-7]{16,}$/);
    await invitedAdmin.getByLabel('Código de verificação').fill(await freshCode(invitedAdminSecret));
    await invitedAdmin.getByRole('button', { name: 'Confirmar código' }).click();
    await expect(invitedAdmin.getByRole('button', { name: /^Remover/ })).toBeVisible();

    // Configurações: this aal2 session may require the second factor of the staff
    await invitedAdmin.goto('/configuracoes');
    const requirement = invitedAdmin.getByRole('checkbox', { name: 'Exigir verificação em duas etapas para a equipe' });
    await expect(requirement).toBeEnabled();
    await requirement.click();
    await expect(invitedAdmin.getByText('Exigência ativada')).toBeVisible();

    // the database now refuses staff data to an aal1 staff session; clients' own data is untouched
    const secretaryToken = await passwordToken(adminPage, SECRETARY, PASSWORD);
    expect(await api(adminPage, secretaryToken, 'GET', '/rest/v1/clients?select=id')).toEqual([]);

    // the new member sets the password and meets the enrolment screen first
    const link = await mailedLink(adminPage, INVITED_SECRETARY, 'convidado');
    const member = await acceptInvitation(browser, link);
    await expect(member.getByRole('heading', { name: 'Configure a verificação em duas etapas' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(member.getByText(/O escritório exige a verificação em duas etapas para a equipe/)).toBeVisible();
    await member.getByRole('button', { name: 'Configurar aplicativo autenticador' }).click();
    await expect(member.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeVisible();
    const memberSecret = ((await member.getByTestId('totp-secret').textContent()) ?? '').trim();
    await member.getByLabel('Código de verificação').fill(await freshCode(memberSecret));
    await member.getByRole('button', { name: 'Confirmar e entrar' }).click();
    await expect(member.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
    await member.goto('/clientes');
    await expect(member.getByText('Maria Silva').first()).toBeVisible({ timeout: 20_000 });

    // signing in again at aal1: the code is asked before anything else
    const again = await newPage(browser);
    await again.goto('/auth');
    await again.getByLabel('Email').fill(INVITED_SECRETARY);
    await again.getByLabel('Senha', { exact: true }).fill(NEW_PASSWORD);
    await again.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(again.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible({ timeout: 20_000 });
    await again.getByLabel('Código de verificação').fill(await freshCode(memberSecret));
    await again.getByRole('button', { name: 'Verificar' }).click();
    await expect(again.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });

    // the administrator turns it off again (from the same aal2 session)
    await invitedAdmin.reload();
    await invitedAdmin.getByRole('checkbox', { name: 'Exigir verificação em duas etapas para a equipe' }).click();
    await expect(invitedAdmin.getByText('Exigência desativada')).toBeVisible();
    expect(
      ((await api(adminPage, secretaryToken, 'GET', '/rest/v1/clients?select=id')) as unknown[]).length,
    ).toBeGreaterThan(0);
  });
});
