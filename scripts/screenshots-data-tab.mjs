// The places a person works with the data themselves (issue 33), as a newcomer meets them: the
// SQL box (its editor completing a column, a result with its id, Copy, CSV and chart, an error
// with its caret, the history, a cut result's whole-file CSV and its failure), the rows grid
// (sorted, filtered, searched, a cell's menu), a kept chart in the Charts tab and the Undo of a
// delete — at 1280×800 and 390×844, light and dark.
//   npm run build && node scripts/screenshots-data-tab.mjs [outDir]
import { mkdirSync } from 'node:fs';
import { preview } from 'vite';
import { launchChromium } from './chromium.mjs';

const out = process.argv[2] ?? '.scratch/data-tab-shots';
mkdirSync(out, { recursive: true });
const server = await preview({ preview: { port: 0 }, logLevel: 'warn' });
const url = server.resolvedUrls.local[0];
const browser = await launchChromium();

async function showView(page, view) {
  const tab = page.locator(`[data-testid="view-${view}"]`);
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
}

async function runSql(page, sql) {
  await page.fill('[data-testid="sql-input"]', sql);
  const before = await page.evaluate(
    () =>
      document
        .querySelector('[data-testid="sql-result"], [data-testid="sql-error"]')
        ?.getAttribute('data-run') ?? '0',
  );
  await page.click('[data-testid="sql-run"]');
  await page.waitForFunction((n) => {
    const el = document.querySelector('[data-testid="sql-result"], [data-testid="sql-error"]');
    return el && Number(el.getAttribute('data-run')) > Number(n);
  }, before);
}

const settled = (page) =>
  page.waitForSelector(
    '[data-testid="rows-grid"]:not([data-busy]) tr[data-row="0"] td:not(.loading):not(.index)',
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
      });
      const page = await context.newPage();
      const shot = (name) => page.screenshot({ path: `${out}/${name}-${label}-${scheme}.png` });
      await page.goto(url);
      await page.waitForSelector('.engine[data-state="ready"]');
      await page.click('[data-testid="sample-button"]');
      await page.waitForSelector('[data-testid="profile-table"][data-complete]');
      await showView(page, 'data');
      await page.waitForSelector('[data-testid="sql-editor"]:not([data-editor="loading"])', {
        state: 'attached',
      });
      const editor = page.locator('[data-testid="sql-input"]');
      await editor.scrollIntoViewIfNeeded();
      await shot('01-sql-empty');

      // Completion of a column, typed as a person types.
      await editor.click();
      await page.keyboard.type('SELECT weather, count(*) AS days, avg(temp_m');
      await page.waitForTimeout(400);
      await shot('02-sql-complete');
      await page.keyboard.press('Escape');

      await runSql(
        page,
        'SELECT weather, count(*) AS days, avg(temp_max) AS mean_max, sum(precipitation) AS rain\nFROM data GROUP BY weather ORDER BY days DESC',
      );
      await page.locator('[data-testid="sql-result"]').scrollIntoViewIfNeeded();
      await shot('03-sql-result');
      await page.locator('[data-testid="sql-result"] [data-testid="sql-chart"]').click();
      await page.waitForSelector('[data-testid="sql-result"] [data-testid="plot"][data-rendered]');
      await page
        .locator('[data-testid="sql-result"] [data-testid="plot"]')
        .scrollIntoViewIfNeeded();
      await shot('04-sql-chart');
      await page.locator('[data-testid="chart-keep"]').click();

      await runSql(page, 'SELECT location,\n  nope\nFROM data');
      await page.locator('[data-testid="sql-error"]').scrollIntoViewIfNeeded();
      await shot('05-sql-error');
      // A result longer than the box shows: its CSV is the whole of it; and one too slow to save.
      await runSql(page, 'SELECT * FROM data a, data b');
      await page.locator('[data-testid="sql-result"]').scrollIntoViewIfNeeded();
      await shot('05b-sql-cut');
      await page.fill('[data-testid="sql-timeout"]', '1');
      await page.click('[data-testid="sql-result"] [data-testid="table-csv"]');
      await page.waitForSelector('[data-testid="table-csv-failure"]', { timeout: 60_000 });
      await shot('05c-sql-save-failure');
      await page.fill('[data-testid="sql-timeout"]', '30');
      const history = page.locator('[data-testid="sql-history"]');
      await history.locator('summary').click();
      await history.scrollIntoViewIfNeeded();
      await shot('06-sql-history');

      // The rows grid: sorted by the hottest day, searched, then filtered from a cell.
      await page.click('[data-testid="show-rows"][data-table="data"]');
      await settled(page);
      const grid = page.locator('[data-testid="rows-grid"]');
      await grid.scrollIntoViewIfNeeded();
      await shot('07-grid');
      const sort = grid.locator('[data-testid="grid-sort"][data-column="temp_max"]');
      await sort.click();
      await settled(page);
      await sort.click();
      await settled(page);
      await page.fill('[data-testid="grid-search"]', 'rain');
      await page.waitForTimeout(600);
      await settled(page);
      await shot('08-grid-sorted-searched');
      await grid.locator('tr[data-row="1"] td[data-col="0"]').click();
      await page.waitForSelector('[data-testid="grid-cell-menu"]');
      await shot('09-grid-cell-menu');
      await page.click('[data-testid="grid-cell-only"]');
      await settled(page);
      await shot('10-grid-filtered');

      await showView(page, 'charts');
      await page.waitForSelector('[data-testid="charts-view"] [data-testid="plot"][data-rendered]');
      await shot('11-charts-kept');

      // Delete the session: the Undo notice.
      if (!(await page.isVisible('[data-testid="session-item"]')))
        await page.click('[data-testid="panel-left-open"]');
      await page.locator('[data-testid="session-item"]').first().hover();
      await page.locator('[data-testid="session-delete"]').first().click();
      const confirm = page.locator('[data-testid="session-delete-confirm"]');
      if (await confirm.isVisible().catch(() => false)) await confirm.click();
      await page.waitForSelector('[data-testid="delete-notice"]');
      await shot('12-undo-delete');
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`screenshots in ${out}/`);
