/**
 * A Parquet file of three million rows, as a data pipeline writes it (DuckDB's default row groups,
 * zstd): read whole a row group at a time, its progress shown as it goes, its sums native DuckDB's.
 * A stress test (npm run test:stress, issue 47): the same reading on a file of five row groups is
 * in tests/e2e/formats.test.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { loadErrors, loadWatchingProgress, runSql, summaries } from '../e2e/app.ts';
import { openApp, useBrowser } from '../e2e/browser.ts';

const browser = useBrowser();

describe('a Parquet file of millions of rows', () => {
  it('reads 3,000,000 rows in 25 row groups, says how far it has read, and sums as DuckDB does', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'sift-')), 'sales.parquet');
    const native = await (await DuckDBInstance.create(':memory:')).connect();
    await native.run(
      `COPY (SELECT i AS id, (i * 7919) % 1000 AS shop, round(random() * 100, 2) AS amount, 'item ' || (i % 5000) AS item, TIMESTAMP '2024-01-01' + INTERVAL (i) SECOND AS at FROM range(3000000) t(i)) TO '${path}' (FORMAT parquet, COMPRESSION zstd)`,
    );
    const [expected] = (
      await native.runAndReadAll(
        `SELECT count(*)::INTEGER AS n, count(DISTINCT shop)::VARCHAR AS shops, sum(id)::VARCHAR AS ids, (SELECT count(*) FROM parquet_metadata('${path}') WHERE column_id = 0)::INTEGER AS groups FROM '${path}'`,
      )
    ).getRowObjects();
    expect(expected!.groups).toBe(25);

    const { page, errors } = await openApp(browser());
    const seen = await loadWatchingProgress(page, [path]);
    expect(await loadErrors(page)).toEqual([]);
    // The page drew frames all along: most row groups were seen read, never going back.
    expect(seen.filter((v) => v > 0 && v < 1).length).toBeGreaterThanOrEqual(10);
    expect(seen.every((v, i) => i === 0 || v >= seen[i - 1]!)).toBe(true);
    expect(await summaries(page)).toMatchObject([
      { table: 'data', file: 'sales.parquet', format: 'parquet', cols: 5, rows: expected!.n },
    ]);
    expect(await runSql(page, 'SELECT count(DISTINCT shop), sum(id) FROM data')).toMatchObject({
      ok: true,
      cells: [[expected!.shops, expected!.ids]],
    });
    expect(errors).toEqual([]);
  });
});
