import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs } from './support/api';
import { signInAs } from './support/sign-in';

// Staff app, part 1: dashboard, clients, users, integrations, menus per role, login errors, 404.
// The database is shared with other journeys: only data created here (unique e-mails) is changed.

const PASSWORD = 'Demo@12345';
const ADMIN = 'admin@escritorio.test';
const ASSISTANT = 'assistente@escritorio.test';
const COMMERCIAL = 'comercial@escritorio.test';
const SECRETARY = 'secretaria@escritorio.test';

function unique(prefix: string): { name: string; email: string } {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return { name: `${prefix} ${stamp}`, email: `${prefix.toLowerCase().replace(/\s+/g, '.')}.${stamp}@cliente.test` };
}

const signIn = (browser: Browser, email: string, password = PASSWORD, landing: RegExp = /\/$/) =>
  signInAs(browser, email, { landing, password });

async function createClient(page: Page, client: { name: string; email: string }, password: string) {
  await page.goto('/clientes');
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await page.getByRole('button', { name: 'Novo Cliente' }).click();
  const dialog = page.getByRole('dialog');
  const submit = dialog.getByRole('button', { name: 'Cadastrar Cliente' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Nome completo').fill(client.name);
  await dialog.getByLabel('Email').fill(client.email);
  await dialog.getByLabel('Senha').fill(password);
  await dialog.getByLabel('Telefone (opcional)').fill('+1 555 010 9999');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Cliente cadastrado com sucesso')).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toBeHidden();
}

function menu(page: Page) {
  return page.getByRole('navigation', { name: 'Menu principal' });
}

async function expectMenu(page: Page, present: string[], absent: string[]) {
  const nav = menu(page);
  for (const label of present) {
    await expect(
      nav.getByRole('link', { name: label, exact: true }).or(nav.getByRole('button', { name: label, exact: true })),
    ).toBeVisible();
  }
  for (const label of absent) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: label, exact: true })).toHaveCount(0);
  }
}

test('the administrator signs in and sees the dashboard', async ({ browser }) => {
  const page = await signIn(browser, ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  for (const stat of ['Total de Clientes', 'Processos Ativos', 'Receita Mensal', 'Tarefas Pendentes']) {
    const card = page.getByRole('group', { name: stat });
    await expect(card).toBeVisible();
    // a figure from the database; a trend only where last month's data allows one, never a sample
    await expect(card.getByTestId('stat-value')).not.toHaveText('', { timeout: 15_000 });
  }
  await expect(page.getByText('tendência de exemplo')).toHaveCount(0);
  // Seed: at least the two demo clients, computed from the clients table.
  const total = Number(
    await page.getByRole('group', { name: 'Total de Clientes' }).getByTestId('stat-value').textContent(),
  );
  expect(total).toBeGreaterThanOrEqual(2);
  const quick = page.getByRole('navigation', { name: 'Acesso rápido' });
  await expect(quick.getByRole('link')).toHaveCount(6);
  await expect(page.getByRole('heading', { name: 'Próximos Agendamentos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tarefas Recentes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Documentos Recentes' })).toBeVisible();
  // the newest document of the database (the seed's, or one another journey added before this one)
  const [newest] = (await apiAs(page, ADMIN, 'GET', 'client_documents?select=name&order=created_at.desc&limit=1')) as {
    name: string;
  }[];
  await expect(page.getByText(newest.name, { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: 'e2e/artifacts/staff-dashboard.png', fullPage: true });
});

test('the administrator creates a client who can then sign in to the portal', async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await signIn(browser, ADMIN);
  const client = unique('Cliente Teste');
  const password = `Inicial@${Date.now() % 100000}`;
  await createClient(page, client, password);

  await expect(page.getByText(client.name, { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Buscar cliente').fill(client.email.toUpperCase());
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('link', { name: `Mensagem: ${client.name}` })).toHaveAttribute(
    'href',
    /\/clientes\/[0-9a-f-]+\/mensagens$/,
  );
  await page.getByRole('tab', { name: 'Grade' }).click();
  // Detalhes opens the client's page
  await expect(page.getByRole('link', { name: `Detalhes: ${client.name}` })).toHaveAttribute(
    'href',
    /\/clientes\/[0-9a-f-]+$/,
  );
  await page.screenshot({ path: 'e2e/artifacts/staff-clientes.png', fullPage: true });
  await page.getByLabel('Buscar cliente').fill('nada-corresponde-a-isto');
  await expect(page.getByText('Nenhum resultado para sua busca. Tente outro termo.').first()).toBeVisible();

  const portal = await signIn(browser, client.email, password, /\/cliente$/);
  await expect(portal).toHaveURL(/\/cliente$/);
  await portal.screenshot({ path: 'e2e/artifacts/staff-new-client-portal.png', fullPage: true });
});

test("a client's role cannot be changed into a staff role", async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await signIn(browser, ADMIN);
  const client = unique('Funcao Teste');
  await createClient(page, client, 'Troca@12345');

  await page.goto('/usuarios');
  await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
  // the demo users (the oldest, on the first page) are untouched
  await expect(page.getByRole('combobox', { name: 'Função de Bruno Assistente' })).toHaveText(/Assistente Legal/, {
    timeout: 15_000,
  });
  // the list is paged on the server: the new client is found by searching
  await page.getByRole('searchbox', { name: 'Buscar usuários por nome ou e-mail' }).fill(client.name);
  await expect(page.getByTestId('pager-label')).toHaveText('1-1 de 1', { timeout: 15_000 });
  // staff or client, never both: the client's row offers no staff role (role changes of staff: trust.spec.ts)
  const role = page.getByRole('combobox', { name: `Função de ${client.name}` });
  await expect(role).toHaveText(/Cliente/, { timeout: 15_000 });
  await expect(role).toBeDisabled();
  await expect(role).toHaveAttribute('title', 'Um cliente não pode receber uma função da equipe.');
  await page.screenshot({ path: 'e2e/artifacts/staff-usuarios.png', fullPage: true });
});

test('the administrator saves the S3 settings and sees Conectado', async ({ browser }) => {
  const page = await signIn(browser, ADMIN);
  await page.goto('/integracoes');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrações' })).toBeVisible();
  for (const name of ['Amazon S3', 'WhatsApp Business']) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible({ timeout: 15_000 });
  }
  // no card whose Conectar would only announce itself
  for (const name of ['Facebook', 'Instagram', 'Dropbox', 'Dropbox Sign', 'Google Calendar', 'Stripe']) {
    await expect(page.getByRole('heading', { name, exact: true })).toHaveCount(0);
  }
  // Another run may have configured it already: then the card offers Reconfigurar.
  const open = page
    .getByRole('button', { name: 'Conectar Amazon S3' })
    .or(page.getByRole('button', { name: 'Reconfigurar Amazon S3' }));
  await open.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Access Key ID').fill('AKIAE2ETEST0000001');
  await dialog.getByLabel('Secret Access Key').fill(`segredo-${Date.now()}`);
  await dialog.getByLabel('Região').fill('us-east-1');
  await dialog.getByLabel('Bucket').fill('escritorio-documentos');
  await dialog.getByRole('button', { name: 'Salvar Configuração' }).click();
  await expect(page.getByText('Integração com AWS S3 configurada')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Conectado', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Conectar Amazon S3' })).toHaveCount(0);

  await page.screenshot({ path: 'e2e/artifacts/staff-integracoes.png', fullPage: true });
});

test('the legal assistant has no Usuários or Integrações and gets Acesso Restrito on /usuarios', async ({
  browser,
}) => {
  const page = await signIn(browser, ASSISTANT);
  await expectMenu(
    page,
    [
      'Dashboard',
      'Clientes',
      'Processos',
      'Financeiro',
      'Agendamentos',
      'Tarefas',
      'Relatórios',
      'Configurações',
      'Logotipo',
    ],
    ['Usuários', 'Integrações', 'CRM'],
  );
  await page.goto('/usuarios');
  await expect(page.getByText('Acesso Restrito')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/não tem permissão para gerenciar usuários/)).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.screenshot({ path: 'e2e/artifacts/staff-usuarios-restrito.png', fullPage: true });
});

test('the secretary and the commercial user see their menus', async ({ browser }) => {
  const secretary = await signIn(browser, SECRETARY);
  await expectMenu(
    secretary,
    ['Dashboard', 'Clientes', 'Processos', 'Agendamentos', 'Tarefas', 'Configurações', 'Logotipo'],
    ['Financeiro', 'CRM', 'Relatórios', 'Integrações', 'Usuários'],
  );
  await secretary.screenshot({ path: 'e2e/artifacts/staff-menu-secretaria.png', fullPage: true });

  const commercial = await signIn(browser, COMMERCIAL);
  await expectMenu(
    commercial,
    // Financeiro holds only Orçamentos for commercial: the quotes it sells (DESIGN section 9)
    ['Dashboard', 'Clientes', 'Processos', 'Agendamentos', 'Tarefas', 'CRM', 'Financeiro', 'Configurações', 'Logotipo'],
    ['Relatórios', 'Integrações', 'Usuários'],
  );
  await commercial
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'CRM', exact: true })
    .click();
  await expect(commercial.getByRole('heading', { level: 1, name: 'CRM' })).toBeVisible();
  await commercial.screenshot({ path: 'e2e/artifacts/staff-menu-comercial.png', fullPage: true });
});

test('a wrong password shows Email ou senha inválidos', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(COMMERCIAL);
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText('Email ou senha inválidos')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/auth$/);
  await page.screenshot({ path: 'e2e/artifacts/staff-login-erro.png', fullPage: true });
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto(`/caminho-que-nao-existe-${Date.now()}`);
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
  await page.screenshot({ path: 'e2e/artifacts/staff-404.png', fullPage: true });
});

test('Meu Perfil shows the e-mail read-only and validates the name', async ({ browser }) => {
  const page = await signIn(browser, SECRETARY);
  await page.goto('/perfil');
  await expect(page.getByRole('heading', { level: 1, name: 'Meu Perfil' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(SECRETARY);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  const name = page.getByLabel('Nome completo');
  await expect(name).not.toHaveValue('', { timeout: 15_000 });
  // Saving the current name again: the update round-trips without changing what other journeys read.
  const current = await name.inputValue();
  await name.fill(`  ${current}  `);
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Perfil atualizado com sucesso!')).toBeVisible({ timeout: 15_000 });
  await expect(name).toHaveValue(current);
  await name.fill('Da');
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('O nome deve ter pelo menos 3 caracteres')).toBeVisible();

  // The office name and logo are set in Configurações by administrators: nothing about them here for a secretary.
  await expect(page.getByLabel('Nome do escritório')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Abrir Configurações do escritório' })).toHaveCount(0);
  await page.screenshot({ path: 'e2e/artifacts/staff-perfil.png', fullPage: true });
});

test('Meu Perfil sends administrators to Configurações for the office name and logo', async ({ browser }) => {
  const page = await signIn(browser, ADMIN);
  await page.goto('/perfil');
  await page.getByRole('link', { name: 'Abrir Configurações do escritório' }).click();
  await expect(page).toHaveURL(/\/configuracoes$/);
  await expect(page.getByLabel('Nome do escritório')).toBeVisible();
});
