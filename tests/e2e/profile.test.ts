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
import { summaries, waitForLoads } from './app.ts';
import { openApp, useBrowser } from './browser.ts';

const browser = useBrowser();

interface ShownColumn {
  column: string;
  nonNull: number;
  unique: number;
}

async function shownProfile(page: import('playwright-core').Page): Promise<ShownColumn[]> {
  await page.waitForSelector('[data-testid="profile-table"]', { timeout: 180_000 });
  return page.$$eval('[data-testid="profile-table"] tbody tr', (trs) =>
    trs.map((tr) => ({
      column: tr.getAttribute('data-column') ?? '',
      nonNull: Number(tr.getAttribute('data-non-null')),
      unique: Number(tr.getAttribute('data-unique')),
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
    expect(shown[0]).toEqual({ column: 'c0', nonNull: 1_000_000, unique: 1_000_000 });
    expect(shown[1]).toMatchObject({ column: 'c1', unique: 5 });
    expect(await frames()).toBeGreaterThan(before);
  });
});
