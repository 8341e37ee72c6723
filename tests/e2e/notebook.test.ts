/**
 * The notebook (issue 48), as a person uses it in the built app with DuckDB in its worker: named
 * SQL cells, a later one reading an earlier one's result by its name, a failure said in plain
 * words and fixed, an edit marking the cells it changes stale, Run all, and the cells kept with
 * the session through a reload; then a text cell's findings, next month's file read in the
 * table's place, and Run all saying which findings hold and which changed. Expected figures are
 * counted here from the bundled CSV, and taken from the exports corpus's expected.json (make.py
 * computed them from the values it wrote).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { basename, join } from 'node:path';
import { pythonString } from '../../src/core/report/notebook-ipynb.ts';
import { openNativeDuckDB } from '../helpers/native-duckdb.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { downloaded, loadFiles, runSql } from './app.ts';
import { useBrowser, useSharedApp } from './browser.ts';
import { blankSession, openWithSample, sessionsReady } from './sessions-helpers.ts';

const browser = useBrowser();
/**
 * One page for the tests that start from a blank session (booting DuckDB is most of a short
 * test); the first test needs a profile of its own, as it counts the sessions after a reload.
 */
const shared = useSharedApp(browser, ({ page }) => blankSession(page));

const cell = (page: Page, i: number) => page.locator('[data-testid="cell"]').nth(i);

/** Adds a SQL cell named `name` holding `sql`, and runs it. */
async function addCell(page: Page, name: string, sql: string): Promise<void> {
  const i = await page.locator('[data-testid="cell"]').count();
  await page.click('[data-testid="add-cell-sql"]');
  await type(page, i, sql);
  await cell(page, i).locator('[data-testid="cell-name"]').fill(name);
  await cell(page, i).locator('[data-testid="cell-name"]').press('Enter');
  await expect.poll(() => cell(page, i).getAttribute('data-name')).toBe(name);
  await run(page, i);
}

const figures = (page: Page) =>
  page
    .locator('[data-testid="cell"][data-kind="text"] [data-testid="figure"]')
    .evaluateAll((els) => els.map((e) => [e.textContent, e.getAttribute('data-state')]));

async function type(page: Page, i: number, sql: string): Promise<void> {
  const box = cell(page, i);
  await box.locator('[data-testid="cell-sql-editor"]:not([data-editor="loading"])').waitFor({
    state: 'attached',
    timeout: 60_000,
  });
  await box.locator('[data-testid="cell-sql-input"]').fill(sql);
}

/** Runs cell `i` and returns its result's first column, row by row. */
async function run(page: Page, i: number): Promise<string[]> {
  const before = await cell(page, i).getAttribute('data-ran');
  await cell(page, i).locator('[data-testid="cell-run"]').click();
  await page.waitForFunction(
    ([n, b]) => {
      const el = document.querySelectorAll('[data-testid="cell"]')[n as number];
      return el && el.getAttribute('data-ran') !== b && el.getAttribute('data-state') !== 'running';
    },
    [i, before] as const,
  );
  return firstColumn(page, i);
}

const firstColumn = (page: Page, i: number) =>
  cell(page, i).locator('[data-testid="cell-result"] tbody tr td:first-child').allInnerTexts();

const states = (page: Page) =>
  page
    .locator('[data-testid="cell"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));

describe('the notebook', () => {
  it('keeps named cells that read each other, says a failure, marks edits stale and runs all again', async () => {
    const rows = (await readFile('public/data/weather.csv', 'utf8')).trim().split('\n').slice(1);
    const seattle = rows.map((l) => l.split(',')).filter((f) => f[0] === 'Seattle');
    const wetter = (mm: number) => String(seattle.filter((f) => Number(f[2]) > mm).length);

    const { page, errors } = await openWithSample(browser());
    await page.click('[data-testid="tab-notebook"]');
    await page.waitForSelector('[data-testid="notebook-empty"]');

    await page.click('[data-testid="add-cell-sql"]');
    await type(
      page,
      0,
      'SELECT location, count(*) AS days FROM data WHERE precipitation > 0 GROUP BY location ORDER BY location',
    );
    await cell(page, 0).locator('[data-testid="cell-name"]').fill('rainy_days');
    await cell(page, 0).locator('[data-testid="cell-name"]').press('Enter');
    expect(await run(page, 0)).toEqual(['New York', 'Seattle']);
    await expect.poll(() => cell(page, 0).getAttribute('data-name')).toBe('rainy_days');

    // A name that is not an identifier is refused, in words, and the cell keeps its own.
    await cell(page, 0).locator('[data-testid="cell-name"]').fill('rainy days');
    await cell(page, 0).locator('[data-testid="cell-name"]').press('Enter');
    await expect
      .poll(() => cell(page, 0).locator('[data-testid="cell-name-problem"]').innerText())
      .toMatch(/lower-case letters, digits and _/);
    expect(await cell(page, 0).getAttribute('data-name')).toBe('rainy_days');

    // A later cell reads the first by its name; a column that is not there fails in words.
    await page.click('[data-testid="add-cell-sql"]');
    await type(page, 1, "SELECT dayz FROM rainy_days WHERE location = 'Seattle'");
    await cell(page, 1).locator('[data-testid="cell-run"]').click();
    const failure = cell(page, 1).locator('[data-testid="cell-error"]');
    await expect.poll(() => failure.innerText()).toMatch(/dayz/);
    await type(page, 1, "SELECT days FROM rainy_days WHERE location = 'Seattle'");
    expect(await run(page, 1)).toEqual([wetter(0)]);
    expect(await cell(page, 1).locator('[data-testid="cell-error"]').count()).toBe(0);
    expect(await states(page)).toEqual(['done', 'done']);

    // Edited, the first cell and the one reading it are stale until Run all.
    await type(
      page,
      0,
      'SELECT location, count(*) AS days FROM data WHERE precipitation > 5 GROUP BY location ORDER BY location',
    );
    await page.locator('[data-testid="notebook"] .notebook-head p').click();
    await expect.poll(() => states(page)).toEqual(['stale', 'stale']);
    await page.click('[data-testid="run-all"]');
    await expect.poll(() => states(page)).toEqual(['done', 'done']);
    expect(await firstColumn(page, 1)).toEqual([wetter(5)]);

    // Kept with the session: after a reload the cells, their names and results are there.
    await page.reload();
    await sessionsReady(page, 1);
    await page.click('[data-testid="tab-notebook"]');
    await page.waitForSelector('[data-testid="cell"] [data-testid="cell-result"]');
    expect(
      await page
        .locator('[data-testid="cell"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-name'))),
    ).toEqual(['rainy_days', 'cell_2']);
    expect(await firstColumn(page, 1)).toEqual([wetter(5)]);
    expect(await states(page)).toEqual(['done', 'done']);

    // A query of the SQL box goes to the notebook as a cell of its own, run.
    const count = "SELECT count(*) AS n FROM data WHERE location = 'Seattle'";
    expect(await runSql(page, count)).toMatchObject({
      ok: true,
      cells: [[String(seattle.length)]],
    });
    await page.click('[data-testid="sql-result"] [data-testid="to-notebook"]');
    await expect
      .poll(() => page.locator('[data-testid="cell"] [data-testid="cell-result"]').count())
      .toBe(3);
    // The grid groups thousands, as the SQL box's result does.
    await expect.poll(() => firstColumn(page, 2)).toEqual([seattle.length.toLocaleString('en-US')]);
    expect(await states(page)).toEqual(['done', 'done', 'done']);
    expect(errors).toEqual([]);
  });

  it('runs again on next month’s file, and says which findings still hold and which changed', async () => {
    const expected = JSON.parse(await readFile('tests/fixtures/exports/expected.json', 'utf8'));
    const month = (name: string) => {
      const e = expected[`${name}.csv`];
      const credits = e.columns.find((c: { name: string }) => c.name === 'Crédit').sum as number;
      return { rows: e.layout.rows as number, credits };
    };
    const march = month('fr-bank-statement-ddmmyy-windows1252');
    const april = month('fr-bank-statement-april-ddmmyy-windows1252');
    const money = (x: number) =>
      x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

    const { page, errors } = await shared();
    await loadFiles(page, ['tests/fixtures/exports/fr-bank-statement-ddmmyy-windows1252.csv']);
    await page.click('[data-testid="tab-notebook"]');
    await addCell(page, 'totals', 'SELECT sum("Crédit") AS credits, count(*) AS lines FROM data');
    await addCell(page, 'rent', `SELECT "Débit" AS rent FROM data WHERE "Libellé" LIKE '%Loyer%'`);
    await page.click('[data-testid="add-cell-text"]');
    await page
      .locator('[data-testid="cell-text"]')
      .fill(
        `Credits came to ${money(march.credits)} [@totals] over ${march.rows} lines [@totals]. The rent was 845.00 [@rent].`,
      );
    await page.click('[data-testid="cell-done"]');
    await expect
      .poll(() => figures(page))
      .toEqual([
        [money(march.credits), 'checked'],
        [String(march.rows), 'checked'],
        ['845.00', 'checked'],
      ]);
    expect(await page.getAttribute('[data-testid="findings"]', 'data-checked')).toBe('3');

    // April's export, read as the table in March's place: what differs is said.
    await page.click('[data-testid="view-data"]');
    await page.setInputFiles(
      '[data-testid="replace-file-input"]',
      'tests/fixtures/exports/fr-bank-statement-april-ddmmyy-windows1252.csv',
    );
    const changes = page.locator('[data-testid="replace-changes"]');
    await expect
      .poll(() => changes.innerText().catch(() => ''), { timeout: 60_000 })
      .toMatch(new RegExp(`${april.rows} rows \\(${march.rows} before\\)`));
    expect(await changes.innerText()).toContain('The same columns, of the same types.');
    // Until they run again, the results are last month's, and say so.
    expect(await states(page)).toEqual(['stale', 'stale', 'done']);
    expect(await cell(page, 0).locator('[data-testid="cell-stale"]').textContent()).toBe(
      'Its data changed since it ran',
    );
    // The findings say they were checked on last month's results.
    expect(await page.getAttribute('[data-testid="findings"]', 'data-stale')).toBe('true');

    // Run again: the credits and the lines changed, the rent holds.
    await page.click('[data-testid="replace-run-all"]');
    await expect
      .poll(() => page.getAttribute('[data-testid="findings"]', 'data-changed'))
      .toBe('2');
    expect(await figures(page)).toEqual([
      [money(march.credits), 'changed'],
      [String(march.rows), 'changed'],
      ['845.00', 'checked'],
    ]);
    expect(await page.locator('[data-testid="figure-now"]').allInnerTexts()).toEqual([
      `now ${money(april.credits)}`,
      `now ${april.rows}`,
    ]);
    expect(await page.getAttribute('[data-testid="findings"]', 'data-checked')).toBe('1');
    expect(await page.getAttribute('[data-testid="findings"]', 'data-stale')).toBe('false');
    // Saved as Markdown, with what changed said beside the figure.
    const md = (
      await downloaded(page, page.locator('[data-testid="export-notebook-md"]'))
    ).toString();
    expect(md).toContain(
      `Credits came to ${money(march.credits)} _(now ${money(april.credits)})_ [@totals]`,
    );
    expect(md).toContain('## rent\n\n```sql\n');

    // A file that cannot be read leaves the table, the notebook and its findings as they were.
    await page.click('[data-testid="view-data"]');
    await page.setInputFiles('[data-testid="replace-file-input"]', {
      name: 'mai.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]),
    });
    await expect
      .poll(() =>
        page
          .locator('[data-testid="load-error"]')
          .innerText()
          .catch(() => ''),
      )
      .toMatch(/stays as it was read before/);
    expect(await page.getAttribute('[data-testid="table-summary"]', 'data-rows')).toBe(
      String(april.rows),
    );
    await page.click('[data-testid="tab-notebook"]');
    expect(await page.getAttribute('[data-testid="findings"]', 'data-changed')).toBe('2');
    expect(errors).toEqual([]);
  });

  it('saves a DuckDB script and a Jupyter notebook that native DuckDB runs to the page’s results', async () => {
    // A British statement (UTF-8, dd/mm/yy dates, grouped amounts): read natively without any
    // extension, so the script's reading is checked whole.
    const file = 'tests/fixtures/exports/uk-bank-statement-ddmmyy-utf8.csv';
    const { page, errors } = await shared();
    await loadFiles(page, [file]);
    await page.click('[data-testid="tab-notebook"]');
    await addCell(
      page,
      'by_type',
      'SELECT "Type", count(*) AS n, round(sum(coalesce("Paid out", 0)), 2) AS paid_out, CAST(min("Date") AS VARCHAR) AS first FROM data GROUP BY 1 ORDER BY 1',
    );
    await addCell(
      page,
      'top',
      'SELECT "Type", paid_out FROM by_type ORDER BY paid_out DESC LIMIT 1',
    );
    const shown = (i: number) =>
      cell(page, i)
        .locator('[data-testid="cell-result"] tbody tr')
        .evaluateAll((rows) =>
          rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
        );
    const script = (
      await downloaded(page, page.locator('[data-testid="export-notebook-sql"]'))
    ).toString();
    const notebook = JSON.parse(
      (await downloaded(page, page.locator('[data-testid="export-notebook-ipynb"]'))).toString(),
    ) as { cells: Array<{ source: string[] }> };
    // The notebook's setup reads the file with the script's own statement.
    const read = /^CREATE TABLE[^;]*read_csv\([^;]*;$/m.exec(script)?.[0];
    expect(read).toContain(`read_csv('${basename(file)}'`);
    expect(notebook.cells[1]!.source.join('')).toContain(
      `con.sql(${pythonString(read!.slice(0, -1))})`,
    );

    const dir = mkdtempSync(join(os.tmpdir(), 'sift-notebook-'));
    const native = await openNativeDuckDB();
    try {
      copyFileSync(file, join(dir, basename(file)));
      await native.run(`SET file_search_path = '${dir}'`);
      await native.run(script);
      // What the page shows, its grouped numbers read back, against native DuckDB's rows.
      const same = (v: unknown) => {
        const text = String(v ?? '').replaceAll(',', '');
        return text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
      };
      for (const [i, name] of ['by_type', 'top'].entries()) {
        const rows = (await native.run(`FROM ${name}`)).map((r) => Object.values(r).map(same));
        expect(
          (await shown(i)).map((r) => r.map(same)),
          name,
        ).toEqual(rows);
      }
    } finally {
      native.close();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
  });
});
