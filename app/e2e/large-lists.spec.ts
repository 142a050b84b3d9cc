import { expect, test, type APIRequestContext } from '@playwright/test';
import { serviceHeaders, uniqueTag } from './support/api';
import { signInAs } from './support/sign-in';

// An office with more clients than the API returns at once (max_rows = 1,000) and a conversation longer than a
// page: Clientes counts every client ("1-25 de 1.0xx"), its search finds a client beyond the newest 1,000, and the
// conversation opens on its newest message with "Carregar anteriores" for the older ones. The rows are created
// here through the service key and removed at the end, so the other journeys keep the demo seed.
const ADMIN = 'admin@escritorio.test';
const EXTRA_CLIENTS = 1050;
const MESSAGES = 120;
const tag = uniqueTag();
const farName = `Longínquo Volume ${tag}`;

function service() {
  const url = process.env.SUPABASE_URL ?? '';
  expect(url, 'SUPABASE_URL').not.toBe('');
  return { url, headers: { ...serviceHeaders(), Prefer: 'return=representation' } };
}

async function rest(request: APIRequestContext, method: string, path: string, data?: unknown) {
  const { url, headers } = service();
  const response = await request.fetch(`${url}/rest/v1/${path}`, { method, headers, data });
  expect(response.ok(), await response.text()).toBeTruthy();
  return response;
}

/** How many clients there are, counted by the database. */
async function clientCount(request: APIRequestContext): Promise<number> {
  const { url, headers } = service();
  const response = await request.get(`${url}/rest/v1/clients?select=id&limit=1`, {
    headers: { ...headers, Prefer: 'count=exact' },
  });
  expect(response.ok()).toBeTruthy();
  return Number(response.headers()['content-range']!.split('/')[1]);
}

let threadClientId = '';

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  // the far client is the oldest, so the newest 1,000 never include it
  const rows = Array.from({ length: EXTRA_CLIENTS }, (_, i) => ({
    full_name: i === 0 ? farName : `Cliente Volume ${tag} ${String(i).padStart(4, '0')}`,
    email: `volume.${tag}.${i}@cliente.test`,
    created_at: i === 0 ? '2001-01-01T12:00:00Z' : new Date(Date.now() - i * 1000).toISOString(),
  }));
  for (let start = 0; start < rows.length; start += 350) {
    await rest(request, 'POST', 'clients?select=id', rows.slice(start, start + 350));
  }
  const [thread] = (await (
    await rest(request, 'POST', 'clients?select=id', {
      full_name: `Conversa Longa ${tag}`,
      email: `conversa.${tag}@cliente.test`,
    })
  ).json()) as { id: string }[];
  threadClientId = thread!.id;
  const start = Date.now() - MESSAGES * 60_000;
  await rest(
    request,
    'POST',
    'messages?select=id',
    Array.from({ length: MESSAGES }, (_, i) => ({
      client_id: threadClientId,
      sender_type: i % 2 ? 'office' : 'client',
      content:
        i === 0
          ? `Mensagem mais antiga ${tag}`
          : i === MESSAGES - 1
            ? `Mensagem mais nova ${tag}`
            : `Mensagem ${i} ${tag}`,
      created_at: new Date(start + i * 60_000).toISOString(),
    })),
  );
});

test.afterAll(async ({ request }) => {
  if (threadClientId) await rest(request, 'DELETE', `messages?client_id=eq.${threadClientId}`);
  await rest(request, 'DELETE', `clients?email=like.*${tag}*`);
});

test('Clientes counts every client, and its search finds one beyond the newest 1,000', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const total = await clientCount(request);
  expect(total).toBeGreaterThan(1000);
  const page = await signInAs(browser, ADMIN);
  await page.goto('/clientes');
  const pager = page.getByRole('navigation', { name: 'Paginação de clientes' });
  await expect(pager.getByTestId('pager-label')).toHaveText(`1-25 de ${total.toLocaleString('pt-BR')}`, {
    timeout: 20_000,
  });
  await expect(page.getByRole('tabpanel').getByRole('row')).toHaveCount(26);
  // the far client is not on the first page; the search (run by the database) finds it
  await expect(page.getByRole('link', { name: farName, exact: true })).toHaveCount(0);
  await page.getByLabel('Buscar cliente').fill(`longínquo volume ${tag}`);
  await expect(page.getByRole('link', { name: farName, exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(pager.getByTestId('pager-label')).toHaveText('1-1 de 1');
  // the last page is reachable too
  await page.getByLabel('Buscar cliente').fill('');
  await expect(pager.getByTestId('pager-label')).toHaveText(`1-25 de ${total.toLocaleString('pt-BR')}`);
  await pager.getByRole('button', { name: 'Próxima página' }).click();
  await expect(pager.getByTestId('pager-label')).toHaveText(`26-50 de ${total.toLocaleString('pt-BR')}`);
  await page.screenshot({ path: 'e2e/artifacts/large-lists-clientes.png' });
  await page.context().close();
});

test('a long conversation opens on its newest message and loads the older ones on request', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signInAs(browser, ADMIN);
  await page.goto(`/clientes/${threadClientId}/mensagens`);
  const thread = page.getByRole('log', { name: 'Mensagens' });
  await expect(thread.getByText(`Mensagem mais nova ${tag}`)).toBeVisible({ timeout: 20_000 });
  await expect(thread.getByText(`Mensagem mais antiga ${tag}`)).toHaveCount(0);
  // 120 messages: the newest 50, then 50 more, then the first 20
  await thread.getByRole('button', { name: 'Carregar anteriores' }).click();
  await expect(thread.getByText(`Mensagem 20 ${tag}`, { exact: true })).toBeAttached();
  await thread.getByRole('button', { name: 'Carregar anteriores' }).click();
  await expect(thread.getByText(`Mensagem mais antiga ${tag}`)).toBeAttached();
  await expect(thread.getByRole('button', { name: 'Carregar anteriores' })).toHaveCount(0);
  await expect(thread.getByRole('listitem')).toHaveCount(MESSAGES);
  await page.screenshot({ path: 'e2e/artifacts/large-lists-conversa.png' });
  await page.context().close();
});
