/** The tables a session holds: their profiles, dropping one, emptying the database. */
import type { ColumnProfile } from '../../src/core/data/engine.ts';
import { equal, fail, match, truthy } from './check.ts';
import type { EngineCase } from './suite.ts';

const SALES = [
  'region,units,day,channel,note',
  'north,3,2024-01-01,web,',
  'north,5,2024-01-02,web,',
  'south,2,2024-01-03,web,',
  'north,,2024-01-04,web,',
  'east,7,2024-01-05,web,late',
].join('\n');

function column(columns: ColumnProfile[], name: string): ColumnProfile {
  return columns.find((c) => c.column === name) ?? fail(`no column ${name} in the profile`);
}

export const tableCases: EngineCase[] = [
  {
    name: "profiles every column: counts, range, typical values and what's wrong with it",
    async run(ctx) {
      await ctx.engine.load([ctx.file('sales.csv', SALES)]);
      const profile = await ctx.engine.profile('data');
      equal([profile.table, profile.rows], ['data', 5], 'the table');
      equal(
        profile.columns.map((c) => `${c.column} ${c.type}`),
        ['region VARCHAR', 'units BIGINT', 'day DATE', 'channel VARCHAR', 'note VARCHAR'],
        'the columns',
      );
      const region = column(profile.columns, 'region');
      equal(
        [region.nonNullCount, region.uniqueCount, region.min, region.max],
        [5, 3, 'east', 'south'],
        'region',
      );
      equal(region.typicalValues[0], { value: 'north', count: 3 }, 'the commonest region');
      const units = column(profile.columns, 'units');
      equal([units.nonNullCount, units.min, units.max], [4, '2', '7'], 'units');
      const day = column(profile.columns, 'day');
      equal([day.min, day.max], ['2024-01-01', '2024-01-05'], 'the days');
      match(column(profile.columns, 'channel').issues.join(' | '), /Constant column/, 'channel');
      match(column(profile.columns, 'note').issues.join(' | '), /High null rate/, 'note');
      equal(day.issues, [], 'the issues of a clean column');
    },
  },
  {
    name: 'says there is no such table when asked to profile one that is not there',
    async run(ctx) {
      const answer = await ctx.engine.profile('nope').then(
        () => 'a profile',
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      );
      match(answer, /There is no table named nope/, 'the answer');
    },
  },
  {
    name: 'dropTable removes one table, reset empties the database and the next file is `data`',
    async run(ctx) {
      await ctx.engine.load([ctx.file('first.csv', 'a\n1\n')]);
      await ctx.engine.load([ctx.file('second.csv', 'b\n2\n')]);
      equal(
        (await ctx.engine.tables()).map((t) => t.name),
        ['data', 'second'],
        'loaded',
      );
      await ctx.engine.dropTable('second');
      equal(
        (await ctx.engine.tables()).map((t) => t.name),
        ['data'],
        'after dropTable',
      );
      const gone = await ctx.engine.query('SELECT * FROM second');
      truthy(!gone.ok && /second/.test(gone.message), `the dropped table: ${JSON.stringify(gone)}`);

      await ctx.engine.reset();
      equal(await ctx.engine.tables(), [], 'after reset');
      equal((await ctx.engine.query('SELECT * FROM data')).ok, false, 'data after reset');
      const [again] = await ctx.engine.load([ctx.file('third.csv', 'c\n3\n')]);
      equal(again?.ok && again.table.name, 'data', 'the next table');
    },
  },
  {
    name: 'names the DuckDB version and the wasm bundle it runs',
    async run(ctx) {
      const info = await ctx.engine.info();
      match(info.duckdbVersion, /^v1\.\d+\.\d+/, 'the version');
      match(info.bundle, /^(eh|mvp)$/, 'the bundle');
    },
  },
];
