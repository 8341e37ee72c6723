/**
 * Readings DuckDB's sniffer makes by one guess for the file, which Sift makes by the whole column
 * and says (issue 45): two-digit years, booleans written as words, comment lines.
 */
import { equal, match, truthy } from './check.ts';
import { cells, loaded, types } from './outcomes.ts';
import type { EngineCase } from './suite.ts';

export const misreadCases: EngineCase[] = [
  {
    name: 'reads two-digit years by the evidence of the column, never year first by a guess',
    async run(ctx) {
      // An American card statement: month first, in date order; read day first it is out of
      // order, read year first every row falls on the 24th. DuckDB's sniffer reads %y/%m/%d.
      const text =
        'Date,Description,Amount\n03/09/24,Tesco,-12.50\n03/10/24,Payroll,1500.00\n03/11/24,Rent,-800.00\n04/02/24,Gas,-30.00\n';
      const [outcome] = await ctx.engine.load([ctx.file('card.csv', text)]);
      const t = loaded(outcome, 'card.csv');
      equal(types(t)[0], 'Date DATE', 'the dates are dates');
      equal(
        await cells(
          ctx,
          `SELECT CAST(min("Date") AS VARCHAR), CAST(max("Date") AS VARCHAR) FROM ${t.name}`,
        ),
        [['2024-03-09', '2024-04-02']],
        'the range is the file’s own',
      );
      const said = t.conversions?.find((c) => c.column === 'Date');
      equal(
        said?.how,
        'month/day/year, two-digit years from 1969 to 2068 (DuckDB’s rule)',
        'how it was read',
      );
      match(said?.why ?? '', /date order/, 'what settled it');
    },
  },
  {
    name: 'says when two-digit years read either way, and reads them as the person chooses',
    async run(ctx) {
      const text = 'Date;Amount\n09/03/24;1,50\n10/03/24;2,50\n11/03/24;3,00\n';
      const [first] = await ctx.engine.load([ctx.file('open.csv', text)]);
      const t = loaded(first, 'open.csv');
      const said = t.conversions?.find((c) => c.column === 'Date');
      match(
        said?.ambiguous ?? '',
        /whether the day or the month comes first: read day first, as the file writes decimals with a comma/,
        'the choice said',
      );
      equal(said?.otherOrders, ['mdy', 'ymd'], 'the other readings offered');
      equal(
        await cells(ctx, `SELECT CAST(min("Date") AS VARCHAR) FROM ${t.name}`),
        [['2024-03-09']],
        'read day first, as the decimal comma suggests',
      );
      const [again] = await ctx.engine.load(
        [ctx.file('open.csv', text)],
        undefined,
        ['open'],
        [{ dates: 'mdy' }],
      );
      const u = loaded(again, 'open.csv again');
      equal(u.dates, 'mdy', 'the choice is kept with the table');
      equal(
        await cells(
          ctx,
          `SELECT CAST(min("Date") AS VARCHAR), CAST(max("Date") AS VARCHAR) FROM ${u.name}`,
        ),
        [['2024-09-03', '2024-11-03']],
        'read month first, as chosen',
      );
    },
  },
  {
    name: 'lists Yes/No read as true/false among the conversions, and leaves true/false as DuckDB reads it',
    async run(ctx) {
      const text = 'id,paid,active\n1,Yes,true\n2,No,false\n3,yes,true\n4,,false\n';
      const [outcome] = await ctx.engine.load([ctx.file('flags.csv', text)]);
      const t = loaded(outcome, 'flags.csv');
      equal(types(t), ['id BIGINT', 'paid BOOLEAN', 'active BOOLEAN'], 'the types');
      equal(
        t.conversions?.map((c) => [c.column, c.how, c.example]),
        [['paid', 'Yes as true, No as false', { from: 'Yes', to: 'true' }]],
        'the worded column said, the other not',
      );
      equal(
        await cells(ctx, `SELECT paid FROM ${t.name} ORDER BY id`),
        [[true], [false], [true], [null]],
        'the values',
      );
    },
  },
  {
    name: 'leaves out comment lines above the header and between rows, keeps every row, and says so',
    async run(ctx) {
      const text =
        '# Export from bank\n# generated 2024\nid,amount\n1,10\n# page break\n2,20\n3,30\n';
      const [outcome] = await ctx.engine.load([ctx.file('commented.csv', text)]);
      const t = loaded(outcome, 'commented.csv');
      equal(
        t.columns.map((c) => c.name),
        ['id', 'amount'],
        'the header',
      );
      equal(
        await cells(ctx, `SELECT * FROM ${t.name} ORDER BY id`),
        [
          [1, 10],
          [2, 20],
          [3, 30],
        ],
        'every row',
      );
      match(t.notes.join('\n'), /start with “#” are comments.*# page break/, 'the comments said');
      truthy(!t.notes.some((n) => /title/.test(n)), 'no comment taken for a title');
    },
  },
];
