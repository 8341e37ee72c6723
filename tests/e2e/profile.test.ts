/**
 * The column profile, computed by SQL in the worker with no API key: its counts against native
 * DuckDB on the same file, and a million rows profiled while the page keeps drawing frames.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { runSql, summaries, waitForLoads } from './app.ts';
import { openApp, useBrowser } from './browser.ts';

const browser = useBrowser();

interface ShownColumn {
  column: string;
  nonNull: number;
  unique: number;
  estimated?: true;
}

async function shownProfile(page: import('playwright-core').Page): Promise<ShownColumn[]> {
  await page.waitForSelector('[data-testid="profile-table"][data-complete]', { timeout: 180_000 });
  return page.$$eval('[data-testid="profile-table"][data-complete] tbody tr[data-column]', (trs) =>
    trs.map((tr) => ({
      column: tr.getAttribute('data-column') ?? '',
      nonNull: Number(tr.getAttribute('data-non-null')),
      unique: Number(tr.getAttribute('data-unique')),
      ...(tr.hasAttribute('data-estimated') ? { estimated: true as const } : {}),
    })),
  );
}

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

async function writeWideCsv(path: string, rows: number, cols: number): Promise<void> {
  const out = createWriteStream(path);
  const cats = ['north', 'south', 'east', 'west', 'centre'];
  out.write(Array.from({ length: cols }, (_, c) => `c${c}`).join(',') + '\n');
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let r = 0; r < rows; r++) {
    const fields: string[] = [];
    for (let c = 0; c < cols; c++) {
      if (c === 0) fields.push(String(r));
      else if (c % 4 === 1) fields.push(cats[Math.floor(rand() * cats.length)]!);
      else if (c % 4 === 2) fields.push(rand() < 0.1 ? '' : (rand() * 1000).toFixed(2));
      else fields.push(String(Math.floor(rand() * 100000)));
    }
    if (!out.write(fields.join(',') + '\n')) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

describe('a million rows', () => {
  it('loads 1,000,000 × 20 and profiles every column while the page keeps drawing', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'sift-')), 'million.csv');
    await writeWideCsv(path, 1_000_000, 20);
    const { page } = await openApp(browser());
    // Frames drawn by the page's main thread: a frozen page draws none.
    await page.evaluate(() => {
      const w = window as unknown as { frames_: number };
      w.frames_ = 0;
      const tick = () => {
        w.frames_++;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const frames = () => page.evaluate(() => (window as unknown as { frames_: number }).frames_);
    await page.setInputFiles('input[data-testid="file-input"]', path);
    // While DuckDB reads the file the page says what it is doing, and keeps drawing.
    await page
      .locator('[data-testid="load-progress"]')
      .filter({ hasText: /Reading million\.csv \(\d+(\.\d)? MB\)/ })
      .waitFor();
    const loading = await frames();
    await waitForLoads(page, 1);
    expect(await frames()).toBeGreaterThan(loading);
    const [summary] = await summaries(page);
    expect(summary).toMatchObject({ rows: 1_000_000, cols: 20 });
    const before = await frames();
    const shown = await shownProfile(page);
    expect(shown).toHaveLength(20);
    // A million distinct identifiers, estimated near all distinct, are then counted exactly
    // (issue 45: "all distinct" is said only when true); five regions are counted.
    expect(shown[0]).toEqual({ column: 'c0', nonNull: 1_000_000, unique: 1_000_000 });
    expect(shown[1]).toEqual({ column: 'c1', nonNull: 1_000_000, unique: 5 });
    expect(await frames()).toBeGreaterThan(before);
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
  let path: string;
  const ROWS = 300_000;

  it('fills in column by column, in the table order', async () => {
    path = join(mkdtempSync(join(tmpdir(), 'sift-')), 'orders.csv');
    await writeWideCsv(path, ROWS, 20);
    const { page, errors } = await openApp(browser());
    await watchProfile(page);
    await page.setInputFiles('input[data-testid="file-input"]', path);
    await waitForLoads(page, 1);
    const shown = await shownProfile(page);
    expect(shown.map((c) => c.column)).toEqual(Array.from({ length: 20 }, (_, c) => `c${c}`));
    const states = await seen(page);
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

  it('answers a query typed during the profile before the profile is done', async () => {
    path ??= join(mkdtempSync(join(tmpdir(), 'sift-')), 'orders.csv');
    await writeWideCsv(path, ROWS, 20);
    const { page, errors } = await openApp(browser());
    await watchProfile(page);
    await page.setInputFiles('input[data-testid="file-input"]', path);
    await waitForLoads(page, 1);
    const result = await runSql(page, 'SELECT c1, count(*) AS n FROM data GROUP BY c1 ORDER BY c1');
    expect(result).toMatchObject({ ok: true, rows: 5 });
    if (result.ok) expect(result.cells.reduce((sum, r) => sum + Number(r[1]), 0)).toBe(ROWS);
    await shownProfile(page);
    const states = await seen(page);
    expect(states.indexOf('result'), states.join(' → ')).toBeLessThan(states.indexOf('complete'));
    expect(errors).toEqual([]);
  });
});
