// Screenshots of files of several formats at once: Parquet with nested columns, JSON Lines with a
// nested object, an Excel workbook, two related files with their join key, and damaged files refused, at 1280×800 and
// 390 px.   npm run build && node scripts/screenshots-formats.mjs [outDir]
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { preview } from 'vite';
import { launchChromium } from './chromium.mjs';

const out = process.argv[2] ?? 'screenshots';
mkdirSync(out, { recursive: true });
const dir = mkdtempSync(join(tmpdir(), 'sift-shots-'));
const path = (name) => join(dir, name);

const native = await (await DuckDBInstance.create(':memory:')).connect();
await native.run(
  `COPY (SELECT i AS id, {'a': i, 'b': 'x' || i} AS pair, [i, i + 1] AS list, TIMESTAMPTZ '2024-03-10 12:00:00+00' + INTERVAL (i) HOUR AS at, (i * 1.25)::DECIMAL(18, 4) AS price FROM range(5000) t(i)) TO '${path('events.parquet')}' (FORMAT parquet)`,
);
const segments = ['retail', 'wholesale', 'online'];
writeFileSync(
  path('customers.csv'),
  'id,name,segment\n' +
    Array.from({ length: 300 }, (_, i) => `${i + 1},Customer ${i + 1},${segments[i % 3]}`).join(
      '\n',
    ),
);
writeFileSync(
  path('orders.jsonl'),
  Array.from({ length: 2000 }, (_, i) =>
    JSON.stringify({
      order_id: i + 1,
      customer_id: (i % 310) + 1,
      amount: (i % 9) * 12.5,
      ship: { city: ['Oslo', 'Lima'][i % 2], days: i % 6 },
    }),
  ).join('\n'),
);
writeFileSync(path('broken.parquet'), Buffer.from('PAR1 this is not really parquet'));

const server = await preview({ preview: { port: 0 }, logLevel: 'warn' });
const url = server.resolvedUrls.local[0];
const browser = await launchChromium();
for (const [label, viewport] of [
  ['1280', { width: 1280, height: 800 }],
  ['390', { width: 390, height: 844 }],
]) {
  const page = await browser.newPage({ viewport });
  await page.goto(url);
  await page.waitForSelector('.engine[data-state="ready"]', { timeout: 60_000 });
  await page.setInputFiles('input[data-testid="file-input"]', [
    path('events.parquet'),
    path('orders.jsonl'),
    path('customers.csv'),
    'tests/fixtures/xlsx/sales.xlsx',
    path('broken.parquet'),
  ]);
  await page.waitForSelector('[data-testid="join-hint"]', { timeout: 120_000 });
  await page.screenshot({ path: `${out}/formats-top-${label}.png` });
  await page.locator('[data-testid="table-summary"][data-table="orders"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}/formats-json-${label}.png` });
  await page
    .locator('[data-testid="table-summary"][data-table="sales_2024"]')
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}/formats-xlsx-${label}.png` });
  await page.locator('[data-testid="join-hints"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}/formats-joins-${label}.png` });
  await page.close();
}
await browser.close();
await server.close();
console.log(`screenshots in ${out}/`);
