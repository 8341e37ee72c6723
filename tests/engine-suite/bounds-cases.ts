/**
 * Files that would take the tab past its memory are refused before they are read, in words that
 * name the limit, and the tables already loaded stay: a workbook whose ZIP directory says it
 * unpacks to gigabytes, a Parquet file with a row group of gigabytes. The files are small; only
 * what they declare is large (crafted.ts). A JSON Lines line past its limit (64 MB) is left to
 * the unit tests (tests/unit/json-lines.test.ts): the limit is the worker's, and a real line that
 * long is too much to make in a CI run.
 */
import { equal, match } from './check.ts';
import { declaringGroupBytes, zipDeclaring } from './crafted.ts';
import { cells, failed, loaded } from './outcomes.ts';
import type { EngineCase, SuiteContext } from './suite.ts';

const GiB = 2 ** 30;

/** A table loaded before the refused file, and checked after it. */
async function before(ctx: SuiteContext) {
  const [kept] = await ctx.engine.load([ctx.file('kept.csv', 'id,name\n1,Ana\n2,Bo\n')]);
  equal(loaded(kept, 'kept.csv').name, 'data', 'the table loaded before (alone, it is data)');
}

async function stillThere(ctx: SuiteContext) {
  equal(
    (await ctx.engine.tables()).map((t) => t.name),
    ['data'],
    'only the table loaded before',
  );
  equal(
    await cells(ctx, 'SELECT name FROM data ORDER BY id'),
    [['Ana'], ['Bo']],
    'it is still queryable',
  );
}

export const boundsCases: EngineCase[] = [
  {
    name: 'refuses a workbook whose ZIP directory says it unpacks past the limit, keeping the tables loaded',
    async run(ctx) {
      await before(ctx);
      const bomb = zipDeclaring([
        { name: '[Content_Types].xml', packed: 40, declared: 200 },
        { name: 'xl/worksheets/sheet1.xml', packed: 100, declared: 3 * GiB },
      ]);
      // Within deflate's ceiling (about 1,000 to 1), but 600 MB in all.
      const big = zipDeclaring([
        { name: 'xl/worksheets/sheet1.xml', packed: 310_000, declared: 300 * 2 ** 20 },
        { name: 'xl/worksheets/sheet2.xml', packed: 310_000, declared: 300 * 2 ** 20 },
      ]);
      const [one, two] = await ctx.engine.load([
        ctx.file('bomb.xlsx', bomb),
        ctx.file('big.xlsx', big),
      ]);
      match(
        failed(one, 'bomb.xlsx'),
        /^This workbook cannot be read: its part "xl\/worksheets\/sheet1\.xml" claims to unpack from 100 bytes to 3,072 MB, more than any real compression gives\./,
        'the bomb',
      );
      equal(
        failed(two, 'big.xlsx'),
        'This workbook unpacks to 600 MB: Sift unpacks a workbook whole, and a browser tab holds at most about 512 MB of it. Save each sheet as CSV (or the data as Parquet) and load those.',
        'the workbook past the limit',
      );
      await stillThere(ctx);
    },
  },
  {
    name: 'refuses a Parquet file with a row group past the limit, keeping the tables loaded',
    async run(ctx) {
      await before(ctx);
      // tz.parquet's one row group (92 bytes, 2 rows), declared 2 GiB in its footer.
      const tz = await ctx.fixture('duckdb-parquet/tz.parquet');
      const huge = declaringGroupBytes(tz, 92, 2, 2 * GiB);
      const [one] = await ctx.engine.load([ctx.file('huge.parquet', huge)]);
      equal(
        failed(one, 'huge.parquet'),
        "This Parquet file cannot be read: its one row group is 2,048 MB once unpacked, and Sift reads a Parquet file a row group at a time, at most 1,024 MB each, to fit in the browser's memory. Write the file again with smaller row groups, e.g. in DuckDB: COPY (SELECT * FROM 'file.parquet') TO 'smaller.parquet' (ROW_GROUP_SIZE 100000).",
        'the refusal',
      );
      await stillThere(ctx);
      // The same file as it was reads.
      const [ok] = await ctx.engine.load([ctx.file('tz.parquet', tz)]);
      equal(loaded(ok, 'tz.parquet').rows, 2, 'the file before it was changed');
    },
  },
];
