import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './sign-in';

export interface PageEnv {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
}

/** The API address and anon key the page was given (/env.js). */
export async function pageEnv(page: Page): Promise<PageEnv> {
  return page.evaluate(() => (globalThis as unknown as { __ENV__: PageEnv }).__ENV__);
}

/** The service role's request headers (the scheduler's or an operator's calls, and restoring shared rows). */
export function serviceHeaders(): { apikey: string; Authorization: string } {
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY ?? '';
  expect(key, 'SUPABASE_SERVICE_ROLE_KEY').not.toBe('');
  return { apikey: key, Authorization: `Bearer ${key}` };
}

/** A user's access token (password sign-in through the API the page talks to). */
export async function tokenOf(page: Page, email: string, password = DEMO_PASSWORD): Promise<string> {
  const env = await pageEnv(page);
  const auth = await page.request.post(`${env.SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    headers: { apikey: env.SUPABASE_ANON_KEY },
    data: { email, password },
  });
  expect(auth.ok(), await auth.text()).toBeTruthy();
  return ((await auth.json()) as { access_token: string }).access_token;
}

/** A REST call as a user (to prepare rows the journey then works on, or to read what the database holds). */
export async function apiAs(
  page: Page,
  email: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
  password = DEMO_PASSWORD,
): Promise<unknown> {
  const env = await pageEnv(page);
  const token = await tokenOf(page, email, password);
  const response = await page.request.fetch(`${env.SUPABASE_URL}/rest/v1/${path}`, {
    method,
    headers: { apikey: env.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}`, Prefer: 'return=representation' },
    data,
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/** A unique tag for the rows a journey creates. */
export function uniqueTag(): string {
  return `${Date.now()}${Math.floor(Math.random() * 1e4)}`.slice(-10);
}

/** A new client of the office with a portal log-in (create_client_user as the administrator); its clients.id. */
export async function newClient(page: Page, fullName: string, email: string, password: string): Promise<string> {
  return (await apiAs(page, 'admin@escritorio.test', 'POST', 'rpc/create_client_user', {
    email,
    password,
    full_name: fullName,
    phone: null,
    address: null,
  })) as string;
}

/** A new staff member with a password (the auth admin API with the service role key, then the role as the
 *  administrator); its user id. */
export async function newStaffMember(
  page: Page,
  fullName: string,
  email: string,
  password: string,
  role: 'secretary' | 'commercial' | 'legal_assistant' = 'secretary',
): Promise<string> {
  const env = await pageEnv(page);
  const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY ?? '';
  expect(serviceKey, 'SUPABASE_SERVICE_ROLE_KEY').not.toBe('');
  const created = await page.request.post(`${env.SUPABASE_URL}/auth/v1/admin/users`, {
    headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` },
    data: { email, password, email_confirm: true, user_metadata: { full_name: fullName } },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: string };
  await apiAs(page, 'admin@escritorio.test', 'POST', 'user_roles', { user_id: id, role });
  return id;
}
