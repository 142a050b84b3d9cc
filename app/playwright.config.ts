import { defineConfig } from '@playwright/test';

/**
 * Browser end-to-end tests against the app as the stack serves it (no webServer here:
 * start the stack first). APP_URL overrides the address, e.g. a local `vite preview`.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/artifacts/results',
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: process.env.APP_URL ?? 'http://127.0.0.1:3000',
    browserName: 'chromium',
    headless: true,
    locale: 'pt-BR',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
