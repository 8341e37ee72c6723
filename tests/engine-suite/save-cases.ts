/**
 * Saving a whole result as CSV (TableEngine.exportCsv): every row, not the 1,000 a query shows;
 * values as DuckDB writes them (a DECIMAL exact, where the page's double is not); text quoted as
 * RFC 4180 says and guarded against formulas; checked as a query is, and stopped at its size
 * limit with DuckDB still answering.
 */
import { excelCsv } from '../../src/core/data/csv-dialect.ts';
import type { ExportResult } from '../../src/core/data/engine.ts';
import { equal, fail, match, rows } from './check.ts';
import { loaded } from './outcomes.ts';
import type { EngineCase, SuiteContext } from './suite.ts';

const NOTES =
  'id,note,amount,day\n1,plain,12.5,2024-01-02\n2,"with, comma",-3,2024-02-29\n' +
  '3,"say ""hi""",0.1,\n4,"=HYPERLINK(""http://x"")",1000000,2024-12-31\n' +
  '5,"two\nlines",,2024-03-01\n6,Zoë 🚀,7,2024-03-02\n';

async function saved(result: ExportResult, what: string): Promise<string> {
  if (!result.ok) fail(`${what}: expected a file, got ${result.kind}: ${result.message}`);
  return result.csv.text();
}

async function loadNotes(ctx: SuiteContext): Promise<void> {
  loaded((await ctx.engine.load([ctx.file('notes.csv', NOTES)]))[0], 'notes.csv');
}

export const saveCases: EngineCase[] = [
  {
    name: 'saves a whole result as CSV: values as DuckDB writes them, text quoted and guarded',
    async run(ctx) {
      await loadNotes(ctx);
      const sql =
        "SELECT *, CAST('12345678901234567.12' AS DECIMAL(20,2)) AS big FROM data ORDER BY id";
      const result = await ctx.engine.exportCsv(sql);
      const big = '12345678901234567.12';
      // Written from the file's values by hand: DuckDB writes a DOUBLE's -3 as -3.0.
      equal(
        await saved(result, sql),
        [
          'id,note,amount,day,big',
          `1,plain,12.5,2024-01-02,${big}`,
          `2,"with, comma",-3.0,2024-02-29,${big}`,
          `3,"say ""hi""",0.1,,${big}`,
          `4,"'=HYPERLINK(""http://x"")",1000000.0,2024-12-31,${big}`,
          `5,"two\nlines",,2024-03-01,${big}`,
          `6,Zoë 🚀,7.0,2024-03-02,${big}`,
          '',
        ].join('\r\n'),
        'the file',
      );
      equal(result.ok && result.rows, 6, 'the rows saved');
    },
  },
  {
    name: 'saves a whole result for Excel in German: a byte-order mark, semicolons, decimal commas, dates as 31.12.2024',
    async run(ctx) {
      await loadNotes(ctx);
      const sql = 'SELECT id, note, amount, day FROM data ORDER BY id';
      const result = await ctx.engine.exportCsv(sql, { dialect: excelCsv('de-DE') });
      if (!result.ok) fail(result.message);
      // UTF-8's byte-order mark first, which Excel takes as the file's encoding (Blob.text drops it).
      const bytes = new Uint8Array(await result.csv.arrayBuffer());
      equal([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'the byte-order mark');
      // Written from the file's values by hand, as Excel in German reads a file.
      equal(
        await saved(result, sql),
        [
          'id;note;amount;day',
          '1;plain;12,5;02.01.2024',
          '2;with, comma;-3,0;29.02.2024',
          '3;"say ""hi""";0,1;',
          `4;"'=HYPERLINK(""http://x"")";1000000,0;31.12.2024`,
          '5;"two\nlines";;01.03.2024',
          '6;Zoë 🚀;7,0;02.03.2024',
          '',
        ].join('\r\n'),
        'the file',
      );
    },
  },
  {
    name: 'saves every row of a result longer than a query shows, and every column of a wide one',
    async run(ctx) {
      const sql = "SELECT i, 'row ' || i AS label FROM range(5000) t(i)";
      const lines = (await saved(await ctx.engine.exportCsv(sql), sql)).split('\r\n');
      equal(lines.length, 5002, 'the header, 5,000 lines and the end of the last');
      equal([lines[1], lines[5000]], ['0,row 0', '4999,row 4999'], 'the first and last rows');
      const wide = `SELECT ${Array.from({ length: 1500 }, (_, i) => `${i} AS c${i}`).join(', ')}`;
      const [head, row] = (await saved(await ctx.engine.exportCsv(wide), 'wide')).split('\r\n');
      equal([head?.split(',').length, row?.split(',').at(-1)], [1500, '1499'], 'all 1,500 columns');
      // Past the 8 MB the worker gathers as text before it folds it into the file (export-csv.ts).
      const long = "SELECT i, repeat('x', 100) AS pad FROM range(100000) t(i)";
      const all = (await saved(await ctx.engine.exportCsv(long), long)).split('\r\n');
      equal(
        [all.length, all[1], all[100000]],
        [100002, `0,${'x'.repeat(100)}`, `99999,${'x'.repeat(100)}`],
        'the 100,000 rows of a 10 MB file',
      );
    },
  },
  {
    name: 'refuses to save what a query may not run, and stops at its size with DuckDB answering',
    async run(ctx) {
      await loadNotes(ctx);
      const drop = await ctx.engine.exportCsv('DROP TABLE data');
      equal(!drop.ok && drop.kind, 'rejected', 'DROP TABLE');
      const sql = "SELECT i, repeat('x', 100) AS pad FROM range(1000000) t(i)";
      const big = await ctx.engine.exportCsv(sql, { maxBytes: 100_000 });
      if (big.ok) fail(`${sql}: expected a refusal past 100 KB, got ${big.rows} rows`);
      match(big.message, /^The result is more than .* as CSV, too large to save/, 'the refusal');
      const count = 'SELECT count(*) AS n FROM data';
      equal(rows(await ctx.engine.query(count), count).rows, [[6]], 'the table after both');
      equal(await saved(await ctx.engine.exportCsv(count), count), 'n\r\n6\r\n', 'the next file');
    },
  },
];
