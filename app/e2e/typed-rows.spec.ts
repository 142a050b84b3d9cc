import { expect, test } from '@playwright/test';
import { pageEnv, serviceHeaders, tokenOf } from './support/api';
import { signInAs } from './support/sign-in';

// What the app reads and sends is checked, not cast: the WhatsApp Business dialog sends the required fields and
// only the optional ones filled; office settings whose stored JSON has another shape are reported as a load error,
// never shown (and saved back) as empty hours.
// Shared database: the WhatsApp setting and the office's business hours are changed for a moment and restored
// (the setting removed when there was none), so this journey runs alone.

const ADMIN = 'admin@escritorio.test';

test('the administrator saves WhatsApp Business: required fields checked, empty optional ones left out', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signInAs(browser, ADMIN, { context: { viewport: { width: 1366, height: 900 } } });
  const env = await pageEnv(admin);
  const service = serviceHeaders();
  const settingsUrl = `${env.SUPABASE_URL}/rest/v1/system_settings?key=eq.whatsapp`;
  const before = (await (await admin.request.get(`${settingsUrl}&select=value`, { headers: service })).json()) as {
    value: unknown;
  }[];
  const tag = `${Date.now()}`.slice(-8);
  try {
    await admin.goto('/integracoes');
    await expect(admin.getByRole('heading', { level: 1, name: 'Integrações' })).toBeVisible();
    await admin
      .getByRole('button', { name: 'Conectar WhatsApp Business' })
      .or(admin.getByRole('button', { name: 'Reconfigurar WhatsApp Business' }))
      .click();
    const dialog = admin.getByRole('dialog', { name: 'Configurar WhatsApp Business' });
    await dialog.getByLabel('ID do número de telefone').fill(`55${tag}`);
    await dialog.getByLabel('Token de acesso').fill(`EAA-tipos-${tag}`);
    await dialog.getByLabel('Segredo do app (assinatura dos webhooks)').fill(`segredo-${tag}`);
    await dialog.getByLabel('Token de verificação do webhook').fill(`verifica-${tag}`);
    await dialog.getByLabel('Nome do modelo aprovado').fill('');
    await dialog.getByPlaceholder('https://graph.facebook.com').fill('');

    // a required field left blank: told so, nothing sent, the dialog stays open
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(admin.getByText('Todos os campos obrigatórios devem ser preenchidos')).toBeVisible();
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Nome do modelo aprovado').fill('atualizacao_caso');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(admin.getByText('Configuração do WhatsApp salva')).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toBeHidden();

    // what the function holds now (secrets come back masked): the number saved, no API address
    const stored = await admin.request.get(`${env.SUPABASE_URL}/functions/v1/system-settings?key=whatsapp`, {
      headers: { apikey: env.SUPABASE_ANON_KEY, Authorization: `Bearer ${await tokenOf(admin, ADMIN)}` },
    });
    expect(stored.ok(), await stored.text()).toBeTruthy();
    const { data } = (await stored.json()) as { data: Record<string, unknown> };
    expect(data.phoneNumberId).toBe(`55${tag}`);
    expect(data.templateName).toBe('atualizacao_caso');
    expect(data.apiBaseUrl ?? '').toBe('');
    await expect(admin.getByRole('button', { name: 'Reconfigurar WhatsApp Business' })).toBeVisible();
  } finally {
    if (before.length === 0) {
      await admin.request.delete(settingsUrl, { headers: service });
    } else {
      await admin.request.patch(settingsUrl, { headers: service, data: { value: before[0]!.value } });
    }
    await admin.context().close();
  }
});

test('office settings whose business hours have another shape show a load error, not an empty form', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signInAs(browser, ADMIN, { context: { viewport: { width: 1366, height: 900 } } });
  const env = await pageEnv(admin);
  const service = serviceHeaders();
  const rowUrl = `${env.SUPABASE_URL}/rest/v1/office_settings?id=eq.true`;
  const [row] = (await (await admin.request.get(`${rowUrl}&select=business_hours`, { headers: service })).json()) as {
    business_hours: unknown;
  }[];
  expect(row).toBeTruthy();
  try {
    // an object (the table's check) but not a weekday -> { open, close } map
    const broken = await admin.request.patch(rowUrl, {
      headers: service,
      data: { business_hours: { mon: '09:00-18:00' } },
    });
    expect(broken.ok(), await broken.text()).toBeTruthy();

    await admin.goto('/configuracoes');
    await expect(admin.getByText('Erro ao carregar configurações')).toBeVisible({ timeout: 30_000 });
    await expect(admin.getByRole('button', { name: 'Salvar configurações' })).toHaveCount(0);
    // the rest of the page still works: the office's address card is there
    await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    const restored = await admin.request.patch(rowUrl, {
      headers: service,
      data: { business_hours: row!.business_hours },
    });
    expect(restored.ok(), await restored.text()).toBeTruthy();
  }

  // once the hours are back, the form loads them
  await admin.reload();
  await expect(admin.getByRole('button', { name: 'Salvar configurações' })).toBeVisible({ timeout: 30_000 });
  await admin.context().close();
});
