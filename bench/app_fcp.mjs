// First contentful paint of a page in headless Chromium, median of N cold loads (fresh context each).
// Usage: node bench/app_fcp.mjs <url> [runs]   → prints JSON {url, runs, fcp_ms: [...]}
import { chromium } from 'playwright-core';

const [url, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 7);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
const fcp = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const value = await page.evaluate(() => new Promise((resolve) => {
      const done = () => {
        const entry = performance.getEntriesByName('first-contentful-paint')[0];
        if (entry) resolve(entry.startTime); else setTimeout(done, 20);
      };
      done();
    }));
    fcp.push(value);
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify({ url, runs, fcp_ms: fcp }));
