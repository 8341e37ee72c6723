// Screenshots of the column profile's layout (issue 33): the bundled sample and a 20-column
// file, at 1280×800 with the Activity panel open and at 390×844, light and dark, with one
// column's details open.
//   npm run build && node scripts/screenshots-profile-layout.mjs [outDir]
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview } from 'vite';
import { launchChromium } from './chromium.mjs';

const out = process.argv[2] ?? '.scratch/profile-shots';
mkdirSync(out, { recursive: true });

/** 2,000 rows × 20 columns: ids, codes, dates, times, measures, categories, gaps, text numbers. */
export function wideCsv(rows = 2000) {
  const header = [
    'order_id',
    'order_code',
    'placed_on',
    'shipped_at',
    'customer_region',
    'channel',
    'amount_eur',
    'discount_rate',
    'quantity',
    'unit_price',
    'warehouse',
    'status',
    'postcode_as_text',
    'rating',
    'coupon',
    'weight_kg',
    'notes',
    'currency',
    'a_rather_long_column_name_for_the_customer_segment',
    'returned',
  ];
  const regions = ['north', 'south', 'east', 'west'];
  const statuses = ['delivered', 'shipped', 'pending', 'cancelled', 'returned'];
  const lines = [header.join(',')];
  for (let i = 0; i < rows; i++) {
    const day = `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    lines.push(
      [
        i + 1,
        `ORD-${String(i * 7).padStart(7, '0')}`,
        day,
        `${day} ${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`,
        regions[i % 4],
        i % 5 ? 'web' : 'shop',
        i % 400 === 3 ? 25000 : ((i * 7919) % 50_000) / 100,
        i % 3 ? '' : ((i % 30) / 100).toFixed(2),
        1 + (i % 9),
        ((i * 31) % 1000) / 10,
        `WH-${i % 3}`,
        statuses[(i * 7) % 5],
        String(10000 + ((i * 13) % 9000)),
        1 + ((i * 3) % 5),
        i % 2 ? '' : `SPRING${i % 4}`,
        (((i * 17) % 400) / 10 + 0.5).toFixed(1),
        i % 4 ? '' : `"note about order ${i}, with a comma"`,
        'EUR',
        ['retail', 'wholesale', 'online', 'partner'][i % 4],
        i % 11 === 0 ? 'true' : 'false',
      ].join(','),
    );
  }
  const path = join(mkdtempSync(join(tmpdir(), 'sift-shots-')), 'orders wide.csv');
  writeFileSync(path, lines.join('\n') + '\n');
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
