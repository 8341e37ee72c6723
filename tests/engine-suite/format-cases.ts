/**
 * Parquet and JSON, read with nothing downloaded: Parquet files from DuckDB's own test data
 * (tests/fixtures/duckdb-parquet/), JSON as people and APIs write it.
 */
import type { TableInfo } from '../../src/core/data/engine.ts';
import { equal, match } from './check.ts';
import { cells, failed, gzipped, loaded, types } from './outcomes.ts';
import type { EngineCase, SuiteContext } from './suite.ts';

async function parquet(ctx: SuiteContext, name: string): Promise<TableInfo> {
  const bytes = await ctx.fixture(`duckdb-parquet/${name}`);
  return loaded((await ctx.engine.load([ctx.file(name, bytes)]))[0], name);
}

export const formatCases: EngineCase[] = [
  {
    name: 'reads Parquet in every common compression to the same rows',
    async run(ctx) {
      const codecs = ['SNAPPY', 'ZSTD', 'GZIP', 'BROTLI', 'LZ4'];
      const tables: TableInfo[] = [];
      for (const codec of codecs) tables.push(await parquet(ctx, `compression-${codec}.parquet`));
      equal(
        tables.map((t) => [t.name, t.rows, t.format]),
        [
          ['data', 30, 'parquet'],
          ['compression_zstd', 30, 'parquet'],
          ['compression_gzip', 30, 'parquet'],
          ['compression_brotli', 30, 'parquet'],
          ['compression_lz4', 30, 'parquet'],
        ],
        'the tables',
      );
      equal(
        types(tables[0]!),
        [
          'plain BIGINT',
          'plain_random BIGINT',
          'nested_nulls STRUCT(string VARCHAR, "int" BIGINT)',
          'list BIGINT[]',
        ],
        'the types, nested ones kept',
      );
      for (const t of tables.slice(1))
        equal(
          await cells(
            ctx,
            `SELECT count(*) FROM (SELECT * FROM data EXCEPT ALL SELECT * FROM ${t.name})`,
          ),
          [[0]],
          `${t.name} holds the same rows as the snappy file`,
        );
      equal(
        await cells(
          ctx,
          'SELECT plain, nested_nulls.string, list FROM data ORDER BY plain LIMIT 2',
        ),
        [
          [0, 'foo', '[]'],
          [1, 'baz', null],
        ],
        'values, nested and listed',
      );
      // The profile takes nested and list columns too, as their text.
      const profile = await ctx.engine.profile('data');
      const counted = await cells(
        ctx,
        'SELECT count(nested_nulls), count(DISTINCT CAST(nested_nulls AS VARCHAR)), count(list) FROM data',
      );
      equal(
        profile.columns
          .filter((c) => c.column !== 'plain' && c.column !== 'plain_random')
          .map((c) => [c.column, c.nonNullCount, c.uniqueCount > 0, c.typicalValues.length > 0]),
        [
          ['nested_nulls', counted[0]![0], true, true],
          ['list', counted[0]![2], true, true],
        ],
        'the profile of nested columns',
      );
      equal(
        profile.columns.find((c) => c.column === 'nested_nulls')?.uniqueCount,
        counted[0]![1],
        'distinct structs',
      );
    },
  },
  {
    name: 'keeps Parquet decimals, lists, maps and instants (INT96 and time-zoned ones as DuckDB’s TIMESTAMP)',
    async run(ctx) {
      const decimals = await parquet(ctx, 'decimals.parquet');
      equal(
        types(decimals),
        ['l1 DECIMAL(3,2)', 'l2 DECIMAL(8,2)', 'l3 DECIMAL(15,2)', 'l4 DECIMAL(30,2)'],
        'decimal types',
      );
      equal(
        await cells(ctx, 'SELECT CAST(l4 AS VARCHAR) FROM data ORDER BY l4'),
        [['-0.10'], ['0.10']],
        'a 30-digit decimal, exact',
      );
      const tz = await parquet(ctx, 'tz.parquet');
      // DuckDB-WASM has no time zones (ICU would be downloaded): the instants, as UTC times.
      equal(types(tz), ['TimeRecStart TIMESTAMP'], 'a timestamp with time zone, as UTC');
      match(tz.notes.join(' '), /\(TimeRecStart\) was read as UTC times/, 'the note');
      equal(
        await cells(
          ctx,
          `SELECT epoch("TimeRecStart")::BIGINT, CAST(date_trunc('day', "TimeRecStart") AS VARCHAR) FROM ${tz.name} LIMIT 1`,
        ),
        [[1666043547, '2022-10-17']],
        'its instant, and date functions work on it',
      );
      const lists = await parquet(ctx, 'list_columns.parquet');
      equal(types(lists), ['int64_list BIGINT[]', 'utf8_list VARCHAR[]'], 'list types');
      equal(
        await cells(ctx, `SELECT sum(len(int64_list))::INT FROM ${lists.name}`),
        [[6]],
        'list lengths',
      );
      const map = await parquet(ctx, 'map.parquet');
      equal([map.rows, types(map)], [1127, ['raw_header MAP(VARCHAR, VARCHAR)']], 'a map');
      const mapProfile = await ctx.engine.profile(map.name);
      equal(
        [mapProfile.columns[0]?.nonNullCount],
        (await cells(ctx, `SELECT count(raw_header) FROM ${map.name}`))[0],
        'a map column profiled',
      );
      const users = await parquet(ctx, 'userdata1.parquet');
      equal(
        [users.rows, types(users).slice(0, 2)],
        [1000, ['registration_dttm TIMESTAMP', 'id INTEGER']],
        'INT96 timestamps read as DuckDB reads them',
      );
      equal(
        await cells(
          ctx,
          `SELECT CAST(min(registration_dttm) AS VARCHAR), count(DISTINCT country)::INT FROM ${users.name}`,
        ),
        [['2016-02-03 00:01:00', 120]],
        'timestamps and values, as native DuckDB reads them',
      );
    },
  },
  {
    name: 'refuses a damaged Parquet file with the reason, and keeps the tables loaded',
    async run(ctx) {
      await parquet(ctx, 'date.parquet');
      const whole = await ctx.fixture('duckdb-parquet/userdata1.parquet');
      const [cut, footless] = await ctx.engine.load([
        ctx.file('cut.parquet', whole.slice(0, 50_000)),
        ctx.file('footless.parquet', whole.slice(0, whole.length - 8)),
      ]);
      match(failed(cut, 'cut.parquet'), /^This Parquet file cannot be read: .+\.$/, 'cut');
      match(failed(footless, 'footless.parquet'), /Parquet file cannot be read/, 'footless');
      equal(
        (await ctx.engine.tables()).map((t) => t.name),
        ['data'],
        'the tables kept',
      );
      equal(await cells(ctx, 'SELECT count(*) FROM data'), [[36]], 'the table still answers');
    },
  },
  {
    name: 'reads a JSON array in the file’s column order, nested objects spread into columns',
    async run(ctx) {
      const records = [
        { id: 1, name: 'Ana', price: 1.5, address: { city: 'Oslo', zip: 150 }, tags: ['a'] },
        { id: 2, name: 'Bo', price: 2, address: { city: 'Rome', zip: 100 }, tags: [] },
        { id: 3, name: null, price: 3.25, address: null, tags: ['b', 'c'], extra: true },
      ];
      const text = `[\n${records.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n`;
      const table = loaded((await ctx.engine.load([ctx.file('shop.json', text)]))[0], 'shop.json');
      equal([table.format, table.rows, table.encoding], ['json', 3, 'utf-8'], 'the table');
      equal(
        table.columns.map((c) => [c.original, c.name]),
        [
          ['id', 'id'],
          ['name', 'name'],
          ['price', 'price'],
          ['address.city', 'address_city'],
          ['address.zip', 'address_zip'],
          ['tags', 'tags'],
          ['extra', 'extra'],
        ],
        'columns in the file’s order',
      );
      match(table.notes.join(' '), /1 nested object was spread into columns/, 'the note');
      equal(
        types(table).filter((t) => /zip|tags|price/.test(t)),
        ['price DOUBLE', 'address_zip BIGINT', 'tags VARCHAR[]'],
        'whole numbers in a nested object are integers',
      );
      equal(
        await cells(ctx, 'SELECT name, address_city, address_zip, len(tags) FROM data ORDER BY id'),
        [
          ['Ana', 'Oslo', 150, 1],
          ['Bo', 'Rome', 100, 0],
          [null, null, null, 2],
        ],
        'the values',
      );
    },
  },
  {
    name: 'reads JSON Lines, gzipped ones too, and records under a key of an API reply',
    async run(ctx) {
      const lines =
        '{"day":"2024-01-02","n":3}\r\n\r\n{"day":"2024-01-03","n":5}\n{"day":"2024-01-04","n":8}';
      const reply = JSON.stringify({
        count: 2,
        data: [
          { sku: 'x', qty: 1 },
          { sku: 'y', qty: 4 },
        ],
      });
      const [plain, packed, api] = await ctx.engine.load([
        // Saved by a Windows editor: a byte-order mark and CRLF line ends.
        ctx.file('events.jsonl', `\ufeff${lines}`),
        ctx.file('events.ndjson.gz', await gzipped(lines)),
        ctx.file('reply.json', reply),
      ]);
      const a = loaded(plain, 'events.jsonl');
      const b = loaded(packed, 'events.ndjson.gz');
      const c = loaded(api, 'reply.json');
      equal(
        [a, b, c].map((t) => [t.name, t.format, t.rows]),
        [
          ['events', 'jsonl', 3],
          ['events_2', 'jsonl', 3],
          ['reply', 'json', 2],
        ],
        'the tables',
      );
      match(b.notes.join(' '), /Unpacked from gzip/, 'the gzip note');
      equal(types(a), ['day DATE', 'n BIGINT'], 'dates as dates, in the file’s order');
      match(c.notes.join(' '), /key "data"/, 'where the records were');
      equal(
        await cells(
          ctx,
          'SELECT sum(n)::INT FROM events UNION ALL SELECT sum(n)::INT FROM events_2',
        ),
        [[16], [16]],
        'every line read',
      );
      equal(
        await cells(ctx, 'SELECT sku, qty FROM reply ORDER BY sku'),
        [
          ['x', 1],
          ['y', 4],
        ],
        'API',
      );
    },
  },
  {
    // Read in batches of 25,000 records (workers/load-json.ts), each appended to the table:
    // a kind or a key first seen in the last batch must still shape the table from the first.
    name: 'reads a JSON Lines file larger than a batch with the columns and types of the whole file, offset times in UTC',
    async run(ctx) {
      const n = 60_000;
      const lines: string[] = [];
      for (let i = 0; i < n; i++) lines.push(`{"id":${i},"x":${i % 10}}`);
      lines.push(
        `{"id":${n},"x":0.5,"late":"2024-03-01","who":{"name":"Ana"},"at":"2024-03-01T12:00:00+01:00"}`,
      );
      const [outcome] = await ctx.engine.load([ctx.file('big.jsonl', lines.join('\n'))]);
      const t = loaded(outcome, 'big.jsonl');
      equal(t.rows, n + 1, 'every line read');
      equal(
        types(t),
        ['id BIGINT', 'x DOUBLE', 'late DATE', 'who_name VARCHAR', 'at TIMESTAMP'],
        'the types of the whole file',
      );
      match(
        t.notes.join(' '),
        /1 column of times with a time zone \(at\) was read as UTC/,
        'the note',
      );
      equal(
        await cells(
          ctx,
          `SELECT sum(id)::BIGINT::VARCHAR, sum(x), count(late), max(who_name), max("at")::VARCHAR FROM ${t.name}`,
        ),
        [[String((n * (n + 1)) / 2), (n / 10) * 45 + 0.5, 1, 'Ana', '2024-03-01 11:00:00']],
        'the values',
      );
    },
  },
  {
    // Records were built on plain objects, where `__proto__` sets the prototype and a record
    // lacking `constructor` reads Object's: such a file failed to load, or read wrong values.
    name: 'reads JSON and JSON Lines keys named __proto__ and constructor as ordinary columns',
    async run(ctx) {
      const records = [
        '{"id": 1, "__proto__": "p1", "constructor": "c1"}',
        '{"id": 2, "__proto__": "p2"}',
        '{"id": 3, "toString": "t3"}',
      ];
      const [doc, lines] = await ctx.engine.load([
        ctx.file('proto.json', `[${records.join(',\n')}]`),
        ctx.file('proto_lines.jsonl', records.join('\n')),
      ]);
      for (const t of [loaded(doc, 'proto.json'), loaded(lines, 'proto_lines.jsonl')]) {
        equal(
          types(t),
          ['id BIGINT', '__proto__ VARCHAR', 'constructor VARCHAR', 'toString VARCHAR'],
          `${t.fileName}: the columns`,
        );
        equal(
          await cells(
            ctx,
            `SELECT id, "__proto__", "constructor", "toString" FROM ${t.name} ORDER BY id`,
          ),
          [
            [1, 'p1', 'c1', null],
            [2, 'p2', null, null],
            [3, null, null, 't3'],
          ],
          `${t.fileName}: the values`,
        );
      }
    },
  },
  {
    name: 'refuses damaged JSON and a list of plain values with the reason',
    async run(ctx) {
      const [broken, badLine, plainValues] = await ctx.engine.load([
        ctx.file('broken.json', '[{"a": 1}, {"a": 2'),
        ctx.file('bad.jsonl', '{"a": 1}\n{"a": 2}\n{"a": oops}\n'),
        ctx.file('numbers.json', '[1, 2, 3]'),
      ]);
      match(failed(broken, 'broken.json'), /JSON file cannot be read/, 'cut JSON');
      match(failed(badLine, 'bad.jsonl'), /JSON file cannot be read/, 'a bad line');
      match(failed(plainValues, 'numbers.json'), /plain values, not records/, 'plain values');
      equal(await ctx.engine.tables(), [], 'no table left behind');
    },
  },
];
