import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';

/** The demo log-ins' password (seed.sql). */
export const DEMO_PASSWORD = 'Demo@12345';

export interface SignInOptions {
  /** Where the sign-in must land (default: the staff Dashboard). */
  landing?: RegExp;
  password?: string;
  /** The new browser context's options (viewport, downloads...). */
  context?: BrowserContextOptions;
}

/** A new browser context, signed in through the login form and on its landing page. */
export async function signInAs(
  browser: Browser,
  email: string,
  { landing = /\/$/, password = DEMO_PASSWORD, context = {} }: SignInOptions = {},
): Promise<Page> {
  const page = await (await browser.newContext(context)).newPage();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(landing, { timeout: 20_000 });
  return page;
}
