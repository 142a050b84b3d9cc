import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signInAs } from './support/sign-in';

// The basics of the agenda and the layout, on a desktop and on a phone: a double booking asks before it is saved,
// the portal refuses a request outside the office's hours (the database's pt-BR message, in the dialog), the
// portal shows no English status word, the family card's labels never overlap and the agenda and Tarefas
// agendadas do not scroll sideways. Appointments made here are far ahead, named uniquely and removed at the end;
// the portal's refused requests write nothing.

const ADMIN = 'admin@escritorio.test';
const MARIA = 'maria.silva@cliente.test';
const MARIA_CLIENT = 'c0000000-0000-4000-8000-000000000001';
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1000)}`;

/** yyyy-MM-dd of the first day with this ISO weekday (1 = Monday) at least `days` days from now. */
function weekdayAhead(isoWeekday: number, days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  while (((date.getDay() + 6) % 7) + 1 !== isoWeekday) date.setDate(date.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const sizes = await page.evaluate(() => {
    // The e2e project has no DOM typings: the two figures the check needs.
    const w = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
    return { scroll: w.document.documentElement.scrollWidth, inner: w.innerWidth };
  });
  expect(sizes.scroll, `scrollWidth ${sizes.scroll} > innerWidth ${sizes.inner}`).toBeLessThanOrEqual(sizes.inner);
}

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x + 0.5 < b.x + b.width && b.x + 0.5 < a.x + a.width && a.y + 0.5 < b.y + b.height && b.y + 0.5 < a.y + a.height;

/** No two of the visible labels, badges, links and buttons of the card overlap. */
async function expectNoOverlappingLabels(card: Locator) {
  const parts = card.locator('label, [data-slot="badge"], a, button, h3');
  const boxes: { text: string; box: Box }[] = [];
  for (const part of await parts.all()) {
    const box = await part.boundingBox();
    if (box && box.width > 0 && box.height > 0) boxes.push({ text: (await part.innerText()).trim(), box });
  }
  expect(boxes.length).toBeGreaterThan(2);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      expect(intersects(a.box, b.box), `"${a.text}" overlaps "${b.text}"`).toBe(false);
    }
  }
}

async function newAppointment(page: Page, title: string, day: string, time: string) {
  await page.getByRole('button', { name: 'Novo agendamento' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Responsável').selectOption({ label: 'Daniela Secretária' });
  await dialog.getByLabel('Título (opcional)').fill(title);
  await dialog.getByLabel('Data').fill(day);
  await dialog.getByLabel('Horário').fill(time);
  return dialog;
}

for (const { name, viewport } of VIEWPORTS) {
  test(`a double booking asks for confirmation before it is saved (${name})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await signInAs(browser, ADMIN, { context: { viewport } });
    await page.goto('/agendamentos');
    await expect(page.getByRole('heading', { level: 1, name: 'Agendamentos' })).toBeVisible({ timeout: 15_000 });
    await expectNoSidewaysScroll(page);
    const day = weekdayAhead(2, name === 'phone' ? 420 : 400);
    const first = `Reunião E2E ${unique()}`;
    let dialog = await newAppointment(page, first, day, '10:00');
    await expect(dialog.getByText('Conflito de horário')).toBeHidden();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Agendamento salvo').first()).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();

    const second = `Reunião E2E ${unique()}`;
    dialog = await newAppointment(page, second, day, '10:30');
    await expect(dialog.getByText('Conflito de horário')).toBeVisible();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    let confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('heading', { name: 'Conflito de horário' })).toBeVisible();
    await expect(confirm.getByText(first)).toBeVisible();
    await expectNoSidewaysScroll(page);
    // going back keeps the form open and saves nothing; a free slot then saves without asking
    await confirm.getByRole('button', { name: 'Voltar e mudar o horário' }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Horário').fill('11:00');
    await expect(dialog.getByText('Conflito de horário')).toBeHidden();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(page.getByRole('dialog')).toBeHidden();

    // a real double booking goes through only after "Agendar mesmo assim"
    const third = `Reunião E2E ${unique()}`;
    dialog = await newAppointment(page, third, day, '10:15');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Agendar mesmo assim' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    // the three are stored (the double booking included); then removed, as this administrator
    expect(await removeAppointments(page, [first, second, third])).toBe(3);
  });

  test(`the portal refuses a request outside the office's hours, in Portuguese (${name})`, async ({ browser }) => {
    const page = await signInAs(browser, MARIA, { landing: /\/cliente/, context: { viewport } });
    await page.goto('/cliente/agendamentos');
    await expect(page.getByRole('heading', { level: 1, name: 'Meus Agendamentos' })).toBeVisible({ timeout: 15_000 });
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Solicitar agendamento' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Atendimento: segunda a sexta, das 09:00 às 18:00.')).toBeVisible();
    await dialog.getByLabel('Data').fill(weekdayAhead(6, 30));
    await dialog.getByLabel('Horário').fill('10:00');
    await dialog.getByRole('button', { name: 'Enviar solicitação' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('O escritório não atende aos sábados. Escolha outro dia.');
    await dialog.getByLabel('Data').fill(weekdayAhead(3, 30));
    await dialog.getByLabel('Horário').fill('07:00');
    await dialog.getByRole('button', { name: 'Enviar solicitação' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Fora do horário de atendimento: às quartas-feiras o escritório atende das 09:00 às 18:00. Escolha outro horário.',
    );
    await expect(dialog).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test(`client page family card, agenda and Tarefas agendadas fit the screen (${name})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await signInAs(browser, ADMIN, { context: { viewport } });
    await page.goto(`/clientes/${MARIA_CLIENT}`);
    const card = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Família' }) });
    await expect(card.getByText('Dependente', { exact: true })).toBeVisible();
    await expectNoOverlappingLabels(card);
    await expectNoSidewaysScroll(page);

    await page.goto('/agendamentos');
    await expect(page.getByRole('heading', { level: 1, name: 'Agendamentos' })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.fc')).toBeVisible();
    await expectNoSidewaysScroll(page);
    // the week's day headings stay inside their own columns
    const headings = await page.locator('.fc-col-header-cell-cushion').all();
    expect(headings).toHaveLength(7);
    const boxes = await Promise.all(headings.map((h) => h.boundingBox()));
    for (let i = 1; i < boxes.length; i++) {
      expect(intersects(boxes[i - 1]!, boxes[i]!), `day headings ${i} and ${i + 1} overlap`).toBe(false);
    }
    for (const view of ['Mês', 'Semana', 'Dia', 'Lista']) {
      const button = page.getByRole('button', { name: view, exact: true });
      if (await button.isVisible()) {
        await button.click();
        await expectNoSidewaysScroll(page);
      }
    }

    await page.goto('/integracoes/tarefas-agendadas');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('table').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
}

for (const { name, viewport } of VIEWPORTS) {
  test(`the portal shows every status in Portuguese, never the stored English code (${name})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await signInAs(browser, MARIA, { landing: /\/cliente/, context: { viewport } });
    const english =
      /\b(sent|accepted|declined|expired|paid|pending|overdue|draft|active|cancell?ed|completed|partial|scheduled|fulfilled|in progress|archived|approved|refunded|failed)\b/i;
    const seen: string[] = [];
    async function check(where: string) {
      await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0, { timeout: 15_000 });
      await expect(page.getByText('Carregando...')).toHaveCount(0, { timeout: 15_000 });
      const text = await page.locator('body').innerText();
      const found = text.match(english);
      seen.push(where);
      expect(found?.[0], `"${found?.[0]}" on ${where}`).toBeUndefined();
    }
    for (const path of ['/cliente', '/cliente/processos', '/cliente/documentos', '/cliente/agendamentos']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
      await check(path);
    }
    await page.goto('/cliente/processos');
    const firstProcess = page.locator('a[href^="/cliente/processos/"]').first();
    if (await firstProcess.isVisible()) {
      await firstProcess.click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
      await check(page.url());
    }
    await page.goto('/cliente/financeiro');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    for (const tab of await page.getByRole('tab').all()) {
      const label = (await tab.innerText()).trim();
      await tab.click();
      await check(`/cliente/financeiro (${label})`);
      const details = page.getByRole('tabpanel').getByRole('button', { name: /^Ver detalhes/ });
      for (const button of (await details.all()).slice(0, 4)) {
        await button.click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await check(`/cliente/financeiro (${label}, detalhes)`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
      }
    }
    expect(seen.length).toBeGreaterThan(5);
  });
}

/** Deletes this journey's appointments (by title) through the REST API as the administrator; how many there were. */
async function removeAppointments(page: Page, titles: string[]): Promise<number> {
  const env = await page.evaluate(
    () => (globalThis as unknown as { __ENV__: { SUPABASE_URL: string; SUPABASE_ANON_KEY: string } }).__ENV__,
  );
  const auth = await page.request.post(`${env.SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    headers: { apikey: env.SUPABASE_ANON_KEY },
    data: { email: ADMIN, password: DEMO_PASSWORD },
  });
  expect(auth.ok()).toBeTruthy();
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const list = titles.map((t) => `"${t}"`).join(',');
  const removed = await page.request.delete(
    `${env.SUPABASE_URL}/rest/v1/appointments?title=in.(${encodeURIComponent(list)})`,
    { headers: { apikey: env.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}`, Prefer: 'return=representation' } },
  );
  expect(removed.ok()).toBeTruthy();
  return ((await removed.json()) as unknown[]).length;
}
