/**
 * The guarded query: what a read-only statement returns, where the limits cut it, and what the
 * guard and DuckDB's lockdown refuse, each with the message a person reads.
 */
import { equal, match, refused, rows, truthy } from './check.ts';
import type { EngineCase, SuiteContext } from './suite.ts';

const WEATHER = 'day,city,rain\n2024-01-01,Oslo,1.5\n2024-01-02,Oslo,0\n2024-01-01,Rome,0\n';

async function loadWeather(ctx: SuiteContext): Promise<void> {
  const [outcome] = await ctx.engine.load([ctx.file('weather.csv', WEATHER)]);
  if (!outcome?.ok) throw new Error(`weather.csv did not load: ${JSON.stringify(outcome)}`);
}

/** The table is there and whole: nothing a refused statement tried went through. */
async function expectIntact(ctx: SuiteContext, after: string): Promise<void> {
  const sql = 'SELECT count(*) AS n FROM data';
  equal(rows(await ctx.engine.query(sql), sql).rows, [[3]], `the table after ${after}`);
}

export const queryCases: EngineCase[] = [
  {
    // A session left, opened or deleted resets the engine: in a database file, a dropped table's
    // rows would stay in its free blocks. Measured in Chromium: 6 blocks before, 1 (the file's
    // header) after, no free block, no log (workers/engine.ts, reset).
    name: 'a reset leaves no block of the dropped tables in the database file',
    only: 'file',
    async run(ctx) {
      const blocks = async () => {
        const sql = 'SELECT used_blocks, free_blocks FROM pragma_database_size()';
        const [[used, free] = []] = rows(await ctx.engine.query(sql), sql).rows;
        return { used: Number(used), free: Number(free) };
      };
      const lines = ['id,name,amount'];
      for (let i = 0; i < 200_000; i++)
        lines.push(`${i},name ${(i * 7919) % 100_003},${i % 9973}.5`);
      const [outcome] = await ctx.engine.load([ctx.file('big.csv', lines.join('\n'))]);
      truthy(outcome?.ok, 'big.csv loaded');
      truthy((await blocks()).used > 1, 'the table is in the file');
      await ctx.engine.reset();
      equal(await blocks(), { used: 1, free: 0 }, 'the blocks after the reset');
    },
  },
  {
    name: 'returns typed columns and values as the page shows them, repeated names included',
    async run(ctx) {
      const sql = `SELECT 12345678901234567890::HUGEINT AS big, 9007199254740993::BIGINT AS over53,
              42::BIGINT AS small, 1.25::DECIMAL(10,2) AS dec, DATE '2024-01-02' AS d,
              TIMESTAMP '2024-01-02 03:04:05' AS ts, [1, 2] AS l, NULL AS n, 'NaN'::DOUBLE AS nan,
              true AS yes, 1 AS x, 2 AS x`;
      const result = rows(await ctx.engine.query(sql), 'the values query');
      equal(
        result.columns.map((c) => `${c.name} ${c.type}`),
        [
          'big HUGEINT',
          'over53 BIGINT',
          'small BIGINT',
          'dec DECIMAL(10,2)',
          'd DATE',
          'ts TIMESTAMP',
          'l INTEGER[]',
          'n INTEGER',
          'nan DOUBLE',
          'yes BOOLEAN',
          'x INTEGER',
          // DuckDB's DESCRIBE tells repeated names apart; the values stay in their own columns.
          'x_1 INTEGER',
        ],
        'the columns',
      );
      equal(
        result.rows,
        [
          [
            '12345678901234567890',
            '9007199254740993',
            42,
            1.25,
            '2024-01-02',
            '2024-01-02 03:04:05',
            '[1, 2]',
            null,
            'NaN',
            true,
            1,
            2,
          ],
        ],
        'the cells',
      );
      equal([result.totalRows, result.truncated], [1, false], 'the count');

      // Text past 10,000 characters is cut with an ellipsis; text at the limit stays whole.
      const long = "SELECT repeat('é', 10001) AS long, repeat('x', 10000) AS exact";
      equal(
        rows(await ctx.engine.query(long), long).rows,
        [[`${'é'.repeat(10000)}…`, 'x'.repeat(10000)]],
        'the long text',
      );
    },
  },
  {
    name: 'cuts the rows at the row limit and still counts them all',
    async run(ctx) {
      const all = rows(await ctx.engine.query('SELECT * FROM range(5000)'), 'range(5000)');
      equal(
        [all.rows.length, all.totalRows, all.truncated, all.note],
        [1000, 5000, true, 'Showing the first 1,000 rows of 5,000.'],
        'the default limit',
      );
      const few = rows(
        await ctx.engine.query('SELECT range AS n FROM range(25) ORDER BY n DESC', { maxRows: 3 }),
        'maxRows 3',
      );
      equal([few.rows, few.totalRows, few.truncated], [[[24], [23], [22]], 25, true], 'maxRows 3');
      const exact = rows(await ctx.engine.query('FROM range(3)', { maxRows: 3 }), 'exactly 3');
      equal([exact.rows.length, exact.totalRows, exact.truncated], [3, 3, false], 'exactly 3');
    },
  },
  {
    name: 'runs read-only forms: WITH, FROM-first, DESCRIBE, SUMMARIZE, SHOW, a trailing ; and comment',
    async run(ctx) {
      await loadWeather(ctx);
      const expected: Array<[string, number]> = [
        ['WITH w AS (SELECT city FROM data) SELECT count(DISTINCT city) FROM w', 1],
        ["FROM data SELECT count(*) WHERE city = 'Oslo'", 1],
        ['DESCRIBE data', 3],
        ['SUMMARIZE data', 3],
        ['SHOW TABLES', 1],
        ['VALUES (1), (2)', 2],
        ['SELECT 1 AS one; -- done', 1],
        ['SELECT count(*) AS n FROM data -- every row\n', 1],
      ];
      for (const [sql, count] of expected)
        equal(rows(await ctx.engine.query(sql), sql).rows.length, count, sql);
    },
  },
  {
    name: 'refuses writes, settings and extensions by name, and changes nothing',
    async run(ctx) {
      await loadWeather(ctx);
      const statements: Array<[string, string]> = [
        ['CREATE TABLE copy AS SELECT * FROM data', 'CREATE'],
        ["INSERT INTO data VALUES ('2024-01-03', 'Oslo', 2)", 'INSERT'],
        ["UPDATE data SET city = 'x'", 'UPDATE'],
        ['DELETE FROM data', 'DELETE'],
        ['DROP TABLE data', 'DROP'],
        ["COPY data TO 'uploads/stolen.csv'", 'COPY'],
        ["ATTACH ':memory:' AS m", 'ATTACH'],
        ['INSTALL httpfs', 'INSTALL'],
        ['LOAD httpfs', 'LOAD'],
        ['SET enable_external_access = true', 'SET'],
        ['SET lock_configuration = false', 'SET'],
        ['PRAGMA enable_profiling', 'PRAGMA'],
      ];
      for (const [sql, keyword] of statements) {
        const result = refused(await ctx.engine.query(sql), 'rejected', sql);
        match(result.message, new RegExp(`read-only.*${keyword} statement was refused`), sql);
      }
      await expectIntact(ctx, 'the writes');
    },
  },
  {
    name: 'refuses a second statement, one smuggled past a closing parenthesis, and an empty one',
    async run(ctx) {
      await loadWeather(ctx);
      const two = refused(await ctx.engine.query('SELECT 1; SELECT 2'), 'rejected', 'two');
      match(two.message, /one statement/, 'two statements');
      for (const sql of [
        'SELECT 1; DROP TABLE data',
        'SELECT 1) AS q; DROP TABLE data; SELECT * FROM (SELECT 1',
        'WITH x AS (SELECT 1) DELETE FROM data',
      ])
        refused(await ctx.engine.query(sql), 'rejected', sql);
      const smuggled = "SELECT * FROM query('DROP TABLE data')";
      equal((await ctx.engine.query(smuggled)).ok, false, smuggled);
      // DuckDB says "Cannot prepare multiple statements" of a PIVOT without an IN list: the
      // person wrote one statement, and is told how to make it one DuckDB can prepare.
      const pivot = await ctx.engine.query('PIVOT data ON city USING sum(rain)');
      truthy(!pivot.ok, 'the PIVOT without IN ran');
      if (!pivot.ok) {
        match(pivot.message, /ON … IN \(…\)/, 'the PIVOT');
        truthy(!/split the text/.test(pivot.message), `PIVOT told to split: ${pivot.message}`);
      }
      const empty = refused(await ctx.engine.query('  -- nothing\n;'), 'rejected', 'empty');
      equal(empty.message, 'The query is empty.', 'the empty query');
      await expectIntact(ctx, 'the chains');
    },
  },
  {
    name: 'cannot reach a URL, or a file outside the uploads, in any way',
    async run(ctx) {
      await loadWeather(ctx);
      // A file reader called by name is refused before DuckDB sees it (table-calls.ts)…
      for (const sql of [
        "SELECT * FROM read_csv('http://127.0.0.1:9/read.csv')",
        "SELECT * FROM read_parquet('https://example.com/x.parquet')",
        "SELECT * FROM read_csv('/etc/passwd')",
        "SELECT * FROM read_text('/etc/hostname')",
        "SELECT * FROM read_blob('/etc/hostname')",
        "SELECT * FROM read_csv('uploads/../etc/passwd')",
        "SELECT * FROM glob('*')",
      ])
        match(refused(await ctx.engine.query(sql), 'rejected', sql).message, /not allowed/, sql);
      // …and a path standing as a table, which DuckDB reads with the same readers, meets the
      // lockdown underneath.
      for (const sql of [
        "SELECT * FROM 'http://127.0.0.1:9/read.csv'",
        "SELECT * FROM '/etc/hosts.csv'",
        "SELECT * FROM 'uploads/../etc/passwd.csv'",
      ]) {
        const result = refused(await ctx.engine.query(sql), 'error', sql);
        match(result.message, /disabled by configuration/, sql);
      }
      await expectIntact(ctx, 'the reads');
    },
  },
  {
    // In the page, the tables live in a database file in OPFS (workers/work-database.ts); in
    // Node, in memory. A query reads the loaded tables, never a file: DuckDB would let it read its
    // own database file, and binding a reader on that path wedged the worker (table-calls.ts).
    name: "refuses every file reader by name before DuckDB binds it, its own database file's path included",
    async run(ctx) {
      await loadWeather(ctx);
      const listed = rows(
        await ctx.engine.query('SELECT path FROM duckdb_databases() WHERE path IS NOT NULL'),
        'the databases',
      ).rows.map(([path]) => String(path));
      const info = await ctx.engine.info();
      equal(listed.length, info.storage === 'file' ? 1 : 0, 'the database files');
      const path = listed[0] ?? 'opfs://sift-work/none.db';
      const [scheme = '', rest = ''] = path.split('//');
      const calls: [string, string][] = [
        ['read_blob', `SELECT sum(octet_length(content)) AS n FROM read_blob('${path}')`],
        ['read_blob', `SELECT * FROM read_blob('${scheme}' || '//' || '${rest}')`],
        ['read_text', `SELECT * FROM main."READ_TEXT" /* a comment */ ('${path}.wal')`],
        ['read_csv', `SELECT count(*) FROM system.main.read_csv(\n'${path}', header = false)`],
        ['query', `SELECT * FROM query('SELECT * FROM read_blob(''${path}'')')`],
        ['glob', `WITH f AS (SELECT * FROM glob('opfs://*')) SELECT * FROM f`],
        ['sniff_csv', `SELECT (SELECT count(*) FROM sniff_csv('${path}')) AS n, * FROM data`],
        ['checkpoint', 'SELECT * FROM checkpoint()'],
        // DuckDB's tokens are UTF-8 byte offsets: text of other scripts, emoji and combining
        // marks before a call must not shift where the name is read (issue 46), nor a comment
        // that DuckDB ends at a lone carriage return hide the parenthesis.
        ['read_blob', `SELECT 'é' AS a, * FROM read_blob('${path}')`],
        ['read_blob', `SELECT '😀🚀' AS "名前", * FROM read_blob('${path}')`],
        ['read_text', `SELECT 'e\u0301' AS "café", * FROM read_text('${path}.wal')`],
        ['read_blob', `/* ünï /* 😀 */ */ SELECT 'Zoë' -- 💥\r\n, * FROM read_blob('${path}')`],
        ['read_text', `SELECT * FROM read_text--x\r('${path}')`],
      ];
      for (const [name, sql] of calls) {
        const result = refused(await ctx.engine.query(sql), 'rejected', sql);
        match(result.message, new RegExp(`^${name}\\(\\) is not allowed here`), sql);
      }
      // The same names where they call nothing, and the table functions that read no file.
      for (const sql of [
        'SELECT \'read_blob(x)\' AS s, 1 AS "read_text"',
        'SELECT count(*) AS n FROM range(3)',
        'SELECT count(*) AS n FROM duckdb_tables()',
        'SELECT unnest([1, 2]) AS u',
        'SELECT * FROM generate_series(1, 2)',
      ])
        truthy((await ctx.engine.query(sql)).ok, sql);
      // A path in FROM is no table, and reads nothing either.
      const direct = await ctx.engine.query(`SELECT * FROM '${path}'`);
      truthy(!direct.ok, `SELECT * FROM '${path}' answered`);
      await expectIntact(ctx, 'the reads of its files');
    },
  },
  {
    name: 'stops an endless query at its time limit, and the next query works',
    async run(ctx) {
      const endless =
        'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) SELECT count(*) FROM t';
      const result = refused(await ctx.engine.query(endless, { timeoutMs: 1000 }), 'timeout', '');
      match(result.message, /stopped after 1 s, the time limit/, 'the message');
      equal(rows(await ctx.engine.query('SELECT 42'), 'after').rows, [[42]], 'the next query');
    },
  },
];
