import { expect, type Page } from '@playwright/test';

/** Moves to `path` inside the app, as a link does (the router follows the history; nothing is reloaded). */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const w = globalThis as unknown as {
      history: { pushState: (state: unknown, title: string, url: string) => void };
      dispatchEvent: (event: unknown) => void;
      PopStateEvent: new (type: string) => unknown;
    };
    w.history.pushState({}, '', to);
    w.dispatchEvent(new w.PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
}
