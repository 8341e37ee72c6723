// Screenshots of the profile as background work: columns filling in while it runs, and a large
// table's estimates once it is done, at 1280×800 and 390 px.
//   npm run build && node scripts/screenshots-profile.mjs [outDir]
import { createWriteStream, mkdirSync, mkdtempSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview } from 'vite';
import { launchChromium } from './chromium.mjs';

const out = process.argv[2] ?? 'screenshots';
mkdirSync(out, { recursive: true });

/** 400,000 orders: an id, a code, a region, a date, an amount with a few far values, a note. */
async function ordersCsv() {
  const path = join(mkdtempSync(join(tmpdir(), 'sift-shots-')), 'orders 2024.csv');
  const file = createWriteStream(path);
  file.write('order_id,code,region,placed_on,amount,channel,note\n');
  const regions = ['north', 'south', 'east', 'west'];
  for (let i = 0; i < 400_000; i++) {
    const day = `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    const amount = i % 40_000 === 3 ? 250000 : ((i * 7919) % 50_000) / 100;
    const line = `${i},ORD-${String(i).padStart(7, '0')},${regions[i % 4]},${day},${amount},${i % 5 ? 'web' : 'shop'},${i % 3 ? '' : `note ${i % 97}`}\n`;
    if (!file.write(line)) await once(file, 'drain');
  }
  file.end();
  await once(file, 'finish');
  return path;
}

const csv = await ordersCsv();
const server = await preview({ preview: { port: 0 }, logLevel: 'warn' });
const url = server.resolvedUrls.local[0];
const browser = await launchChromium();
for (const [label, viewport] of [
  ['1280', { width: 1280, height: 800 }],
  ['390', { width: 390, height: 844 }],
]) {
  const page = await browser.newPage({ viewport });
  await page.goto(url);
  await page.setInputFiles('input[data-testid="file-input"]', csv);
  await page.waitForSelector('[data-testid="profile-table"] tr[data-pending]', {
    timeout: 120_000,
  });
  await page.locator('[data-testid="profile-table"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}/profile-running-${label}.png` });
  await page.waitForSelector('[data-testid="profile-table"][data-complete]', { timeout: 300_000 });
  await page.locator('[data-testid="profile-table"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}/profile-estimated-${label}.png` });
  await page.close();
}
await browser.close();
await server.close();
console.log(`screenshots in ${out}/`);
