import { expect, test } from '@playwright/test';
import { apiAs, newClient, pageEnv, serviceHeaders, tokenOf, uniqueTag } from './support/api';
import { signInAs } from './support/sign-in';

// Clients answer on WhatsApp (desktop): the administrator's "Simular mensagem recebida" (Integrações, development
// only) posts signed Cloud API events to the webhook; a client's text and photo arrive live in the assistant's
// conversation with the WhatsApp badge, the photo answers one of two pending document requests in one click (the
// request turns Recebido), the assistant's reply goes out by WhatsApp through the outbox and the stand-in Graph API's
// read receipt comes back as "Lida", and an unknown number appears in the CRM as a lead.
// Shared database: the client, its process and requests are created here; the WhatsApp settings, which the seed
// does not hold, are removed again at the end.

const ADMIN = 'admin@escritorio.test';
const ASSISTANT = 'assistente@escritorio.test';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test('a client answers on WhatsApp: text and photo live, the photo answers a request, the reply is read', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const tag = uniqueTag();
  const phone = `+1617555${tag.slice(-4)}`;
  const unknown = `+1857555${tag.slice(-4)}`;
  const admin = await signInAs(browser, ADMIN, { context: { viewport: { width: 1366, height: 900 } } });
  const env = await pageEnv(admin);
  const service = serviceHeaders();
  const before = await admin.request.get(`${env.SUPABASE_URL}/rest/v1/system_settings?key=eq.whatsapp&select=key`, {
    headers: service,
  });
  const hadSettings = ((await before.json()) as unknown[]).length > 0;

  // WhatsApp configured against the development stand-in of the Graph API
  const settings = await admin.request.post(`${env.SUPABASE_URL}/functions/v1/system-settings`, {
    headers: { apikey: env.SUPABASE_ANON_KEY, Authorization: `Bearer ${await tokenOf(admin, ADMIN)}` },
    data: {
      key: 'whatsapp',
      value: {
        phoneNumberId: '1234567890',
        accessToken: `EAA-jornada-${tag}`,
        appSecret: `segredo-da-jornada-${tag}`,
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
    // a client of its own with WhatsApp consent, a process and two pending document requests
    const email = `whats${tag}@cliente.test`;
    const clientId = await newClient(admin, `Cliente WhatsApp ${tag}`, email, 'Senha@12345');
    await apiAs(
      admin,
      email,
      'POST',
      'rpc/set_channel_consent',
      {
        p_channel: 'whatsapp',
        p_granted: true,
        p_phone: phone,
      },
      'Senha@12345',
    );
    const [process] = (await apiAs(admin, ADMIN, 'POST', 'processes', {
      type: 'Green Card',
      client_id: clientId,
      client_name: `Cliente WhatsApp ${tag}`,
      category: 'Imigratório - USCIS',
      stage: 'Em processamento',
      status: 'em andamento',
    })) as { id: number }[];
    const requests = (await apiAs(admin, ADMIN, 'POST', 'document_requests', [
      { process_id: process!.id, document_name: `Passaporte ${tag}` },
      { process_id: process!.id, document_name: `Certidão ${tag}` },
    ])) as { id: string; document_name: string }[];
    const certidao = requests.find((r) => r.document_name.startsWith('Certidão'))!;

    // the assistant watches the conversation
    const assistant = await signInAs(browser, ASSISTANT, { context: { viewport: { width: 1366, height: 900 } } });
    await assistant.goto(`/clientes/${clientId}/mensagens`);
    const thread = assistant.getByRole('log', { name: 'Mensagens' });
    await expect(assistant.getByRole('heading', { name: `Cliente WhatsApp ${tag}` })).toBeVisible();

    // the administrator simulates the client's text, then a photo
    await admin.goto('/integracoes');
    const card = admin.locator('div[data-slot="card"]', { hasText: 'Simular mensagem recebida' }).last();
    await expect(card.getByRole('button', { name: 'Simular mensagem recebida' })).toBeVisible({ timeout: 20_000 });
    await card.getByLabel('Telefone (formato internacional)').fill(phone);
    await card.getByLabel('Mensagem').fill(`Olá, aqui é pelo WhatsApp ${tag}`);
    await card.getByRole('button', { name: 'Simular mensagem recebida' }).click();
    await expect(admin.getByText('Mensagem simulada recebida')).toBeVisible();

    const text = thread.locator('li', { hasText: `Olá, aqui é pelo WhatsApp ${tag}` });
    await expect(text).toBeVisible({ timeout: 20_000 });
    await expect(text).toHaveAttribute('data-channel', 'whatsapp');
    await expect(text.getByText('WhatsApp', { exact: true })).toBeVisible();

    await card.getByLabel('Mensagem').fill(`Foto da certidão ${tag}`);
    await card.getByLabel('Arquivo (JPEG, PNG, WebP ou PDF)').setInputFiles({
      name: 'certidao.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await card.getByRole('button', { name: 'Simular mensagem recebida' }).click();
    const photo = thread.locator('li', { hasText: `Foto da certidão ${tag}` });
    await expect(photo).toBeVisible({ timeout: 20_000 });
    // two requests are open: nothing was matched on its own; one click answers the chosen one
    await photo.getByLabel('Anexar à solicitação').selectOption({ label: certidao.document_name });
    await photo.getByRole('button', { name: 'Anexar', exact: true }).click();
    await expect(assistant.getByText('Documento anexado à solicitação')).toBeVisible();
    const [answered] = (await apiAs(
      admin,
      ADMIN,
      'GET',
      `document_requests?id=eq.${certidao.id}&select=status,stage`,
    )) as { status: string; stage: string }[];
    expect(answered).toEqual({ status: 'fulfilled', stage: 'recebido' });

    // the reply goes out on WhatsApp inside the 24-hour window and comes back read
    await expect(assistant.getByLabel('Responder por')).toHaveValue('whatsapp');
    await expect(assistant.getByText('Janela de 24 horas aberta')).toBeVisible();
    await assistant.getByLabel('Mensagem', { exact: true }).fill(`Recebemos, obrigado ${tag}`);
    await assistant.getByRole('button', { name: 'Enviar' }).click();
    const reply = thread.locator('li', { hasText: `Recebemos, obrigado ${tag}` });
    await expect(reply).toHaveAttribute('data-channel', 'whatsapp');
    await expect(reply.getByTestId('delivery-status')).toHaveText('· Lida', { timeout: 30_000 });

    // an unknown number becomes a lead in the CRM
    await card.getByLabel('Telefone (formato internacional)').fill(unknown);
    await card.getByLabel('Nome no WhatsApp').fill(`Lead WhatsApp ${tag}`);
    await card.getByLabel('Mensagem').fill('Quero falar sobre visto de trabalho');
    await card.getByRole('button', { name: 'Simular mensagem recebida' }).click();
    // the lead is in the database before the page changes (the earlier simulations' toasts say nothing of this
    // one, and leaving the page could cut its request short)
    const leadName = `Lead WhatsApp ${tag}`;
    await expect
      .poll(() => apiAs(admin, ADMIN, 'GET', `leads?name=eq.${encodeURIComponent(leadName)}&select=id`), {
        timeout: 20_000,
      })
      .toHaveLength(1);
    await admin.goto('/crm');
    await expect(admin.getByText(leadName).first()).toBeVisible({ timeout: 20_000 });
    await assistant.context().close();
  } finally {
    if (!hadSettings) {
      await admin.request.delete(`${env.SUPABASE_URL}/rest/v1/system_settings?key=eq.whatsapp`, { headers: service });
    }
    await admin.context().close();
  }
});
