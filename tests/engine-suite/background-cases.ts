/**
 * The profile is background work: it is done column by column, says each column as it is done,
 * and a query asked for while it runs is answered before it (issue 15).
 */
import type { ColumnProfile } from '../../src/core/data/engine.ts';
import { equal, rows, truthy, within } from './check.ts';
import type { EngineCase, SuiteContext } from './suite.ts';

const COLUMNS = ['id', 'region', 'units', 'price', 'day', 'channel', 'note', 'score'];

/** Eight columns of every common type, enough rows that each column takes DuckDB a moment. */
function orders(rowCount: number): string {
  const lines = [COLUMNS.join(',')];
  for (let i = 0; i < rowCount; i++) {
    const day = `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    lines.push(
      [
        i,
        ['north', 'south', 'east'][i % 3],
        i % 17,
        ((i * 7919) % 10_000) / 100,
        day,
        i % 5 === 0 ? 'shop' : 'web',
        i % 4 === 0 ? '' : `note ${i % 101}`,
        (i * 31) % 1000,
      ].join(','),
    );
  }
  return lines.join('\n');
}

async function loadOrders(ctx: SuiteContext, rowCount = 20_000): Promise<void> {
  const [outcome] = await ctx.engine.load([ctx.file('orders.csv', orders(rowCount))]);
  truthy(outcome?.ok, 'orders.csv loads');
}

export const backgroundCases: EngineCase[] = [
  {
    name: 'a query asked for while the profile runs is answered before the profile is done',
    async run(ctx) {
      await loadOrders(ctx);
      const order: string[] = [];
      let query: Promise<unknown> | null = null;
      const ask = () =>
        ctx.engine
          .query('SELECT region, count(*) AS n FROM data GROUP BY 1 ORDER BY 1')
          .then((result) => {
            order.push('query');
            return result;
          });
      const profile = ctx.engine.profile('data', {}, () => {
        // Asked for once the first column is done and the next one has started, with seven
        // columns still to come.
        if (!query) query = new Promise((resolve) => setTimeout(() => resolve(ask()), 0));
      });
      const profiled = await profile;
      order.push('profile');
      truthy(query, 'the query was asked for during the profile');
      const result = rows((await query) as never, 'the GROUP BY');
      equal(order, ['query', 'profile'], 'which was answered first');
      equal(
        result.rows,
        [
          ['east', 6666],
          ['north', 6667],
          ['south', 6667],
        ],
        'the GROUP BY',
      );
      equal(profiled.columns.length, COLUMNS.length, 'every column profiled all the same');
    },
  },
  {
    name: "the profile says each column as it is done, in the table's order",
    async run(ctx) {
      await loadOrders(ctx, 500);
      const heard: ColumnProfile[] = [];
      const profile = await ctx.engine.profile('data', {}, (c) => heard.push(c));
      equal(
        heard.map((c) => c.column),
        COLUMNS,
        'the columns heard',
      );
      equal(heard, profile.columns, 'what was heard is what the profile holds');
      equal(profile.columns.find((c) => c.column === 'region')?.uniqueCount, 3, 'region');
    },
  },
  {
    name: 'profiles only the columns asked for, in the table’s order',
    async run(ctx) {
      await loadOrders(ctx, 500);
      const profile = await ctx.engine.profile('data', { columns: ['units', 'region', 'nope'] });
      equal(
        profile.columns.map((c) => c.column),
        ['region', 'units'],
        'the columns',
      );
      equal(profile.rows, 500, 'the rows');
    },
  },
  {
    name: 'a table replaced under its name is profiled anew, not from what it held before',
    async run(ctx) {
      await ctx.engine.load([ctx.file('old.csv', 'n,label\n1,a\n2,b\n')]);
      const before = await ctx.engine.profile('data');
      equal(
        before.columns.map((c) => c.uniqueCount),
        [2, 2],
        'the old table',
      );
      // Reopening a session reads its file again under the same name.
      await ctx.engine.load([ctx.file('new.csv', 'n,label\n1,a\n2,a\n3,a\n4,b\n')], undefined, [
        'data',
      ]);
      const after = await ctx.engine.profile('data');
      equal(after.rows, 4, 'the rows');
      equal(
        after.columns.map((c) => c.uniqueCount),
        [4, 2],
        'the new table',
      );
      await ctx.engine.dropTable('data');
      await ctx.engine.load([ctx.file('third.csv', 'n\n7\n')]);
      equal(
        (await ctx.engine.profile('data')).columns.map((c) => [c.column, c.min]),
        [['n', '7']],
        'a table of the same name after a drop',
      );
    },
  },
  {
    name: 'a profile cancelled while it runs answers at once, and the next query works',
    async run(ctx) {
      await loadOrders(ctx);
      let heard = 0;
      const profile = ctx.engine
        .profile('data', { id: 'profile-1' }, () => {
          heard++;
          if (heard === 1) void ctx.engine.cancel('profile-1');
        })
        .then(
          () => 'profiled',
          (e: unknown) => (e instanceof Error ? e.message : String(e)),
        );
      equal(await within(profile, 5_000), 'Cancelled.', 'the profile');
      truthy(heard < COLUMNS.length, `stopped before the last column (heard ${heard})`);
      const count = rows(await ctx.engine.query('SELECT count(*) AS n FROM data'), 'count');
      equal(count.rows, [[20_000]], 'the next query');
    },
  },
];
