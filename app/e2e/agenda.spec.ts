import { expect, test, type Browser, type Page } from '@playwright/test';
import { officeDate } from './support/office-clock';
import { signInAs } from './support/sign-in';

// Journeys of the agenda area: appointments, tasks, the CRM board and the office settings seen in the portal.
// Every record is created here with a unique name, so other specs' data and counts are left alone.
const ADMIN = 'admin@escritorio.test';
const COMMERCIAL = 'comercial@escritorio.test';
const MARIA = 'maria.silva@cliente.test';

const signIn = (browser: Browser, email: string, landing: RegExp) => signInAs(browser, email, { landing });

// The calendar shows the office's week (Sunday to Saturday, in the seed's America/New_York), whatever the
// machine's clock zone: the appointment goes on the office's next weekday, a week ahead on a Friday or Saturday.
function nextOfficeWeekday(): { iso: string; inNextWeek: boolean } {
  const day = new Date(`${officeDate()}T12:00:00Z`);
  const todayWeekday = day.getUTCDay();
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return { iso: day.toISOString().slice(0, 10), inNextWeek: todayWeekday >= 5 };
}

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1000)}`;

test('staff creates an appointment and finds it in the calendar list', async ({ browser }) => {
  const page = await signIn(browser, ADMIN, /\/$/);
  await page.goto('/agendamentos');
  await expect(page.getByRole('heading', { level: 1, name: 'Agendamentos' })).toBeVisible();
  const title = `Consulta E2E ${unique()}`;
  await page.getByRole('button', { name: 'Novo agendamento' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Cliente').selectOption({ label: 'Maria Silva' });
  await dialog.getByLabel('Responsável').selectOption({ label: 'Ana Administradora' });
  await dialog.getByLabel('Título (opcional)').fill(title);
  const { iso, inNextWeek } = nextOfficeWeekday();
  // an hour of its own, so that a second run on the same stack does not meet the first run's appointment
  const hour = String(8 + (Date.now() % 9)).padStart(2, '0');
  await dialog.getByLabel('Data').fill(iso);
  await dialog.getByLabel('Horário').fill(`${hour}:00`);
  await dialog.getByLabel('Tipo').selectOption('online');
  await dialog.getByLabel('Link da reunião').fill('https://meet.google.com/e2e-test');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Agendamento salvo')).toBeVisible();

  // a second one at the same time for the same person is warned about
  await page.getByRole('button', { name: 'Novo agendamento' }).click();
  await dialog.getByLabel('Responsável').selectOption({ label: 'Ana Administradora' });
  await dialog.getByLabel('Data').fill(iso);
  await dialog.getByLabel('Horário').fill(`${hour}:30`);
  await expect(dialog.getByText('Conflito de horário')).toBeVisible();
  await expect(dialog.getByText(title)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Lista' }).click();
  if (inNextWeek)
    await page
      .getByRole('button', { name: /Próximo/ })
      .first()
      .click();
  await expect(page.getByText(`${title} — Maria Silva`).first()).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/agenda-calendar.png', fullPage: true });
});

test('staff creates a task, sees it in Minhas tarefas and comments on it', async ({ browser }) => {
  const page = await signIn(browser, ADMIN, /\/$/);
  await page.goto('/tarefas');
  const title = `Protocolar I-765 E2E ${unique()}`;
  await page.getByRole('button', { name: 'Nova tarefa' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByLabel('Prazo').fill('2020-01-02');
  await dialog.getByLabel('Prioridade').selectOption('alta');
  await dialog.getByLabel('Cliente').selectOption({ label: 'Maria Silva' });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Tarefa salva')).toBeVisible();

  await page.getByRole('button', { name: 'Minhas tarefas' }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-overdue', 'true');
  await expect(row.getByText('Atrasada')).toBeVisible();

  await row.getByRole('button', { name: title }).click();
  await dialog.getByLabel('Escreva um comentário...').fill('Documentos conferidos.');
  await dialog.getByRole('button', { name: 'Comentar' }).click();
  // the comment shows in the list (realtime may bring it before the box empties), then the box empties
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Documentos conferidos.' })).toBeVisible();
  await expect(dialog.getByLabel('Escreva um comentário...')).toHaveValue('');
  await page.keyboard.press('Escape');

  await row.getByRole('checkbox').click();
  await page.getByLabel('Situação').selectOption('done');
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
});

/** The count in a CRM column's header ("1.234" in pt-BR), once the board has it. */
async function stageCount(page: Page, stage: string): Promise<number> {
  const count = page.locator(`section[data-stage="${stage}"] h2 [data-testid="stage-count"]`);
  await expect(count).toHaveText(/\d/);
  return Number((await count.innerText()).replace(/\./g, ''));
}
const countText = (page: Page, stage: string) =>
  page.locator(`section[data-stage="${stage}"] h2 [data-testid="stage-count"]`);

test('commercial drags a lead to another stage of the CRM board', async ({ browser }) => {
  const page = await signIn(browser, COMMERCIAL, /\/$/);
  await page.goto('/crm');
  // the headers count every lead of each stage in the database
  const novo = await stageCount(page, 'novo');
  const proposta = await stageCount(page, 'proposta');
  const name = `Lead E2E ${unique()}`;
  await page.getByRole('button', { name: 'Novo lead' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('Origem').selectOption('instagram');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Lead salvo')).toBeVisible();

  const card = page.locator(`[data-lead="${name}"]`);
  await expect(page.locator('section[data-stage="novo"]').locator(`[data-lead="${name}"]`)).toBeVisible();
  await expect(countText(page, 'novo')).toHaveText((novo + 1).toLocaleString('pt-BR'));
  const target = page.locator('section[data-stage="proposta"]');
  const from = (await card.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 40, { steps: 15 });
  await page.mouse.up();
  await expect(page.getByText('Lead movido para Proposta')).toBeVisible();
  await expect(target.locator(`[data-lead="${name}"]`)).toBeVisible();
  // the counts follow the card
  await expect(countText(page, 'proposta')).toHaveText((proposta + 1).toLocaleString('pt-BR'));
  await expect(countText(page, 'novo')).toHaveText(novo.toLocaleString('pt-BR'));

  // the search runs on the server for counts and columns alike
  await page.getByRole('searchbox', { name: 'Buscar leads' }).fill(name);
  await expect(countText(page, 'proposta')).toHaveText('1');
  await expect(countText(page, 'novo')).toHaveText('0');
  await expect(page.locator('section[data-stage="novo"]').getByText('Nenhum lead')).toBeVisible();
  await expect(target.locator(`[data-lead="${name}"]`)).toBeVisible();

  // the move is stored: it survives a reload and is in the lead's history
  await page.reload();
  await expect(page.locator('section[data-stage="proposta"]').locator(`[data-lead="${name}"]`)).toBeVisible();
  await page.locator(`[data-lead="${name}"]`).getByText(name).click();
  await expect(page.getByRole('dialog').getByText('Novo → Proposta')).toBeVisible();
});

test('the office name saved in Configurações is what the client sees in the portal', async ({ browser }) => {
  const admin = await signIn(browser, ADMIN, /\/$/);
  await admin.goto('/configuracoes');
  const office = `Escritório Agenda ${unique()}`;
  await admin.getByLabel('Nome do escritório').fill(office);
  await admin.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(admin.getByText('Configurações salvas')).toBeVisible();
  await expect(admin.getByText(office, { exact: true }).first()).toBeVisible();

  // another browser, another person: the name comes from the database, not from this browser
  const client = await signIn(browser, MARIA, /\/cliente$/);
  await expect(client.getByText(office).first()).toBeVisible({ timeout: 15_000 });
  await client.goto('/cliente/agendamentos');
  await expect(client.getByRole('heading', { level: 1, name: 'Meus Agendamentos' })).toBeVisible();
  await expect(client.getByText('Você não tem agendamentos.')).toHaveCount(0);
});

test('the administrator changes how often and how many times clients are reminded to sign, then restores it', async ({
  browser,
}) => {
  const admin = await signIn(browser, ADMIN, /\/$/);
  await admin.goto('/configuracoes');
  const days = admin.getByLabel('Lembrar o cliente de assinar a cada (dias)');
  const max = admin.getByLabel('Máximo de lembretes (0 = nenhum)');
  await expect(days).toBeVisible();
  const before = { days: await days.inputValue(), max: await max.inputValue() };
  const save = admin.getByRole('button', { name: 'Salvar configurações' });

  // out of range: refused with the field's message, nothing saved
  await days.fill('61');
  await save.click();
  await expect(admin.getByText('Informe um número inteiro de 1 a 60 dias')).toBeVisible();
  await expect(admin.getByText('Configurações salvas')).toHaveCount(0);

  await days.fill('9');
  await max.fill('2');
  await save.click();
  await expect(admin.getByText('Configurações salvas')).toBeVisible();
  // what the database holds, read again by a new page
  await admin.reload();
  await expect(days).toHaveValue('9');
  await expect(max).toHaveValue('2');

  await days.fill(before.days);
  await max.fill(before.max);
  await save.click();
  await expect(admin.getByText('Configurações salvas').last()).toBeVisible();
  await admin.reload();
  await expect(days).toHaveValue(before.days);
  await expect(max).toHaveValue(before.max);
});

test("an appointment booked from São Paulo at 10:00 is 10:00 on the office's clock, in the portal from Lisbon too", async ({
  browser,
}) => {
  // Neither browser keeps the office's clock (New York): both must show and read New York's time.
  const page = await signInAs(browser, ADMIN, { landing: /\/$/, context: { timezoneId: 'America/Sao_Paulo' } });
  await page.goto('/agendamentos');
  await expect(page.getByText(/^Horários no fuso do escritório \(Nova York, E[SD]T\)$/)).toBeVisible();
  const title = `Fuso E2E ${unique()}`;
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await page.getByRole('button', { name: 'Novo agendamento' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Cliente').selectOption({ label: 'Maria Silva' });
  await dialog.getByLabel('Título (opcional)').fill(title);
  await dialog.getByLabel('Data').fill(day);
  await dialog.getByLabel('Horário').fill('10:00');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Agendamento salvo')).toBeVisible();

  const client = await signInAs(browser, MARIA, { landing: /\/cliente$/, context: { timezoneId: 'Europe/Lisbon' } });
  await client.goto('/cliente/agendamentos');
  const [y, m, d] = day.split('-');
  const card = client.locator('[data-slot="card"]').filter({ hasText: title });
  await expect(card.getByText(`${d}/${m}/${y} 10:00`)).toBeVisible();
  await expect(client.getByText(/^Horários no fuso do escritório \(Nova York, E[SD]T\)$/)).toBeVisible();
});
