/**
 * The notebook (issue 48), as a person uses it in the built app with DuckDB in its worker: named
 * SQL cells, a later one reading an earlier one's result by its name, a failure said in plain
 * words and fixed, an edit marking the cells it changes stale, Run all, and the cells kept with
 * the session through a reload. Expected figures are counted here from the bundled CSV.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runSql } from './app.ts';
import { useBrowser } from './browser.ts';
import { openWithSample, sessionsReady } from './sessions-helpers.ts';

const browser = useBrowser();

const cell = (page: Page, i: number) => page.locator('[data-testid="cell"]').nth(i);

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
    await page.locator('[data-testid="notebook"] .notebook-head').click();
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
});
