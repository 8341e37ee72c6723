/**
 * A session's database file kept in this browser's storage and reopened (issue 30): the tables
 * come back as they were loaded without their files being read again, and the stored file stays
 * the truth when the database file is stale, damaged or missing. In Chromium every case runs on a
 * database file in OPFS; in Node there is none, and a session always reads its files again.
 */
import type { SuiteContext, EngineCase } from './suite.ts';
import type { Reopened, TableInfo, TableProfile } from '../../src/core/data/engine.ts';
import { equal, rows, truthy } from './check.ts';

// Amounts and dates as a German spreadsheet writes them: the table carries conversions and notes
// that a reopened table must still carry.
const LEDGER =
  'Datum;Betrag;Konto\n25.03.2024;1.234,56;Miete\n26.03.2024;12,50;Kaffee\n27.03.2024;-7,00;Kaffee\n';

/** `value` with every object's keys in order: a table checked by zod comes back reordered. */
const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, sorted(v)]),
        )
      : value;

/**
 * The ledger as the session stores it: a File keeps its modification time through IndexedDB,
 * and a table is taken from the database file only for the same name, size and time.
 */
const MODIFIED = Date.UTC(2024, 2, 31, 17, 5);
const ledgerFile = (text = LEDGER) =>
  new File([text], 'ledger.csv', { type: 'text/csv', lastModified: MODIFIED });

/** The same name, size and time, other bytes: a table taken from it was not read from it. */
const lookalike = (text: string) => text.replace('Miete', 'Mxxxx');

async function loadLedger(ctx: SuiteContext): Promise<TableInfo> {
  const [outcome] = await ctx.engine.load([ledgerFile()]);
  if (!outcome?.ok) throw new Error(`ledger.csv did not load: ${JSON.stringify(outcome)}`);
  return outcome.table;
}

async function sum(ctx: SuiteContext): Promise<unknown> {
  const sql = 'SELECT round(sum(Betrag), 2) AS s, min(Konto) AS k FROM data';
  return rows(await ctx.engine.query(sql), sql).rows;
}

const wanted = (text = LEDGER) => [{ name: 'data', file: ledgerFile(text) }];

/** Writes over the whole database file, once its instance has let go of it (duckdb-wasm#2111). */
async function damage(database: string): Promise<void> {
  const root = await navigator.storage.getDirectory();
  const dir = await root.getDirectoryHandle('sift-work');
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await dir.getFileHandle(database);
      const writable = await handle.createWritable();
      await writable.write(new Uint8Array(64 * 1024).fill(0x5a));
      await writable.close();
      return;
    } catch (e) {
      if (attempt > 20) throw e;
      await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
    }
  }
}

async function kept(
  ctx: SuiteContext,
  { profiled = false } = {},
): Promise<{ table: TableInfo; database: string; profile: TableProfile | null }> {
  const table = await loadLedger(ctx);
  truthy(table.database, 'the table names its database file');
  const profile = profiled ? await ctx.engine.profile('data') : null;
  await ctx.engine.reset(table.database);
  return { table, database: table.database!, profile };
}

/** For the reload across pages (tests/e2e/engine-suite.test.ts). */
export { LEDGER, loadLedger, sum, wanted };

export const keptCases: EngineCase[] = [
  {
    name: 'keeps nothing of a table in memory: it names no database file, and reopening one finds it missing',
    only: 'memory',
    async run(ctx) {
      const table = await loadLedger(ctx);
      equal(table.database, undefined, 'the database file of a table in memory');
      await ctx.engine.reset('sift-none.db');
      const reopened = await ctx.engine.reopen('sift-none.db', wanted());
      equal(reopened, { tables: [], file: 'missing' }, 'reopening where nothing is kept');
    },
  },
  {
    name: 'reopens a session’s kept database file: the tables as loaded, their files not read again',
    only: 'file',
    async run(ctx) {
      const found = await kept(ctx, { profiled: true });
      const listed = await ctx.engine.databases();
      const entry = listed.find((d) => d.database === found.database);
      truthy(entry && entry.bytes > 0, `the kept file in the list: ${JSON.stringify(listed)}`);
      equal(await ctx.engine.tables(), [], 'the tables after the reset');
      // The file given has the name and size of the one loaded and other bytes: what answers is
      // the database file's copy.
      const reopened = await ctx.engine.reopen(found.database, wanted(lookalike(LEDGER)));
      equal(sorted(reopened), sorted({ tables: [found.table], file: 'used' }), 'what was reopened');
      equal(await sum(ctx), [[1240.06, 'Kaffee']], 'the sums of the reopened table');
      equal(
        (await ctx.engine.tables()).map((t) => t.name),
        ['data'],
        'the tables listed',
      );
      // The profile was kept in the file with the table's description (written once the profile
      // was done), and the reopened table answers it from there.
      const sql = "SELECT comment FROM duckdb_tables() WHERE table_name = 'data'";
      const comment = String(rows(await ctx.engine.query(sql), sql).rows[0]?.[0]);
      equal(sorted(JSON.parse(comment).profile), sorted(found.profile), 'the kept profile');
      const profile = await ctx.engine.profile('data');
      equal(sorted(profile.columns), sorted(found.profile!.columns), 'the reopened profile');
      await ctx.engine.forgetDatabases([]);
    },
  },
  {
    name: 'reads a table again when the session has another file under its name than the database file holds',
    only: 'file',
    async run(ctx) {
      const found = await kept(ctx);
      const other = LEDGER + '28.03.2024;3,00;Kaffee\n';
      const reopened = await ctx.engine.reopen(found.database, wanted(other));
      equal(reopened, { tables: [], file: 'stale' } satisfies Reopened, 'what was reopened');
      // The stale copy answers no query: the page reads the file again.
      truthy(!(await ctx.engine.query('SELECT * FROM data')).ok, 'the stale table answered');
      const [again] = await ctx.engine.load([ledgerFile(other)], undefined, ['data']);
      truthy(again?.ok, 'the file read again');
      equal(await sum(ctx), [[1243.06, 'Kaffee']], 'the sums of the file read again');
      await ctx.engine.forgetDatabases([]);
    },
  },
  {
    name: 'says a damaged database file is damaged, and the files read again answer',
    only: 'file',
    async run(ctx) {
      const found = await kept(ctx);
      await damage(found.database);
      const reopened = await ctx.engine.reopen(found.database, wanted());
      equal(reopened, { tables: [], file: 'damaged' }, 'what was reopened');
      const [again] = await ctx.engine.load([ledgerFile()], undefined, ['data']);
      truthy(again?.ok, 'the file read again');
      equal(await sum(ctx), [[1240.06, 'Kaffee']], 'the sums of the file read again');
      if (again?.ok) truthy(again.table.database !== found.database, 'a new database file');
      await ctx.engine.forgetDatabases([]);
    },
  },
  {
    name: 'removes the database files no session keeps but never the open one, and then reopening one finds it missing',
    only: 'file',
    async run(ctx) {
      const found = await kept(ctx);
      // The instance now open is on a file of its own: the table loaded there names it.
      const open = (await loadLedger(ctx)).database!;
      await ctx.engine.forgetDatabases([]);
      const names = (await ctx.engine.databases()).map((d) => d.database);
      truthy(!names.includes(found.database), `the file no session keeps is listed: ${names}`);
      truthy(names.includes(open), `the open instance's file is gone: ${names}`);
      equal(await sum(ctx), [[1240.06, 'Kaffee']], 'the sums of the open file');
      equal(
        await ctx.engine.reopen(found.database, wanted()),
        { tables: [], file: 'missing' },
        'reopening the removed file',
      );
    },
  },
  {
    // In Node the suite checks that DuckDB never had to restart.
    name: 'a DuckDB that a query brings down hands its database file to the next, which keeps the table',
    only: 'file',
    async run(ctx) {
      await loadLedger(ctx);
      const sql = "SELECT repeat('x', 3000000000) AS s";
      const broke = await ctx.engine.query(sql);
      truthy(!broke.ok, 'the query that traps DuckDB answered');
      if (!broke.ok)
        truthy(
          /restarted DuckDB and kept 1 table in its database file;/.test(broke.message),
          `the restart said: ${broke.message}`,
        );
      equal(await sum(ctx), [[1240.06, 'Kaffee']], 'the sums after the restart');
    },
  },
];
