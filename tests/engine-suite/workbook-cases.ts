/**
 * Excel workbooks (tests/fixtures/xlsx/, written by a real .xlsx writer): each sheet with data a
 * table, the header found below a title, dates as dates, one sheet read again on its own.
 */
import { equal, match } from './check.ts';
import { cells, loaded, types } from './outcomes.ts';
import type { EngineCase } from './suite.ts';

export const workbookCases: EngineCase[] = [
  {
    name: 'reads a sheet’s text cells of local amounts and dates as numbers and dates, codes kept',
    async run(ctx) {
      const bytes = await ctx.fixture('xlsx/text-cells.xlsx');
      const [outcome] = await ctx.engine.load([ctx.file('ventes.xlsx', bytes)]);
      const ventes = loaded(outcome, 'Ventes');
      equal(
        types(ventes),
        [
          'Client VARCHAR',
          'Date DATE',
          'Date (as written) VARCHAR',
          'Montant DECIMAL(18,2)',
          'Code VARCHAR',
        ],
        'amounts and dates typed, the date that did not fit kept beside, codes as text',
      );
      equal(
        await cells(
          ctx,
          'SELECT CAST(sum("Montant") AS VARCHAR), count("Montant"), CAST(min("Date") AS VARCHAR), CAST(max("Date") AS VARCHAR), string_agg("Date (as written)", \'|\') FROM data',
        ),
        [['14030.42', 9, '2024-01-07', '2024-04-02', 'à venir']],
        'the figures, and the one date that did not fit',
      );
      equal(
        (ventes.conversions ?? []).map((c) => [c.column, c.how, c.misfits]),
        [
          ['Date', 'day/month/year', 1],
          ['Montant', 'decimal comma, a space between thousands, € left out, (…) as negative', 0],
        ],
        'what was converted, and how',
      );
    },
  },
  {
    name: 'reads each sheet of a workbook as a table, below its title, with dates as dates',
    async run(ctx) {
      const bytes = await ctx.fixture('xlsx/sales.xlsx');
      const outcomes = await ctx.engine.load([ctx.file('sales.xlsx', bytes)]);
      equal(
        outcomes.map((o) => [o.fileIndex, o.ok && o.table.name, o.ok && o.table.sheet]),
        [
          [0, 'sales_2024', 'Sales 2024'],
          [0, 'targets', 'Targets'],
        ],
        'a table per sheet with data, named for its sheet',
      );
      const sales = loaded(outcomes[0], 'Sales 2024');
      equal([sales.format, sales.rows, sales.fileName], ['xlsx', 4, 'sales.xlsx'], 'the sheet');
      equal(
        types(sales),
        ['Region VARCHAR', 'Day DATE', 'Units BIGINT', 'Revenue DOUBLE', 'Code VARCHAR'],
        'the header under the title, and a type per column',
      );
      equal(sales.notes, ['1 row above the header (a title) was left out.'], 'the notes');
      equal(
        await cells(
          ctx,
          'SELECT "Region", CAST("Day" AS VARCHAR), "Units", "Revenue", "Code" FROM sales_2024 ORDER BY "Day"',
        ),
        [
          ['North', '2024-01-05', 12, 1200.5, '7'],
          ['South', '2024-01-06', 7, 700, 'A7'],
          ['East', '2024-02-01', 3, 45.25, '12'],
          ['West', '2024-03-31', 0, 0, 'B2'],
        ],
        'the values, codes kept as text',
      );
      equal(
        await cells(
          ctx,
          'SELECT s."Region", t."Target" - s."Units" FROM sales_2024 s JOIN targets t USING ("Region") ORDER BY 1',
        ),
        [
          ['East', 97],
          ['North', 988],
          ['South', 893],
        ],
        'the sheets join',
      );
    },
  },
  {
    name: 'reads one sheet by name into a given table, and refuses a damaged workbook',
    async run(ctx) {
      const bytes = await ctx.fixture('xlsx/sales.xlsx');
      const [one] = await ctx.engine.load(
        [ctx.file('sales.xlsx', bytes)],
        undefined,
        ['goals'],
        [{ sheet: 'Targets' }],
      );
      equal([loaded(one, 'Targets').name, loaded(one, 'Targets').rows], ['goals', 3], 'one sheet');
      equal(
        (await ctx.engine.tables()).map((t) => t.name),
        ['goals'],
        'nothing else',
      );
      const [missing, cut] = await ctx.engine.load(
        [ctx.file('sales.xlsx', bytes), ctx.file('cut.xlsx', bytes.slice(0, 1000))],
        undefined,
        [undefined, undefined],
        [{ sheet: 'Budget' }, undefined],
      );
      match(!missing?.ok && missing?.message, /no sheet named "Budget"/, 'a missing sheet');
      match(!cut?.ok && cut?.message, /could not be read as an Excel workbook/, 'a damaged file');
      equal(
        (await ctx.engine.tables()).map((t) => t.name),
        ['goals'],
        'the tables kept',
      );
    },
  },
  {
    // A header named `__proto__` set the prototype of a plain object instead of making a column,
    // and the sheet failed to load ("Maximum call stack size exceeded").
    name: 'reads a header naming __proto__ and constructor as ordinary columns',
    async run(ctx) {
      const bytes = await ctx.fixture('xlsx/proto.xlsx');
      const [outcome] = await ctx.engine.load([ctx.file('proto.xlsx', bytes)]);
      const t = loaded(outcome, 'Keys');
      equal(
        types(t),
        ['__proto__ VARCHAR', 'constructor VARCHAR', 'toString VARCHAR', 'id BIGINT'],
        'the columns, named as in the header',
      );
      equal(
        await cells(
          ctx,
          `SELECT "__proto__", "constructor", "toString", id FROM ${t.name} ORDER BY id`,
        ),
        [
          ['p1', 'c1', 't1', 1],
          ['p2', null, 't2', 2],
        ],
        'the values',
      );
    },
  },
];
