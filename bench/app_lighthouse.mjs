// Lighthouse (mobile, simulated throttling) on the app's pages in Debian's Chromium, cold HTTP cache each run.
// Usage: LIGHTHOUSE_DIR=<folder with node_modules/lighthouse> node bench/app_lighthouse.mjs <app url> [runs] [pages]
// pages: comma-separated paths among /auth, / and /cliente (default all three).
// Signed-in pages log in first (demo accounts of seed.sql) and keep the session, so / and /cliente are
// measured as their users see them instead of as the redirect to /auth.
// LIGHTHOUSE_SAVE=<folder> also writes each run's full report there (<page>-<run>.json), to read its audits.
// Prints JSON {pages: {"/auth": {performance, accessibility, fcp_ms, lcp_ms, tbt_ms, ...}, ...}}.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const [appUrl, runsArg, pagesArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 1);
const lighthouseDir = process.env.LIGHTHOUSE_DIR ?? process.cwd();
const { default: lighthouse } = await import(
  pathToFileURL(join(lighthouseDir, 'node_modules', 'lighthouse', 'core', 'index.js')).href
);
const PASSWORD = 'Demo@12345';
const PAGES = [
  { path: '/auth', email: null },
  { path: '/', email: 'admin@escritorio.test' },
  { path: '/cliente', email: 'maria.silva@cliente.test' },
].filter(({ path }) => !pagesArg || pagesArg.split(',').includes(path));

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const port = await freePort();
const profile = mkdtempSync(join(tmpdir(), 'lighthouse-'));
// A persistent context is the browser's default one: Lighthouse's tab shares its storage (the session).
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`],
});
const results = {};
try {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  for (const { path, email } of PAGES) {
    await page.goto(`${appUrl}/auth`);
    await page.evaluate(() => localStorage.clear());
    if (email) {
      await page.goto(`${appUrl}/auth`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      await page.waitForURL((url) => url.pathname === path, { timeout: 30_000 });
    }
    await page.goto('about:blank');
    const samples = [];
    for (let i = 0; i < runs; i++) {
      await cdp.send('Network.clearBrowserCache');
      const { lhr } = await lighthouse(`${appUrl}${path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // Keep the session of the log-in above; the HTTP cache was cleared just before.
        disableStorageReset: email !== null,
      });
      if (process.env.LIGHTHOUSE_SAVE) {
        const name = path === '/' ? 'staff' : path.slice(1).replaceAll('/', '-');
        writeFileSync(join(process.env.LIGHTHOUSE_SAVE, `${name}-${i + 1}.json`), JSON.stringify(lhr));
      }
      const audit = (id) => lhr.audits[id] ?? {};
      const savingsKiB = (id) => Math.round((audit(id).details?.overallSavingsBytes ?? 0) / 1024);
      samples.push({
        final_path: new URL(lhr.finalDisplayedUrl).pathname,
        performance: Math.round(lhr.categories.performance.score * 100),
        // The host's CPU as Lighthouse measured it in this run: the 4x slowdown assumes a fast, idle desktop
        // (about 1,500 and more); a busy machine scores lower and its pages look slower than on a real phone.
        benchmark_index: Math.round(lhr.environment.benchmarkIndex),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        fcp_ms: Math.round(audit('first-contentful-paint').numericValue),
        lcp_ms: Math.round(audit('largest-contentful-paint').numericValue),
        tbt_ms: Math.round(audit('total-blocking-time').numericValue),
        transfer_kib: Math.round((audit('total-byte-weight').numericValue ?? 0) / 1024),
        text_compression_kib: savingsKiB('uses-text-compression'),
        unused_js_kib: savingsKiB('unused-javascript'),
        // What the largest element was (its text), to see what the LCP waited for.
        lcp_element: audit('largest-contentful-paint-element').details?.items?.[0]?.items?.[0]?.node?.nodeLabel ?? null,
        accessibility_failures: lhr.categories.accessibility.auditRefs
          .filter((ref) => ref.weight > 0 && audit(ref.id).score === 0)
          .map((ref) => ref.id),
      });
    }
    // The median run by performance score, with its own figures.
    const scores = samples.map((s) => s.performance);
    results[path] = { ...samples.find((s) => s.performance === median(scores)), runs: scores };
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(JSON.stringify({ url: appUrl, pages: results }));
