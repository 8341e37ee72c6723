import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  MAX_ROW_GROUP_BYTES,
  groupRefusal,
  loadParquet,
  type ParquetDeps,
  type ParquetSource,
} from '../../workers/load-parquet.ts';
import { parquetReader, type ParquetWasm } from '../../workers/parquet-wasm.ts';
import { declaringGroupBytes } from '../engine-suite/crafted.ts';

const GiB = 2 ** 30;

/** A loader's deps around a fake Parquet file of groups of these sizes: what was asked of it. */
function fake(groupBytes: number[]) {
  const done = {
    read: [] as Array<number | null>,
    inserted: 0,
    sql: [] as string[],
    closed: false,
  };
  const source: ParquetSource = {
    rowGroups: groupBytes.length,
    groupBytes,
    read: async (group) => {
      done.read.push(group);
      return new Uint8Array(8);
    },
    close: () => void (done.closed = true),
  };
  const deps: ParquetDeps = {
    exec: async (sql) => {
      done.sql.push(sql);
      return [];
    },
    parquet: async () => ({ open: async () => source }),
    insertArrow: async () => void done.inserted++,
  };
  return { deps, done };
}

describe('Parquet row groups too large to hold', () => {
  it('refuses a file with a row group past the limit before reading any group, and names it', async () => {
    const { deps, done } = fake([100 * 2 ** 20, 1.5 * GiB, 2 * GiB]);
    await expect(loadParquet(deps, 'data', new File([], 'big.parquet'))).rejects.toThrow(
      "This Parquet file cannot be read: row group 2 of 3 is 1,536 MB once unpacked, and Sift reads a Parquet file a row group at a time, at most 1,024 MB each, to fit in the browser's memory. Write the file again with smaller row groups, e.g. in DuckDB: COPY (SELECT * FROM 'file.parquet') TO 'smaller.parquet' (ROW_GROUP_SIZE 100000).",
    );
    expect(done).toEqual({ read: [], inserted: 0, sql: [], closed: true });
  });

  it('reads groups up to the limit, one at a time', async () => {
    const { deps, done } = fake([MAX_ROW_GROUP_BYTES, 10]);
    await loadParquet(deps, 'data', new File([], 'ok.parquet'));
    expect([done.read, done.inserted, done.closed]).toEqual([[0, 1], 2, true]);
    expect(groupRefusal([MAX_ROW_GROUP_BYTES + 1])).toMatch(/its one row group is 1,025 MB/);
    expect(MAX_ROW_GROUP_BYTES).toBe(GiB);
  });

  it("gives parquet-wasm's sizes of a real file's groups, and refuses one whose metadata declares 2 GiB", async () => {
    const reader = parquetReader(
      createRequire(import.meta.url)('parquet-wasm/node') as ParquetWasm,
    );
    const dates = readFileSync('tests/fixtures/duckdb-parquet/date.parquet');
    const three = await reader.open(new Blob([dates]));
    expect([three.rowGroups, three.groupBytes]).toEqual([3, [109, 91, 87]]);
    three.close();
    const tz = new Uint8Array(readFileSync('tests/fixtures/duckdb-parquet/tz.parquet'));
    const huge = await reader.open(new Blob([declaringGroupBytes(tz, 92, 2, 2 * GiB) as BlobPart]));
    expect(huge.groupBytes).toEqual([2 * GiB]);
    huge.close();
  });
});
