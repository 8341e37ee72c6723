/**
 * Every format a person brings, read in the built app with nothing fetched from anywhere but the
 * app's own origin: Parquet (row group by row group; nested, list, decimal and time-zoned columns;
 * three million rows in tests/stress/parquet-millions.test.ts),
 * JSON arrays, JSON Lines, nested JSON and gzipped CSV, each with the row count native DuckDB
 * reads from the same file, and a damaged file of each kind refused with a message.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { loadErrors, loadFiles, loadWatchingProgress, runSql, summaries } from './app.ts';
import { openApp, useBrowser, useSharedApp } from './browser.ts';
import { blankSession, sessionsReady } from './sessions-helpers.ts';

const browser = useBrowser();
/** One page for the reading tests, each starting from a new, empty session in it. */
const openBlank = useSharedApp(browser, ({ page }) => blankSession(page));
const dir = mkdtempSync(join(tmpdir(), 'sift-formats-'));
const path = (name: string) => join(dir, name);
let native: DuckDBConnection;

async function nativeCount(from: string): Promise<number> {
  const reader = await native.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM ${from}`);
  return Number(reader.getRowObjects()[0]!.n);
}

beforeAll(async () => {
  native = await (await DuckDBInstance.create(':memory:')).connect();
  // Five row groups of DuckDB's default size (122,880 rows), zstd, as a data pipeline writes them:
  // enough to see the reading go group by group. Three million rows (25 groups) are a stress
  // test, tests/stress/parquet-millions.test.ts (issue 47).
  await native.run(
    `COPY (SELECT i AS id, (i * 7919) % 1000 AS shop, round(random() * 100, 2) AS amount, 'item ' || (i % 5000) AS item, TIMESTAMP '2024-01-01' + INTERVAL (i) SECOND AS at FROM range(500000) t(i)) TO '${path('sales.parquet')}' (FORMAT parquet, COMPRESSION zstd)`,
  );
  await native.run(
    `COPY (SELECT i AS id, {'a': i, 'b': 'x' || i} AS pair, [i, i + 1, NULL] AS list, TIMESTAMPTZ '2024-03-10 12:00:00+00' + INTERVAL (i) HOUR AS at, (i * 1.25)::DECIMAL(18, 4) AS price, CASE WHEN i % 3 = 0 THEN NULL ELSE 'v' || i END AS maybe FROM range(1000) t(i)) TO '${path('nested.parquet')}' (FORMAT parquet, COMPRESSION snappy)`,
  );
  const records = Array.from({ length: 2500 }, (_, i) => ({
    id: i,
    city: ['Oslo', 'Lima', 'Pune'][i % 3],
    amount: i / 4,
    customer: { name: `c${i % 40}`, tier: i % 2 ? 'gold' : 'basic' },
  }));
  writeFileSync(path('orders.json'), JSON.stringify(records, null, 2));
  writeFileSync(path('orders.jsonl'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  // Large enough to be read in many chunks and batches, so that its progress can be watched.
  const events = Array.from(
    { length: 200_000 },
    (_, i) => `{"id":${i},"kind":"${['view', 'click', 'buy'][i % 3]}","at":"2024-05-01T10:00:00Z"}`,
  );
  writeFileSync(path('events.jsonl'), events.join('\n'));
  writeFileSync(
    path('people.csv.gz'),
    gzipSync('name,age\n' + Array.from({ length: 5000 }, (_, i) => `p${i},${i % 90}`).join('\n')),
  );
});

/** Every record of one object store of the page's IndexedDB, as the session store wrote it. */
function stored<T>(page: Page, store: 'files' | 'sessions'): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('sift');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction(name).objectStore(name).getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result as T[]);
          };
        };
      }),
    store,
  );
}

/** The data files kept on the person's disk. */
const storedFiles = async (page: Page) =>
  (await stored<{ name: string; size: number }>(page, 'files')).map(({ name, size }) => ({
    name,
    size,
  }));

/** Each stored session's table names, once its removal or addition is written. */
const storedTables = async (page: Page) =>
  (await stored<{ tables: Array<{ name: string }> }>(page, 'sessions')).map((s) =>
    s.tables.map((t) => t.name),
  );

/** Every request the page makes, to prove that none leaves its origin. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

function foreign(urls: string[]): string[] {
  const own = new URL(inject('baseUrl')).origin;
  return urls.filter(
    (u) => !u.startsWith('blob:') && !u.startsWith('data:') && new URL(u).origin !== own,
  );
}

describe('files of every format', () => {
  it('reads Parquet row group by row group, and nested, list, decimal and time-zoned columns', async () => {
    const { page, errors } = await openBlank();
    const urls = recordRequests(page);
    await loadFiles(page, [path('sales.parquet'), path('nested.parquet')]);
    expect(await loadErrors(page)).toEqual([]);
    expect(await summaries(page)).toMatchObject([
      {
        table: 'sales',
        file: 'sales.parquet',
        format: 'parquet',
        cols: 5,
        rows: await nativeCount(`'${path('sales.parquet')}'`),
      },
      {
        table: 'nested',
        file: 'nested.parquet',
        format: 'parquet',
        cols: 6,
        rows: await nativeCount(`'${path('nested.parquet')}'`),
      },
    ]);
    const sums = await runSql(page, 'SELECT count(DISTINCT shop), sum(id) FROM sales');
    const [nativeSums] = (
      await native.runAndReadAll(
        `SELECT count(DISTINCT shop)::VARCHAR AS a, sum(id)::VARCHAR AS b FROM '${path('sales.parquet')}'`,
      )
    ).getRowObjects();
    expect(sums).toMatchObject({ ok: true, cells: [[nativeSums!.a, nativeSums!.b]] });
    const nested = await runSql(
      page,
      'SELECT pair.b, len(list), price, maybe FROM nested WHERE id = 7',
    );
    expect(nested).toMatchObject({ ok: true, cells: [['x7', '3', '8.75', 'v7']] });
    expect(foreign(urls)).toEqual([]);
    expect(urls.some((u) => /parquet_wasm_bg-[\w-]+\.wasm$/.test(u))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('reads a JSON array, JSON Lines and a nested object, and a gzipped CSV', async () => {
    const { page, errors } = await openBlank();
    const urls = recordRequests(page);
    await loadFiles(page, [path('orders.json'), path('orders.jsonl'), path('people.csv.gz')]);
    expect(await loadErrors(page)).toEqual([]);
    expect(await summaries(page)).toMatchObject([
      {
        table: 'orders',
        format: 'json',
        cols: 5,
        rows: await nativeCount(`read_json('${path('orders.json')}')`),
      },
      {
        table: 'orders_2',
        format: 'jsonl',
        cols: 5,
        rows: await nativeCount(`read_json('${path('orders.jsonl')}')`),
      },
      {
        table: 'people',
        format: 'csv',
        cols: 2,
        rows: await nativeCount(`'${path('people.csv.gz')}'`),
      },
    ]);
    const byTier = await runSql(
      page,
      'SELECT customer_tier, count(*) FROM orders_2 GROUP BY 1 ORDER BY 1',
    );
    expect(byTier).toMatchObject({
      ok: true,
      header: ['customer_tier', 'count_star()'],
      cells: [
        ['basic', '1250'],
        ['gold', '1250'],
      ],
    });
    expect(
      await page.locator('[data-testid="table-summary"][data-table="orders"]').textContent(),
    ).toMatch(/nested object was spread/);
    expect(foreign(urls)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows how far a JSON Lines or Parquet file has been read, not only that it is being read', async () => {
    const { page, errors } = await openBlank();
    for (const file of ['events.jsonl', 'sales.parquet']) {
      const seen = await loadWatchingProgress(page, [path(file)]);
      expect(seen.filter((v) => v > 0 && v < 1).length, file).toBeGreaterThanOrEqual(3);
      expect(
        seen.every((v, i) => i === 0 || v >= seen[i - 1]!),
        file,
      ).toBe(true);
    }
    expect((await summaries(page)).map((t) => [t.file, t.rows])).toEqual([
      ['events.jsonl', 200_000],
      ['sales.parquet', await nativeCount(`'${path('sales.parquet')}'`)],
    ]);
    expect(errors).toEqual([]);
  });

  it('refuses a damaged file of each kind with a message, and keeps what is loaded', async () => {
    const { page } = await openBlank();
    await loadFiles(page, [path('orders.json')]);
    const parquet = readFileSync(path('nested.parquet'));
    const gz = readFileSync(path('people.csv.gz'));
    const file = (name: string, buffer: Buffer) => ({
      name,
      mimeType: 'application/octet-stream',
      buffer,
    });
    await loadFiles(page, [
      file('cut.parquet', parquet.subarray(0, parquet.length / 2)),
      file('cut.json', Buffer.from('[{"a": 1}, {"a": 2')),
      file('bad.jsonl', Buffer.from('{"a": 1}\n{"a": nope}\n')),
      file('cut.csv.gz', gz.subarray(0, 20)),
      file('cut.xlsx', readFileSync('tests/fixtures/xlsx/sales.xlsx').subarray(0, 1500)),
    ]);
    const problems = await loadErrors(page);
    expect(problems.map((p) => p.file)).toEqual([
      'cut.parquet',
      'cut.json',
      'bad.jsonl',
      'cut.csv.gz',
      'cut.xlsx',
    ]);
    expect(problems[0]!.text).toMatch(/Parquet file cannot be read/);
    expect(problems[1]!.text).toMatch(/JSON file cannot be read/);
    expect(problems[2]!.text).toMatch(/JSON file cannot be read/);
    expect(problems[3]!.text).toMatch(/gzip/);
    expect(problems[4]!.text).toMatch(/could not be read as an Excel workbook/);
    expect(await summaries(page)).toMatchObject([{ table: 'data', rows: 2500 }]);
  });

  it('stores the files as they are in the session, and reads them again when it reopens', async () => {
    const { page, errors } = await openApp(browser());
    await sessionsReady(page);
    await loadFiles(page, [path('nested.parquet'), path('orders.jsonl')]);
    await page.waitForSelector('[data-testid="session-item"][aria-current="true"]');
    const before = await summaries(page);
    // What IndexedDB holds: each file under its name, its bytes as they were (Parquet's magic
    // number, the first JSON line), not converted.
    const stored = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('sift');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const files = await new Promise<Array<{ name: string; size: number; blob: Blob }>>(
        (resolve, reject) => {
          const read = db.transaction('files').objectStore('files').getAll();
          read.onsuccess = () => resolve(read.result as never);
          read.onerror = () => reject(read.error);
        },
      );
      db.close();
      const out: Array<[string, number, string]> = [];
      for (const f of files) out.push([f.name, f.size, await f.blob.slice(0, 4).text()]);
      return out.sort();
    });
    expect(stored).toEqual([
      ['nested.parquet', readFileSync(path('nested.parquet')).length, 'PAR1'],
      ['orders.jsonl', readFileSync(path('orders.jsonl')).length, '{"id'],
    ]);
    await page.reload();
    await sessionsReady(page, 2);
    expect(await summaries(page)).toEqual(before.map((t) => ({ ...t })));
    expect(
      await runSql(page, "SELECT count(*) FROM orders WHERE customer_tier = 'gold'"),
    ).toMatchObject({
      ok: true,
      cells: [['1250']],
    });
    expect(errors).toEqual([]);
  });

  it('reads each sheet of an Excel workbook, and reopens each from the stored workbook', async () => {
    // Native DuckDB reads xlsx only through its excel extension, which is not at hand offline:
    // the counts are the rows the workbook was written with (tests/fixtures/xlsx/make.mjs).
    const { page, errors } = await openApp(browser());
    const urls = recordRequests(page);
    await sessionsReady(page);
    await loadFiles(page, ['tests/fixtures/xlsx/sales.xlsx']);
    expect(await loadErrors(page)).toEqual([]);
    const before = await summaries(page);
    expect(before).toMatchObject([
      { table: 'sales_2024', file: 'sales.xlsx', format: 'xlsx', rows: 4, cols: 5 },
      { table: 'targets', file: 'sales.xlsx', format: 'xlsx', rows: 3, cols: 2 },
    ]);
    const sheets = await page.$$eval('[data-testid="table-summary"]', (els) =>
      els.map((el) => el.getAttribute('data-sheet')),
    );
    expect(sheets).toEqual(['Sales 2024', 'Targets']);
    // The sheets connect by their shared Region column: 3 of the 4 regions have a target.
    const hint = page.locator('[data-testid="join-hint"]');
    await hint.waitFor({ timeout: 60_000 });
    expect([
      await hint.getAttribute('data-left'),
      await hint.getAttribute('data-right'),
      await hint.getAttribute('data-match'),
    ]).toEqual(['sales_2024.Region', 'targets.Region', '0.75']);
    expect(
      await runSql(
        page,
        'SELECT "Region", CAST("Day" AS VARCHAR) FROM sales_2024 ORDER BY "Day" LIMIT 1',
      ),
    ).toMatchObject({ ok: true, cells: [['North', '2024-01-05']] });
    await page.waitForSelector('[data-testid="session-item"][aria-current="true"]');
    // Two tables, one file: the workbook is kept once on the person's disk, not once a sheet.
    await expect
      .poll(() => storedFiles(page))
      .toEqual([{ name: 'sales.xlsx', size: statSync('tests/fixtures/xlsx/sales.xlsx').size }]);
    await page.reload();
    await sessionsReady(page, 2);
    expect(await summaries(page)).toEqual(before);
    // Removing one sheet's table keeps the workbook the other is still read from.
    await page
      .locator('[data-testid="table-summary"][data-table="targets"] button', { hasText: 'Remove' })
      .click();
    await expect.poll(async () => (await summaries(page)).length).toBe(1);
    await expect.poll(() => storedTables(page)).toEqual([['sales_2024']]);
    await page.reload();
    await sessionsReady(page, 1);
    expect(await summaries(page)).toEqual([before[0]]);
    expect(await storedFiles(page)).toHaveLength(1);
    expect(foreign(urls)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
