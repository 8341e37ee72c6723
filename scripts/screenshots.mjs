// Screenshots of each screen of the built app, for a person to look at:
//   npm run build && node scripts/screenshots.mjs [outDir]
import { mkdirSync } from 'node:fs';
import { launchChromium } from './chromium.mjs';
import { preview } from 'vite';

const out = process.argv[2] ?? 'screenshots';
mkdirSync(out, { recursive: true });
const server = await preview({ preview: { port: 0 }, logLevel: 'warn' });
const url = server.resolvedUrls.local[0];
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
const loads = () => page.getAttribute('main', 'data-loads').then(Number);
const waitLoads = (n) =>
  page.waitForFunction(
    (n) => Number(document.querySelector('main')?.getAttribute('data-loads')) >= n,
    n,
  );
await page.goto(url);
await page.waitForSelector('.engine[data-state="ready"]');
await page.screenshot({ path: `${out}/1-welcome.png` });

await page.click('[data-testid="sample-button"]');
await page.waitForSelector('[data-testid="profile-table"][data-complete]');
// The SQL editor replaces the plain box once its code has loaded (adapters/sql-editor.ts).
await page.waitForSelector('[data-testid="sql-editor"]:not([data-editor="loading"])', {
  state: 'attached',
});
await page.fill(
  '[data-testid="sql-input"]',
  'SELECT location, weather, count(*) AS days, round(avg(temp_max), 1) AS avg_max\nFROM data GROUP BY ALL ORDER BY location, days DESC',
);
await page.click('[data-testid="sql-run"]');
await page.waitForSelector('[data-testid="sql-result"]');
await page.screenshot({ path: `${out}/2-sample.png`, fullPage: true });

let n = await loads();
await page.setInputFiles('input[data-testid="file-input"]', [
  {
    name: 'contacts export.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'id,Name,name,,  spaced  out ,id\n1,Ana,ana,x,1,9\n2,Bo,bo,,2,8\n3,Cy,cy,z,,7\n',
      'utf8',
    ),
  },
  { name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) },
  {
    name: 'report.xlsx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
  },
]);
await waitLoads(n + 1);
await page.fill('[data-testid="sql-timeout"]', '2');
await page.fill(
  '[data-testid="sql-input"]',
  'SELECT count(*) FROM range(100000000) a, range(100000000) b',
);
await page.click('[data-testid="sql-run"]');
await page.waitForSelector('[data-testid="sql-error"]', { timeout: 20000 });
await page.screenshot({ path: `${out}/3-errors-and-renames.png`, fullPage: true });

await page.fill('[data-testid="sql-input"]', 'DROP TABLE data');
await page.click('[data-testid="sql-run"]');
await page.waitForFunction(() =>
  document.querySelector('[data-testid="sql-error"]')?.textContent?.includes('DROP'),
);
await page.locator('[data-testid="sql-error"]').screenshot({ path: `${out}/4-refused.png` });
await browser.close();
await server.close();
console.log(`screenshots in ${out}/`);
