import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, newClient, pageEnv, serviceHeaders, tokenOf, uniqueTag } from './support/api';
import { signInAs } from './support/sign-in';

// Atendimento > Mensagens (desktop): a client's WhatsApp message, simulated by the administrator, appears live in
// the assistant's conversation list as unread; the assistant opens it (read), takes it ("Assumir"), answers on
// WhatsApp and marks it resolved; the list shows each step, and a new message from the client reopens it.
// Shared database: the client is created here; the WhatsApp settings, which the seed does not hold, are removed
// again at the end.

const ADMIN = 'admin@escritorio.test';
const ASSISTANT = 'assistente@escritorio.test';

/** axe-core's WCAG 2 A/AA violations of the page's main area (the list and the conversation; the layout around it
 *  is accessibility.spec's), each as "rule: elements". */
async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('an inbound WhatsApp message is unread in the list; staff take it, answer and resolve it', async ({ browser }) => {
  test.setTimeout(240_000);
  const tag = uniqueTag();
  const name = `Cliente Conversa ${tag}`;
  const phone = `+1617556${tag.slice(-4)}`;
  const admin = await signInAs(browser, ADMIN, { context: { viewport: { width: 1366, height: 900 } } });
  const env = await pageEnv(admin);
  const service = serviceHeaders();
  const before = await admin.request.get(`${env.SUPABASE_URL}/rest/v1/system_settings?key=eq.whatsapp&select=key`, {
    headers: service,
  });
  const hadSettings = ((await before.json()) as unknown[]).length > 0;
  const settings = await admin.request.post(`${env.SUPABASE_URL}/functions/v1/system-settings`, {
    headers: { apikey: env.SUPABASE_ANON_KEY, Authorization: `Bearer ${await tokenOf(admin, ADMIN)}` },
    data: {
      key: 'whatsapp',
      value: {
        phoneNumberId: '1234567890',
        accessToken: `EAA-conversas-${tag}`,
        appSecret: `segredo-das-conversas-${tag}`,
        verifyToken: `verifica-${tag}`,
        apiBaseUrl: `${env.SUPABASE_URL.replace(/\/$/, '')}/functions/v1/whatsapp-simulator/graph`,
        apiVersion: 'v21.0',
        templateName: 'atualizacao_caso',
        languageCode: 'pt_BR',
      },
    },
  });
  expect(settings.ok(), await settings.text()).toBeTruthy();

  try {
    const email = `conversa${tag}@cliente.test`;
    await newClient(admin, name, email, 'Senha@12345');
    await apiAs(
      admin,
      email,
      'POST',
      'rpc/set_channel_consent',
      { p_channel: 'whatsapp', p_granted: true, p_phone: phone },
      'Senha@12345',
    );

    // the assistant watches the unread conversations, searching for this client
    const assistant = await signInAs(browser, ASSISTANT, { context: { viewport: { width: 1366, height: 900 } } });
    await assistant
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Mensagens' })
      .click();
    await expect(assistant.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
    await assistant.getByRole('tab', { name: /^Não lidas/ }).click();
    await assistant.getByLabel('Buscar conversas por cliente').fill(name);
    await expect(assistant.getByText('Nenhuma conversa encontrada.')).toBeVisible();

    // the administrator simulates the client's WhatsApp text
    await admin.goto('/integracoes');
    const card = admin.locator('div[data-slot="card"]', { hasText: 'Simular mensagem recebida' }).last();
    await expect(card.getByRole('button', { name: 'Simular mensagem recebida' })).toBeVisible({ timeout: 20_000 });
    await card.getByLabel('Telefone (formato internacional)').fill(phone);
    await card.getByLabel('Mensagem').fill(`Preciso de ajuda com o meu caso ${tag}`);
    await card.getByRole('button', { name: 'Simular mensagem recebida' }).click();
    await expect(admin.getByText('Mensagem simulada recebida')).toBeVisible();

    // live: the row appears unread, on WhatsApp, with nobody assigned
    const row = assistant.getByTestId('conversation-row').filter({ hasText: name });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText(`Preciso de ajuda com o meu caso ${tag}`);
    await expect(row.getByTestId('conversation-unread')).toContainText('1 não lidas');
    await expect(row.getByText('WhatsApp', { exact: true })).toBeVisible();
    await expect(row.getByTestId('conversation-assignee')).toHaveText('Sem responsável');
    await expect(assistant.getByRole('tab', { name: /^Não lidas/ })).toContainText('(1)');

    // opening it reads it; "Assumir" assigns it to the assistant
    await assistant.getByRole('tab', { name: /^Todas/ }).click();
    await row.getByRole('link').click();
    const thread = assistant.getByRole('log', { name: 'Mensagens' });
    await expect(thread.locator('li', { hasText: `Preciso de ajuda com o meu caso ${tag}` })).toBeVisible();
    await expect(row.getByTestId('conversation-unread')).toHaveCount(0, { timeout: 20_000 });
    await assistant.getByRole('button', { name: 'Assumir' }).click();
    await expect(assistant.getByText('Conversa atribuída')).toBeVisible();
    await expect(assistant.getByLabel('Responsável')).toHaveValue(/.+/);
    await expect(row.getByTestId('conversation-assignee')).toHaveText('Responsável: Bruno Assistente', {
      timeout: 20_000,
    });
    await expect(assistant.getByRole('tab', { name: /^Minhas/ })).toContainText('(1)');

    // the list beside the open conversation passes axe's WCAG 2 AA rules
    expect(await axeViolations(assistant)).toEqual([]);

    // the answer goes out on WhatsApp (inside the 24-hour window)
    await expect(assistant.getByLabel('Responder por')).toHaveValue('whatsapp');
    await assistant.getByLabel('Mensagem', { exact: true }).fill(`Claro, vamos ver agora ${tag}`);
    await assistant.getByRole('button', { name: 'Enviar' }).click();
    const reply = thread.locator('li', { hasText: `Claro, vamos ver agora ${tag}` });
    await expect(reply).toHaveAttribute('data-channel', 'whatsapp');
    await expect(row).toContainText(`Você: Claro, vamos ver agora ${tag}`, { timeout: 20_000 });

    // resolved: in the conversation and in the list (Resolvidas)
    await assistant.getByRole('button', { name: 'Marcar como resolvida' }).click();
    await expect(assistant.getByTestId('conversation-resolved')).toBeVisible();
    await expect(row.getByTestId('conversation-row-resolved')).toBeVisible({ timeout: 20_000 });
    await assistant.getByRole('tab', { name: /^Resolvidas/ }).click();
    await expect(row).toBeVisible();

    // the client writes again: the conversation reopens, live, and leaves Resolvidas
    await card.getByLabel('Mensagem').fill(`Mais uma dúvida ${tag}`);
    await card.getByRole('button', { name: 'Simular mensagem recebida' }).click();
    await expect(row).toHaveCount(0, { timeout: 20_000 });
    await assistant.getByRole('tab', { name: /^Minhas/ }).click();
    await expect(row).toContainText(`Mais uma dúvida ${tag}`);
    await expect(row.getByTestId('conversation-row-resolved')).toHaveCount(0);
    await expect(assistant.getByTestId('conversation-resolved')).toHaveCount(0);

    // on a phone the list and the conversation take turns, and both pass the same rules
    await assistant.setViewportSize({ width: 375, height: 800 });
    await expect(row).toBeHidden();
    expect(await axeViolations(assistant)).toEqual([]);
    await assistant.getByRole('button', { name: 'Voltar para a lista' }).click();
    await expect(row).toBeVisible();
    expect(await axeViolations(assistant)).toEqual([]);
    await assistant.context().close();
  } finally {
    if (!hadSettings) {
      await admin.request.delete(`${env.SUPABASE_URL}/rest/v1/system_settings?key=eq.whatsapp`, { headers: service });
    }
    await admin.context().close();
  }
});
