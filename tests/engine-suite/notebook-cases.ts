/**
 * The notebook on DuckDB itself (issue 48): cells reading earlier cells by name, as the page
 * runs them (core/sql/notebook-sql.ts cellQuery), and next month's file read under the table's
 * name with the choices the person made of the first — then the same cells on it, one failing
 * with DuckDB's words for the column that is gone.
 */
import { readChoiceOf } from '../../src/core/data/table-changes.ts';
import { cellQuery } from '../../src/core/sql/notebook-sql.ts';
import { equal, match, rows } from './check.ts';
import { cells, failed, loaded } from './outcomes.ts';
import type { EngineCase } from './suite.ts';

const notebook = (...sources: string[]) =>
  sources.map((source, i) => ({
    cellId: `c${i}`,
    kind: 'sql',
    name: ['by_region', 'top', 'share'][i]!,
    source,
    run: null,
  }));

const CELLS = notebook(
  'SELECT region, sum(amount) AS total FROM sales GROUP BY region;',
  'SELECT * FROM by_region ORDER BY total DESC LIMIT 1',
  // A cell with its own WITH list, reading both earlier cells.
  `WITH everything AS (SELECT sum(total) AS t FROM by_region)
SELECT top.region, round(100 * top.total / everything.t, 1) AS pct FROM top, everything`,
);

export const notebookCases: EngineCase[] = [
  {
    name: 'runs a cell that reads earlier cells by name, its own WITH list kept',
    async run(ctx) {
      const text = 'region,amount\nnorth,10\nsouth,30\nnorth,20\neast,40\n';
      loaded(
        (await ctx.engine.load([ctx.file('sales.csv', text)], undefined, ['sales']))[0],
        'sales.csv',
      );
      const sql = cellQuery(CELLS, 2);
      const result = rows(await ctx.engine.query(sql), sql);
      equal(result.rows, [['east', 40]], 'east has 40 of the 100');
    },
  },
  {
    name: 'reads next month’s file under the table’s name as the person chose, or keeps the table',
    async run(ctx) {
      // Dates no value settles, read month first by the person's choice (misread-cases.ts).
      const october = 'Date;Region;Amount\n09/03/24;north;1,50\n10/03/24;south;2,50\n';
      const first = loaded(
        (
          await ctx.engine.load(
            [ctx.file('sales.csv', october)],
            undefined,
            ['sales'],
            [{ dates: 'mdy' }],
          )
        )[0],
        'october',
      );
      equal(readChoiceOf(first), { dates: 'mdy' }, 'the choice kept with the table');
      // November's file has no Region column and other values: read the same way.
      const november = 'Date;Amount\n11/03/24;4,00\n11/04/24;5,25\n11/05/24;6,00\n';
      const next = loaded(
        (
          await ctx.engine.load(
            [ctx.file('sales-nov.csv', november)],
            undefined,
            ['sales'],
            [readChoiceOf(first)],
          )
        )[0],
        'november',
      );
      equal(next.dates, 'mdy', 'read month first again');
      equal(
        await cells(ctx, 'SELECT CAST(min("Date") AS VARCHAR), sum("Amount") FROM sales'),
        [['2024-11-03', 15.25]],
        'the new file’s dates and amounts',
      );
      // A cell that groups by the column that is gone fails with DuckDB's words naming it.
      const cell = notebook('SELECT "Region", sum("Amount") FROM sales GROUP BY ALL');
      const gone = await ctx.engine.query(cellQuery(cell, 0));
      equal(gone.ok, false, 'the cell fails');
      match(gone.ok ? '' : gone.message, /Region/, 'naming the column');
      // A file that cannot be read under the name leaves the table as it was.
      const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 1, 2, 3]);
      const [bad] = await ctx.engine.load(
        [ctx.file('sales-dec.xlsx', broken)],
        undefined,
        ['sales'],
        [readChoiceOf(next)],
      );
      match(failed(bad, 'sales-dec.xlsx'), /stays as it was/, 'why, and that the table stays');
      equal(
        await cells(ctx, 'SELECT count(*), sum("Amount") FROM sales'),
        [[3, 15.25]],
        'November’s table, as it was',
      );
    },
  },
  {
    name: 'reads a workbook of several sheets in a table’s place as one table, from its first sheet',
    async run(ctx) {
      loaded(
        (
          await ctx.engine.load([ctx.file('sales.csv', 'Region,Units\nNorth,1\n')], undefined, [
            'sales',
          ])
        )[0],
        'the CSV',
      );
      const bytes = await ctx.fixture('xlsx/sales.xlsx');
      const outcomes = await ctx.engine.load([ctx.file('sales.xlsx', bytes)], undefined, ['sales']);
      equal(
        outcomes.map((o) => [o.ok && o.table.name, o.ok && o.table.sheet]),
        [['sales', 'Sales 2024']],
        'one table, in the place of the one it replaces',
      );
      equal(
        (await ctx.engine.tables()).map((t) => t.name),
        ['sales'],
        'no other table beside it',
      );
      equal(await cells(ctx, 'SELECT count(*) FROM sales'), [[4]], 'the first sheet’s rows');
    },
  },
];
