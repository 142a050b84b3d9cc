import { existsSync } from 'node:fs';

import { defineConfig } from '@playwright/test';

/**
 * Browser end-to-end tests against the app as the stack serves it (no webServer here:
 * start the stack first). APP_URL overrides the address, e.g. a local `vite preview`.
 *
 * The journeys share one seeded stack. Those listed in SIDE_BY_SIDE create their own rows and only read
 * the seed, and nothing they do changes what another of them sees: they may run side by side (E2E_WORKERS
 * at a time; a file's own tests stay in order, in one worker). Every other journey (and every new file,
 * until it is judged safe and listed) runs alone afterwards: those change shared rows for a while (the
 * office's settings and name, a demo user's role, Maria's consents and questionnaire, the staff's
 * second-factor rule), count what others add (the dashboard's figures, the bell's unread count, a job's
 * runs) or run the scheduled jobs. `make test` runs the two projects one after the other
 * (scripts/test-all.sh), so that a failure in the first does not skip the second; a plain
 * `playwright test` runs them in order through `dependencies`.
 */
// Debian's headless shell (`make browser` installs it), Chromium's old headless mode as its own program: the
// journeys' cost is the browser's, and two files took 15.5 s and 7.3 CPU-seconds in it against 19.5 s and 11 in
// the full browser. E2E_CHROMIUM names another (/usr/bin/chromium, say).
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// How many of those at a time: E2E_WORKERS (1 unless set; `make test` sets 2, which two cores carry).
const SIDE_BY_SIDE_WORKERS = Number(process.env.E2E_WORKERS ?? 1);

const SIDE_BY_SIDE = [
  'accessibility',
  'admin-setup-code',
  'basics-b',
  'change-password',
  'client-record',
  'confirmations',
  'finance',
  'money-time',
  'online-payments',
  'phone-keyboard',
  'portal',
  'quote-percent',
  'security-headers',
  'smoke',
  'staff-part2',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/artifacts/results',
  workers: SIDE_BY_SIDE_WORKERS,
  projects: [
    { name: 'side-by-side', testMatch: SIDE_BY_SIDE, workers: SIDE_BY_SIDE_WORKERS },
    { name: 'alone', testIgnore: SIDE_BY_SIDE, workers: 1, dependencies: ['side-by-side'] },
  ],
  // A failing journey runs once more, that time with a trace (e2e/artifacts/results/.../trace.zip, opened by
  // `npx playwright show-trace`), and still fails the run: a pass on the second try counts as a failure
  // (failOnFlakyTests). Tracing every journey to keep only the failures' traces took a third of the journeys'
  // time (the browser encoding screenshots and snapshots of every step): two files, 62 s with it, 42 without.
  retries: 1,
  failOnFlakyTests: true,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: process.env.APP_URL ?? 'http://127.0.0.1:3000',
    browserName: 'chromium',
    headless: true,
    locale: 'pt-BR',
    screenshot: 'only-on-failure',
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: CHROMIUM,
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
