import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signInAs } from './support/sign-in';

// Staff app, part 2: processes (stage, documents, receipts, court cases), finance and service interactions.
// The database is shared with other journeys: the data changed here is created here (unique names, a process
// of its own), seed rows are only read.

const PASSWORD = 'Demo@12345';
const ADMIN = 'admin@escritorio.test';
const ASSISTANT = 'assistente@escritorio.test';
const SECRETARY = 'secretaria@escritorio.test';

function stamp(): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`;
}

const signIn = (browser: Browser, email: string) => signInAs(browser, email);

/** A toast (or any text) that may appear more than once: the first one must show. */
async function expectText(page: Page, text: string, timeout = 15_000) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible({ timeout });
}

async function pick(page: Page, combobox: Locator, option: string | RegExp) {
  await combobox.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Chooses a process in the process picker (it replaced the numeric "ID do Processo"). */
async function pickProcess(page: Page, processId: number) {
  await page.getByRole('combobox', { name: 'Processo', exact: true }).click();
  await page.getByLabel('Buscar por cliente, tipo ou recibo').fill(`#${processId} `);
  await page
    .getByRole('option')
    .getByRole('button', { name: new RegExp(`^#${processId} ·`) })
    .click();
}

/** Creates a process of this journey's own through the REST API, as the signed-in administrator. */
async function createOwnProcess(page: Page, label: string): Promise<number> {
  const env = await page.evaluate(
    () => (globalThis as unknown as { __ENV__: { SUPABASE_URL: string; SUPABASE_ANON_KEY: string } }).__ENV__,
  );
  const auth = await page.request.post(`${env.SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    headers: { apikey: env.SUPABASE_ANON_KEY },
    data: { email: ADMIN, password: PASSWORD },
  });
  expect(auth.ok()).toBeTruthy();
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const created = await page.request.post(`${env.SUPABASE_URL}/rest/v1/processes`, {
    headers: { apikey: env.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}`, Prefer: 'return=representation' },
    data: {
      type: label,
      client_id: 'c0000000-0000-4000-8000-000000000001',
      category: 'Imigratório - USCIS',
      stage: 'Protocolado',
      status: 'em andamento',
    },
  });
  expect(created.ok()).toBeTruthy();
  const rows = (await created.json()) as { id: number }[];
  return rows[0].id;
}

async function openProcesses(page: Page) {
  await page.goto('/processos');
  await expect(page.getByRole('heading', { level: 1, name: 'Processos' })).toBeVisible();
}

test.describe('processes, receipts and court cases', () => {
  test.describe.configure({ timeout: 120_000 });

  test('stage update, document request, receipt and court checks', async ({ browser }) => {
    const page = await signIn(browser, ADMIN);
    const id = stamp();
    const processType = `Processo E2E ${id}`;
    const processId = await createOwnProcess(page, processType);

    // Processes tab: find the process, update its stage.
    await openProcesses(page);
    await page.getByLabel('Buscar processos').fill(processType);
    const row = page.getByRole('row').filter({ hasText: processType });
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    await expect(page.getByText('Mostrando 1-1 de 1 resultados')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Próximo' })).toBeDisabled();
    await page.screenshot({ path: 'e2e/artifacts/staff2-processos.png', fullPage: true });

    await row.getByRole('button', { name: `Ações do processo ${processId}` }).click();
    await page.getByRole('menuitem', { name: 'Atualizar estágio' }).click();
    const stageDialog = page.getByRole('dialog', { name: 'Atualizar estágio' });
    await pick(page, stageDialog.getByRole('combobox', { name: 'Estágio' }), /^RFE$/);
    await stageDialog.getByLabel('Mensagem (opcional)').fill(`Precisamos responder ao RFE ${id}`);
    await stageDialog.getByRole('button', { name: 'Salvar' }).click();
    await expectText(page, 'Estágio atualizado');
    // the toast says what the database really queued for this client (its channel consents decide)
    await expect(
      page.getByText(/Notificação enfileirada por|Cliente sem canal autorizado|Cliente sem acesso ao portal/).first(),
    ).toBeVisible();
    await expect(stageDialog).toBeHidden();
    await expect(row.getByText('RFE', { exact: true })).toBeVisible({ timeout: 15_000 });

    // Ver detalhes opens the process page; back to the list.
    await row.getByRole('button', { name: `Ações do processo ${processId}` }).click();
    await page.getByRole('menuitem', { name: 'Ver detalhes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${processType} · nº ${processId}` })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('RFE', { exact: true }).first()).toBeVisible();
    await openProcesses(page);
    await page.getByLabel('Buscar processos').fill(processType);
    await expect(row).toBeVisible({ timeout: 15_000 });

    // Documents: request one and mark it received.
    const documentName = `Comprovante E2E ${id}`;
    await row.getByRole('button', { name: `Ações do processo ${processId}` }).click();
    await page.getByRole('menuitem', { name: 'Documentos' }).click();
    const sheet = page.getByRole('dialog', { name: 'Documentos Solicitados' });
    await sheet.getByRole('button', { name: 'Solicitar Documento' }).click();
    await expect(sheet.getByText('Nome do documento é obrigatório')).toBeVisible();
    await sheet.getByLabel('Nome do documento').fill(documentName);
    await sheet.getByLabel('Descrição (opcional)').fill('Enviar em PDF.');
    await sheet.getByRole('button', { name: 'Solicitar Documento' }).click();
    await expectText(page, 'Documento solicitado');
    const item = sheet.getByTestId('document-request').filter({ hasText: documentName });
    await expect(item).toBeVisible({ timeout: 15_000 });
    await expect(item.getByRole('button', { name: 'Pendente' })).toHaveAttribute('aria-pressed', 'true');
    await item.getByRole('button', { name: 'Recebido' }).click();
    await expectText(page, 'Status atualizado');
    await expect(item.getByRole('button', { name: 'Recebido' })).toHaveAttribute('aria-pressed', 'true', {
      timeout: 15_000,
    });
    await page.screenshot({ path: 'e2e/artifacts/staff2-documentos.png', fullPage: true });
    await page.keyboard.press('Escape');

    // Forms library: search + category chip.
    await page.getByRole('tab', { name: 'Formulários' }).click();
    await page.getByLabel('Buscar formulários').fill('n-400');
    await expect(page.getByRole('cell', { name: 'N-400', exact: true })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Green Card', exact: true }).click();
    await expect(page.getByText('Nenhum formulário encontrado com os filtros atuais.')).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/staff2-formularios.png', fullPage: true });

    // Receipts: add, check one, see its history, check all.
    const receipt = `IOE${Date.now().toString().slice(-10)}`;
    await page.getByRole('tab', { name: 'Recibos USCIS' }).click();
    await expect(page.getByText('Recibos USCIS e Atualizações')).toBeVisible();
    const add = page.getByRole('button', { name: 'Adicionar' });
    await expect(add).toBeDisabled();
    await page.getByLabel('Número do Recibo').fill(receipt);
    await pickProcess(page, processId);
    await add.click();
    await expectText(page, 'Número de recibo adicionado');
    await expect(page.getByLabel('Número do Recibo')).toHaveValue('');
    const receiptRow = page.getByRole('row').filter({ hasText: receipt });
    await expect(receiptRow).toBeVisible({ timeout: 15_000 });
    await expect(receiptRow.getByText('Pendente', { exact: true })).toBeVisible();

    // The same number again is refused.
    await page.getByLabel('Número do Recibo').fill(receipt);
    await pickProcess(page, processId);
    await add.click();
    await expectText(page, 'Este número de recibo já está sendo acompanhado');

    await receiptRow.getByRole('button', { name: `Verificar ${receipt}` }).click();
    await expectText(page, 'Status verificado com sucesso', 30_000);
    await expect(receiptRow.getByText('Pendente', { exact: true })).toHaveCount(0, { timeout: 15_000 });
    await receiptRow.getByRole('button', { name: `Histórico ${receipt}` }).click();
    const history = page.getByTestId('receipt-history');
    await expect(history.getByText(`Histórico de Status — ${receipt}`)).toBeVisible();
    await expect(history.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: 'e2e/artifacts/staff2-recibos.png', fullPage: true });

    await page.getByRole('button', { name: 'Atualizar Todos' }).click();
    await expectText(page, 'Todos os status verificados com sucesso', 60_000);

    // Court cases: look up a new A-number; the case is selected and its history shown.
    const aNumber = `A${Date.now().toString().slice(-9)}`;
    await page.getByRole('tab', { name: 'Cortes EOIR' }).click();
    await expect(page.getByText('Casos na Corte EOIR')).toBeVisible();
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expectText(page, 'Número A e processo são obrigatórios');
    await page.getByLabel('Número A').fill(aNumber);
    await pickProcess(page, processId);
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expectText(page, 'Status na corte verificado com sucesso', 30_000);
    const caseRow = page.getByRole('row').filter({ hasText: aNumber });
    await expect(caseRow).toHaveAttribute('aria-selected', 'true', { timeout: 15_000 });
    const courtHistory = page.getByTestId('court-history');
    await expect(courtHistory.getByText(`Histórico do Caso — ${aNumber}`)).toBeVisible();
    await expect(courtHistory.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: 'e2e/artifacts/staff2-cortes.png', fullPage: true });

    await page.getByRole('button', { name: 'Atualizar Todos' }).click();
    await expectText(page, 'Todos os casos na corte verificados com sucesso', 60_000);
    await page.context().close();
  });
});

test.describe('finance', () => {
  test.describe.configure({ timeout: 120_000 });

  test('products, expenses and USCIS fees: add, edit, delete', async ({ browser }) => {
    const page = await signIn(browser, ADMIN);
    const id = stamp();

    await page.goto('/financeiro');
    await expect(page.getByRole('heading', { level: 1, name: 'Módulo Financeiro' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Acessar/ })).toHaveCount(7);
    await page.screenshot({ path: 'e2e/artifacts/staff2-financeiro.png', fullPage: true });

    // Products.
    const product = `Produto E2E ${id}`;
    await page.getByRole('link', { name: 'Acessar Produtos e Serviços' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos e Serviços' })).toBeVisible();
    await page.getByRole('button', { name: 'Adicionar' }).click();
    let dialog = page.getByRole('dialog', { name: 'Adicionar Produto' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expectText(page, 'Preencha todos os campos obrigatórios');
    await dialog.getByLabel('Nome *').fill(product);
    await dialog.getByLabel('Categoria *').fill('Testes E2E');
    await dialog.getByLabel('Preço (R$) *').fill('123.45');
    await dialog.getByLabel('Descrição').fill('Criado pelo teste de ponta a ponta.');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expectText(page, 'Produto criado');
    await page.getByLabel('Buscar produto ou categoria').fill(product);
    const productRow = page.getByRole('row').filter({ hasText: product });
    await expect(productRow.getByText('R$ 123,45')).toBeVisible({ timeout: 15_000 });
    await productRow.getByRole('button', { name: `Editar ${product}` }).click();
    dialog = page.getByRole('dialog', { name: 'Editar Produto' });
    await expect(dialog.getByLabel('Nome *')).toHaveValue(product);
    await dialog.getByLabel('Preço (R$) *').fill('200');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expectText(page, 'Produto atualizado');
    await expect(productRow.getByText('R$ 200,00')).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: 'e2e/artifacts/staff2-produtos.png', fullPage: true });
    await productRow.getByRole('button', { name: `Excluir ${product}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(
      confirm.getByText(`Tem certeza que deseja excluir ${product}? Esta ação não pode ser desfeita.`),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expectText(page, 'Produto excluído');
    await expect(page.getByText('Nenhum produto encontrado.')).toBeVisible({ timeout: 15_000 });

    // Expenses.
    const expense = `Despesa E2E ${id}`;
    await page.goto('/financeiro/despesas');
    await expect(page.getByRole('heading', { level: 1, name: 'Despesas' })).toBeVisible();
    await page.getByRole('button', { name: 'Adicionar Despesa' }).click();
    dialog = page.getByRole('dialog', { name: 'Adicionar Despesa' });
    await dialog.getByLabel('Descrição *').fill(expense);
    await dialog.getByLabel('Valor (R$) *').fill('50.10');
    await pick(page, dialog.getByRole('combobox', { name: 'Categoria' }), 'Aluguel');
    await dialog.getByLabel('Observações').fill('Teste');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expectText(page, 'Despesa adicionada');
    await page.getByLabel('Buscar despesas').fill(expense);
    const expenseRow = page.getByRole('row').filter({ hasText: expense });
    await expect(expenseRow.getByText('R$ 50,10')).toBeVisible({ timeout: 15_000 });
    await expect(expenseRow.getByText('Pendente', { exact: true })).toBeVisible();
    await expect(expenseRow.getByText('Aluguel')).toBeVisible();
    await page.getByRole('tab', { name: 'Pagas' }).click();
    await expect(page.getByText('Nenhuma despesa encontrada.')).toBeVisible();
    await page.getByRole('tab', { name: 'Todas' }).click();

    await expenseRow.getByRole('button', { name: `Marcar como paga ${expense}` }).click();
    dialog = page.getByRole('dialog', { name: 'Marcar como paga' });
    await dialog.getByLabel('Forma de Pagamento').fill('PIX');
    await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();
    await expectText(page, 'Despesa paga');
    await expect(expenseRow.getByText('Pago', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(expenseRow.getByRole('button', { name: `Marcar como paga ${expense}` })).toHaveCount(0);

    await expenseRow.getByRole('button', { name: `Editar ${expense}` }).click();
    dialog = page.getByRole('dialog', { name: 'Editar Despesa' });
    await expect(dialog.getByLabel('Forma de Pagamento')).toHaveValue('PIX');
    await dialog.getByLabel('Valor (R$) *').fill('75');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expectText(page, 'Despesa atualizada');
    await expect(expenseRow.getByText('R$ 75,00')).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: 'e2e/artifacts/staff2-despesas.png', fullPage: true });
    await expenseRow.getByRole('button', { name: `Excluir ${expense}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expectText(page, 'Despesa excluída');
    await expect(page.getByText('Nenhuma despesa encontrada.')).toBeVisible({ timeout: 15_000 });

    // USCIS fees.
    const code = `E2E-${id}`;
    await page.goto('/financeiro/taxas-uscis');
    await expect(page.getByRole('heading', { level: 1, name: 'Taxas USCIS' })).toBeVisible();
    await page.getByRole('button', { name: 'Adicionar Taxa' }).click();
    dialog = page.getByRole('dialog', { name: 'Adicionar Taxa USCIS' });
    await dialog.getByLabel('Código do Formulário *').fill(code);
    await dialog.getByLabel('Nome do Formulário *').fill('Formulário de teste');
    await dialog.getByLabel('Valor (US$) *').fill('99.5');
    await dialog.getByLabel('Categoria').fill('Testes');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expectText(page, 'Taxa adicionada');
    await page.getByLabel('Buscar taxas').fill(code);
    const feeRow = page.getByRole('row').filter({ hasText: code });
    await expect(feeRow.getByText('US$ 99,50')).toBeVisible({ timeout: 15_000 });
    await expect(feeRow.getByText('Ativo', { exact: true })).toBeVisible();
    await feeRow.getByRole('button', { name: `Editar ${code}` }).click();
    dialog = page.getByRole('dialog', { name: 'Editar Taxa USCIS' });
    await dialog.getByLabel('Valor (US$) *').fill('120');
    await dialog.getByLabel('Ativo').click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expectText(page, 'Taxa atualizada');
    await expect(feeRow.getByText('US$ 120,00')).toBeVisible({ timeout: 15_000 });
    await expect(feeRow.getByText('Inativo', { exact: true })).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/staff2-taxas.png', fullPage: true });
    await feeRow.getByRole('button', { name: `Excluir ${code}` }).click();
    const feeConfirm = page.getByRole('alertdialog');
    await expect(
      feeConfirm.getByText(
        `Tem certeza que deseja excluir a taxa do formulário ${code}? Esta ação não pode ser desfeita.`,
      ),
    ).toBeVisible();
    await feeConfirm.getByRole('button', { name: 'Excluir' }).click();
    await expectText(page, 'Taxa excluída');
    await expect(page.getByText('Nenhuma taxa encontrada.')).toBeVisible({ timeout: 15_000 });
    await page.context().close();
  });

  test('the legal assistant sees only its finance cards', async ({ browser }) => {
    const page = await signIn(browser, ASSISTANT);
    await page.goto('/financeiro');
    await expect(page.getByRole('heading', { level: 1, name: 'Módulo Financeiro' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Acessar/ })).toHaveCount(4);
    for (const title of ['Produtos e Serviços', 'Taxas USCIS', 'Orçamentos', 'Contratos']) {
      await expect(page.getByRole('link', { name: `Acessar ${title}` })).toBeVisible();
    }
    for (const title of ['Despesas', 'Comissões', 'Relatórios']) {
      await expect(page.getByRole('link', { name: `Acessar ${title}` })).toHaveCount(0);
    }
    await page.screenshot({ path: 'e2e/artifacts/staff2-financeiro-assistente.png', fullPage: true });
    await page.context().close();
  });

  test('a secretary cannot reach the expenses, with a clear message', async ({ browser }) => {
    const page = await signIn(browser, SECRETARY);
    await page.goto('/financeiro/despesas');
    await expect(page.getByText('Acesso Restrito')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Você não tem permissão para ver as despesas.')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.screenshot({ path: 'e2e/artifacts/staff2-despesas-secretaria.png', fullPage: true });
    await page.context().close();
  });
});

test.describe('atendimento', () => {
  test.describe.configure({ timeout: 90_000 });

  test('records an interaction and finds it under its tab', async ({ browser }) => {
    const page = await signIn(browser, ADMIN);
    const content = `Reunião de preparação para a entrevista E2E ${stamp()}`;
    await page.goto('/atendimento');
    await expect(page.getByRole('heading', { level: 1, name: 'Atendimento' })).toBeVisible();
    await page.getByRole('button', { name: 'Nova Interação' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Interação' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Por favor selecione um cliente')).toBeVisible();
    // the client picker searches on the server: type, then choose among the matches
    await dialog.getByLabel('Filtrar a lista por nome ou e-mail').fill('Maria Silva');
    const client = dialog.getByRole('combobox', { name: 'Cliente', exact: true });
    await expect(client.getByRole('option', { name: /^Maria Silva/ }).first()).toBeAttached();
    await client.selectOption({ label: 'Maria Silva' });
    await pick(page, dialog.getByRole('combobox', { name: 'Tipo de interação' }), 'Reunião');
    await expect(dialog.getByLabel('Duração (minutos)')).toBeVisible();
    await dialog.getByLabel('Duração (minutos)').fill('45');
    await pick(page, dialog.getByRole('combobox', { name: 'Status' }), 'Agendado');
    await dialog.getByLabel('Descrição').fill(content);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expectText(page, 'Interação registrada');
    await expect(dialog).toBeHidden();

    await page.getByRole('tab', { name: 'Agendadas' }).click();
    await page.getByLabel('Buscar interações').fill(content);
    const row = page.getByRole('row').filter({ hasText: content });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row.getByText('Maria Silva')).toBeVisible();
    await expect(row.getByText('Agendado')).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/staff2-atendimento.png', fullPage: true });

    await row.getByRole('button', { name: /^Ações da interação/ }).click();
    await page.getByRole('menuitem', { name: 'Marcar como concluído' }).click();
    await expectText(page, 'Interação marcada como concluída');
    await expect(page.getByText('Nenhuma interação encontrada.')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('tab', { name: 'Concluídas' }).click();
    await expect(page.getByRole('row').filter({ hasText: content })).toBeVisible({ timeout: 15_000 });
    await page.context().close();
  });
});
