// What issue 45 changed, as a newcomer meets it: two-digit years read and said beside the table,
// with the other order one click away (a French statement with no day over 12); a Sparkasse export;
// Yes/No and comment lines said; the rows grid's numbers with their places and the CSV for Excel
// choice; a long session list with the top bar in place — at 1280×800 and 390×844, light and dark.
//   npm run build && node scripts/screenshots-reading.mjs [outDir]
import { mkdirSync, readFileSync } from 'node:fs';
import { preview } from 'vite';
import { launchChromium } from './chromium.mjs';

const out = process.argv[2] ?? '.scratch/reading-shots';
mkdirSync(out, { recursive: true });
const server = await preview({ preview: { port: 0 }, logLevel: 'warn' });
const url = server.resolvedUrls.local[0];
const browser = await launchChromium();
const exports = 'tests/fixtures/exports';

async function load(page, name, buffer) {
  const loads = Number(await page.getAttribute('main', 'data-loads'));
  await page.setInputFiles('input[data-testid="file-input"]', {
    name,
    mimeType: 'text/csv',
    buffer,
  });
  await page.waitForFunction(
    (n) => Number(document.querySelector('main')?.dataset.loads) > n,
    loads,
  );
  await page.waitForSelector('[data-testid="profile-table"][data-complete]', { state: 'attached' });
}

async function newSession(page) {
  if (!(await page.isVisible('[data-testid="new-session"]')))
    await page.click('[data-testid="panel-left-open"]');
  await page.click('[data-testid="new-session"]');
  await page.waitForSelector('[data-testid="sample-button"]');
}

const ambiguous = Buffer.from(
  'Date;Libellé;Montant\n09/03/24;CB Carrefour;-45,20\n10/03/24;Virement salaire;2 315,62\n11/03/24;Loyer;-845,00\n',
  'utf8',
);
const flags = Buffer.from(
  '# Export généré le 02/12/2026\nid,client,payé\n1,Ana,Yes\n# page 2\n2,Bo,No\n3,Cy,yes\n',
  'utf8',
);

try {
  for (const scheme of ['light', 'dark']) {
    for (const [label, viewport] of [
      ['1280', { width: 1280, height: 800 }],
      ['390', { width: 390, height: 844 }],
    ]) {
      const context = await browser.newContext({
        viewport,
        colorScheme: scheme,
        serviceWorkers: 'block',
        locale: 'fr-FR',
      });
      const page = await context.newPage();
      const shot = (name) => page.screenshot({ path: `${out}/${name}-${label}-${scheme}.png` });
      await page.goto(url);
      await page.waitForSelector('.engine[data-state="ready"]');
      await page.waitForSelector('main[data-sessions-started="true"]');

      await load(page, 'relevé-mars.csv', ambiguous);
      await page.locator('[data-testid="conversions"]').scrollIntoViewIfNeeded();
      await shot('dates-ambiguous');
      await page.click('[data-testid="read-dates"][data-order="mdy"]');
      await page.waitForSelector('[data-testid="conversions"] tr[data-column="Date"]');
      await page.waitForTimeout(500);
      await page.locator('[data-testid="conversions"]').scrollIntoViewIfNeeded();
      await shot('dates-chosen');

      await newSession(page);
      await load(
        page,
        'Umsaetze_Girokonto.csv',
        readFileSync(`${exports}/de-sparkasse-camt-ddmmyy-windows1252.csv`),
      );
      await page.locator('[data-testid="conversions"]').scrollIntoViewIfNeeded();
      await shot('sparkasse');
      await page.click('[data-testid="show-rows"][data-table="data"]');
      await page.waitForSelector('[data-testid="rows-grid"] tr[data-row="0"] td.num');
      // The amounts, with their two places, and the choice of CSV beside the download.
      await page.locator('[data-testid="rows-grid"]').scrollIntoViewIfNeeded();
      await page
        .locator('[data-testid="rows-grid"] th[data-column="Betrag"]')
        .scrollIntoViewIfNeeded();
      await shot('sparkasse-rows');

      await newSession(page);
      await load(page, 'clients.csv', flags);
      await shot('flags-comments');

      for (let i = 0; i < 7; i++) {
        await newSession(page);
        await load(
          page,
          i % 2 ? 'sales_reps.csv' : 'uk-statement.csv',
          readFileSync(`${exports}/uk-bank-statement-ddmmyy-utf8.csv`),
        );
      }
      if (!(await page.isVisible('[data-testid="new-session"]')))
        await page.click('[data-testid="panel-left-open"]');
      await shot('long-session-list');
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
