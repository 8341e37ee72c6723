/**
 * The column profile, computed by SQL in the worker with no API key: its counts against native
 * DuckDB on the same file, and the profile as background work (a million rows profiled while the
 * page keeps drawing: tests/stress/million-rows.test.ts).
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSql, summaries, waitForLoads } from './app.ts';
import { openApp, useBrowser } from './browser.ts';
import { shownProfile, writeWideCsv, type ShownColumn } from './profile-helpers.ts';

const browser = useBrowser();

describe('the profile of the bundled sample', () => {
  it('shows, without a key, the counts native DuckDB computes for every column', async () => {
    const { page, errors } = await openApp(browser());
    await page.click('[data-testid="sample-button"]');
    await waitForLoads(page, 1);
    const shown = await shownProfile(page);

    const native = await (await DuckDBInstance.create(':memory:')).connect();
    const file = resolve('public/data/weather.csv').replaceAll("'", "''");
    await native.run(`CREATE TABLE data AS SELECT * FROM read_csv('${file}')`);
    const columns = (await native.runAndReadAll('DESCRIBE data')).getRowObjectsJS();
    const expected: ShownColumn[] = [];
    for (const { column_name } of columns) {
      const c = `"${String(column_name)}"`;
      const [row] = (
        await native.runAndReadAll(`SELECT count(${c}) AS nn, count(DISTINCT ${c}) AS u FROM data`)
      ).getRowObjectsJS();
      expected.push({
        column: String(column_name),
        nonNull: Number(row!.nn),
        unique: Number(row!.u),
      });
    }
    expect(shown).toEqual(expected);
    const [summary] = await summaries(page);
    const [count] = (
      await native.runAndReadAll('SELECT count(*) AS n FROM data')
    ).getRowObjectsJS();
    expect(summary!.rows).toBe(Number(count!.n));
    expect(errors).toEqual([]);
  });
});

/** Records, in the page, each state of the profile table and when the SQL box shows a result. */
async function watchProfile(page: import('playwright-core').Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { seen_: string[] };
    w.seen_ = [];
    const note = () => {
      const table = document.querySelector('[data-testid="profile-table"]');
      const done = table
        ? table.querySelectorAll('tbody tr[data-column]:not([data-pending])').length
        : 0;
      const state = table?.hasAttribute('data-complete') ? 'complete' : `columns ${done}`;
      if (w.seen_.at(-1) !== state && (table || w.seen_.length)) w.seen_.push(state);
      if (document.querySelector('[data-testid="sql-result"]') && !w.seen_.includes('result'))
        w.seen_.push('result');
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
    });
  });
}

const seen = (page: import('playwright-core').Page) =>
  page.evaluate(() => (window as unknown as { seen_: string[] }).seen_);

describe('the profile as background work', () => {
  const ROWS = 300_000;

  it('fills in column by column, in the table order, and answers a query typed meanwhile first', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'sift-')), 'orders.csv');
    await writeWideCsv(path, ROWS, 20);
    const { page, errors } = await openApp(browser());
    await watchProfile(page);
    await page.setInputFiles('input[data-testid="file-input"]', path);
    await waitForLoads(page, 1);
    const result = await runSql(page, 'SELECT c1, count(*) AS n FROM data GROUP BY c1 ORDER BY c1');
    expect(result).toMatchObject({ ok: true, rows: 5 });
    if (result.ok) expect(result.cells.reduce((sum, r) => sum + Number(r[1]), 0)).toBe(ROWS);
    const shown = await shownProfile(page);
    expect(shown.map((c) => c.column)).toEqual(Array.from({ length: 20 }, (_, c) => `c${c}`));
    const states = await seen(page);
    // The query's answer came before the profile was done.
    expect(states.indexOf('result'), states.join(' → ')).toBeLessThan(states.indexOf('complete'));
    const partial = states
      .filter((s) => s.startsWith('columns '))
      .map((s) => Number(s.slice('columns '.length)));
    // Columns appeared while others were still being profiled, never going back.
    expect(
      partial.some((n) => n > 0 && n < 20),
      states.join(' → '),
    ).toBe(true);
    expect(partial).toEqual([...partial].sort((a, b) => a - b));
    expect(states.at(-1)).toBe('complete');
    expect(errors).toEqual([]);
  });
});
