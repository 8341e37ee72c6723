// Screenshots of the column profile's layout (issue 33): the bundled sample and a 20-column
// file, at 1280×800 with the Activity panel open and at 390×844, light and dark, with one
// column's details open.
//   npm run build && node scripts/screenshots-profile-layout.mjs [outDir]
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, preview } from 'vite';
import { launchChromium } from './chromium.mjs';

const out = process.argv[2] ?? '.scratch/profile-shots';
mkdirSync(out, { recursive: true });

// The profile layout test's wide file (tests/fixtures/orders-wide.ts), through Vite's loader.
const loader = await createServer({ server: { middlewareMode: true }, logLevel: 'warn' });
const { ordersWideCsv } = await loader.ssrLoadModule('/tests/fixtures/orders-wide.ts');
await loader.close();

function wideCsv() {
  const path = join(mkdtempSync(join(tmpdir(), 'sift-shots-')), 'orders wide.csv');
  writeFileSync(path, ordersWideCsv());
  return path;
}

const wide = wideCsv();
const server = await preview({ preview: { port: 0 }, logLevel: 'warn' });
const url = server.resolvedUrls.local[0];
const browser = await launchChromium();
for (const scheme of ['light', 'dark']) {
  for (const [label, viewport] of [
    ['1280', { width: 1280, height: 800 }],
    ['390', { width: 390, height: 844 }],
  ]) {
    for (const file of ['sample', 'wide']) {
      const page = await browser.newPage({ viewport, colorScheme: scheme });
      await page.goto(url);
      await page.waitForSelector('.engine[data-state="ready"]');
      if (file === 'sample') await page.click('[data-testid="sample-button"]');
      else await page.setInputFiles('input[data-testid="file-input"]', wide);
      await page.waitForSelector('[data-testid="profile-table"][data-complete]', {
        timeout: 120_000,
      });
      const tab = page.locator('[data-testid="view-data"]');
      if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
      if (label === '1280' && !(await page.isVisible('[data-testid="panel-right"]')))
        await page.click('[data-testid="panel-right-toggle"]');
      const name = `${file}-${label}-${scheme}`;
      await page.locator('[data-testid="profile-table"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${out}/${name}.png` });
      // The profile's last rows, scrolled into view.
      await page
        .locator('[data-testid="profile-table"] tr[data-column]')
        .last()
        .scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${out}/${name}-end.png` });
      await page
        .locator('[data-testid="profile-toggle"]')
        .nth(file === 'sample' ? 6 : 1)
        .click();
      await page.locator('[data-testid="profile-details"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${out}/${name}-details.png` });
      await page.close();
    }
  }
}
await browser.close();
await server.close();
console.log(`screenshots in ${out}/`);
