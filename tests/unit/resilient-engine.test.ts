/**
 * The restart of a DuckDB that a query broke or hung, over scripted instances: which failures
 * restart it, that the loaded tables come back under their names, and what the person is told.
 */
import { describe, expect, it } from 'vitest';
import type {
  LoadOutcome,
  QueryResult,
  SiftEngine,
  TableEngine,
  TableInfo,
} from '../../src/core/data/engine.ts';
import {
  resilientEngine,
  type BootOptions,
  type EngineInstance,
} from '../../workers/resilient-engine.ts';

interface Booted {
  loads: Array<{ files: string[]; names: (string | undefined)[]; asWritten?: boolean[] }>;
  disposed: boolean;
  storage: 'file' | 'memory';
}

/** Instances whose engine breaks on `BREAK`, hangs on `HANG` and fails (alive) on `TYPO`. */
function instances() {
  const booted: Booted[] = [];
  const boot = async (options?: BootOptions): Promise<EngineInstance> => {
    const storage = options?.reopen ? 'file' : (options?.storage ?? 'memory');
    const record: Booted = { loads: [], disposed: false, storage };
    booted.push(record);
    let broken = false;
    const tables = new Map<string, string>();
    const failure = (message: string): QueryResult => ({
      ok: false,
      kind: 'error',
      message,
      durationMs: 1,
    });
    const engine: TableEngine = {
      info: async () => ({
        duckdbVersion: 'v',
        bundle: 'eh',
        storage: record.storage,
        fileStorage: true,
        memoryLimitBytes: 1000,
      }),
      load: async (files, _progress, names = [], reads = []) => {
        const asWritten = reads.map((r) => Boolean(r?.asWritten));
        record.loads.push({
          files: files.map((f) => f.name),
          names,
          ...(asWritten.some(Boolean) ? { asWritten } : {}),
        });
        return files.map((file, i): LoadOutcome => {
          if (broken || file.name === 'crash.csv') {
            broken = true;
            return { ok: false, fileName: file.name, message: 'memory access out of bounds' };
          }
          const name = names[i] ?? (tables.size === 0 ? 'data' : file.name.replace('.csv', ''));
          tables.set(name, file.name);
          const table = tableOf(name, file);
          return { ok: true, table: reads[i]?.asWritten ? { ...table, asWritten: true } : table };
        });
      },
      query: async (sql) => {
        if (broken) return failure('memory access out of bounds');
        if (sql === 'BREAK') {
          broken = true;
          return failure('memory access out of bounds');
        }
        if (sql === 'HANG') return new Promise<QueryResult>(() => undefined);
        if (sql === 'TYPO') return failure('Parser Error: syntax error at or near "SELEC"');
        return {
          ok: true,
          columns: [{ name: 'tables', type: 'VARCHAR' }],
          rows: [[[...tables.keys()].join(',')]],
          totalRows: 1,
          truncated: false,
          durationMs: 1,
        };
      },
      // The same statements as a file: BREAK takes the instance down here too.
      exportCsv: async (sql) => {
        const r = await engine.query(sql);
        if (!r.ok) return r;
        const text = `tables\r\n${String(r.rows[0]?.[0])}\r\n`;
        return { ok: true, csv: new Blob([text]), rows: 1, durationMs: 1 };
      },
      cancel: async () => undefined,
      profile: async (table) => ({ table, rows: 1, columns: [], durationMs: 1 }),
      tables: async () => [],
      dropTable: async (name) => void tables.delete(name),
      reset: async () => tables.clear(),
    };
    return { engine, dispose: () => (record.disposed = true) };
  };
  return { booted, boot };
}

const tableOf = (name: string, file: File): TableInfo => ({
  name,
  fileName: file.name,
  fileBytes: file.size,
  rows: 1,
  columns: [],
  format: 'csv',
  encoding: 'utf-8',
  notes: [],
  loadMs: 1,
});

const csv = (name: string) => new File(['a\n1\n'], name, { type: 'text/csv' });

async function tablesIn(engine: SiftEngine): Promise<unknown> {
  const r = await engine.query('SELECT tables');
  return r.ok ? r.rows[0]?.[0] : r.message;
}

/** A CSV that says it is `size` bytes long. */
const sized = (name: string, size: number) =>
  Object.defineProperty(csv(name), 'size', { value: size });

describe('where the tables are kept', () => {
  it('in memory while small; in a database file once the files pass a quarter of the limit; in memory again after a reset', async () => {
    const { booted, boot } = instances();
    const engine = resilientEngine(boot);
    await engine.load([sized('weather.csv', 100)]);
    expect(booted.map((b) => b.storage)).toEqual(['memory']);
    // 100 + 200 bytes pass a quarter of the 1,000-byte limit: the tables move before the load.
    await engine.load([sized('orders.csv', 200)]);
    expect(booted.map((b) => b.storage)).toEqual(['memory', 'file']);
    expect(booted[0]?.disposed).toBe(true);
    expect(booted[1]?.loads).toEqual([
      { files: ['weather.csv'], names: ['data'] },
      { files: ['orders.csv'], names: [] },
    ]);
    expect(await tablesIn(engine)).toBe('data,orders');
    await engine.reset();
    expect(booted.map((b) => b.storage)).toEqual(['memory', 'file', 'memory']);
    expect(booted[1]?.disposed).toBe(true);
    expect(engine.restarts()).toBe(0);
  });

  it('judges a file chosen before DuckDB has booted by the limit it then reads', async () => {
    const { booted, boot } = instances();
    let started = () => undefined as void;
    const slow = new Promise<void>((r) => (started = r));
    const engine = resilientEngine(async (options) => {
      if (booted.length === 0) await slow;
      return boot(options);
    });
    const loading = engine.load([sized('orders.csv', 900)]);
    started();
    await loading;
    expect(booted.map((b) => b.storage)).toEqual(['memory', 'file']);
  });

  it('counts a table a load replaces once, and stays in memory below the share', async () => {
    const { booted, boot } = instances();
    const engine = resilientEngine(boot);
    await engine.load([sized('weather.csv', 200)]);
    await engine.load([sized('weather.csv', 200)], undefined, ['data']);
    expect(booted.map((b) => b.storage)).toEqual(['memory']);
  });

  it('always in a file when asked (the engine suite), a reset keeping the instance', async () => {
    const { booted, boot } = instances();
    const engine = resilientEngine(boot, { tables: 'file' });
    await engine.load([sized('weather.csv', 10)]);
    await engine.reset();
    expect(booted.map((b) => b.storage)).toEqual(['file']);
  });
});

describe('an engine that a query breaks', () => {
  it('is replaced, with the loaded tables read again under their names', async () => {
    const { booted, boot } = instances();
    const engine = resilientEngine(boot);
    await engine.load([csv('weather.csv'), csv('cities.csv')]);
    const r = await engine.query('BREAK');
    expect(r).toMatchObject({ ok: false, kind: 'error' });
    expect(!r.ok && r.message).toMatch(
      /^This query stopped DuckDB: most likely it needed more memory.*restarted DuckDB and loaded 2 tables again/,
    );
    expect(!r.ok && r.details).toBe('memory access out of bounds');
    expect(booted).toHaveLength(2);
    expect(booted[0]?.disposed).toBe(true);
    expect(booted[1]?.loads).toEqual([
      { files: ['weather.csv', 'cities.csv'], names: ['data', 'cities'] },
    ]);
    expect(await tablesIn(engine)).toBe('data,cities');
    expect(engine.restarts()).toBe(1);
  });

  it('is replaced when saving a result takes it down, and the next file holds the tables', async () => {
    const { booted, boot } = instances();
    const engine = resilientEngine(boot);
    await engine.load([csv('weather.csv'), csv('cities.csv')]);
    const r = await engine.exportCsv('BREAK');
    expect(!r.ok && r.message).toMatch(
      /^This query stopped DuckDB: .*restarted DuckDB and loaded 2 tables again/,
    );
    expect(booted).toHaveLength(2);
    const next = await engine.exportCsv('SELECT tables');
    expect(next.ok && (await next.csv.text())).toBe('tables\r\ndata,cities\r\n');
  });

  it('reads a table kept as written the same way again', async () => {
    const { booted, boot } = instances();
    const engine = resilientEngine(boot);
    await engine.load([csv('ledger.csv')], undefined, ['data'], [{ asWritten: true }]);
    await engine.query('BREAK');
    expect(booted[1]?.loads).toEqual([
      { files: ['ledger.csv'], names: ['data'], asWritten: [true] },
    ]);
  });

  it('is kept when the failure was only the query: a typo restarts nothing', async () => {
    const { booted, boot } = instances();
    const engine = resilientEngine(boot);
    await engine.load([csv('weather.csv')]);
    const r = await engine.query('TYPO');
    expect(!r.ok && r.message).toBe('Parser Error: syntax error at or near "SELEC"');
    expect(booted).toHaveLength(1);
  });

  it('is replaced when a query outlives its time limit and the grace after it', async () => {
    const { booted, boot } = instances();
    const engine = resilientEngine(boot, { graceMs: 20, probeMs: 20 });
    await engine.load([csv('weather.csv')]);
    // Queued behind the hung query: its own deadline starts when it runs, so it is not cut.
    const [hung, next] = await Promise.all([
      engine.query('HANG', { timeoutMs: 30 }),
      engine.query('SELECT tables', { timeoutMs: 30 }),
    ]);
    expect(hung).toMatchObject({ ok: false, kind: 'timeout' });
    expect(!hung.ok && hung.message).toMatch(
      /did not stop at its time limit.*loaded 1 table again/,
    );
    expect(next).toMatchObject({ ok: true, rows: [['data']] });
    expect(booted).toHaveLength(2);
  });

  it('keeps the tables already loaded when a load breaks it', async () => {
    const { booted, boot } = instances();
    const engine = resilientEngine(boot);
    await engine.load([csv('weather.csv')]);
    const [outcome] = await engine.load([csv('crash.csv')]);
    expect(outcome).toMatchObject({ ok: false, fileName: 'crash.csv' });
    expect(outcome && !outcome.ok && outcome.message).toMatch(/loaded 1 table again/);
    expect(booted[1]?.loads).toEqual([{ files: ['weather.csv'], names: ['data'] }]);
    expect(await tablesIn(engine)).toBe('data');
  });

  it('reads nothing back after a reset, nor a dropped table', async () => {
    const { booted, boot } = instances();
    const engine = resilientEngine(boot);
    await engine.load([csv('weather.csv'), csv('cities.csv')]);
    await engine.dropTable('cities');
    await engine.query('BREAK');
    expect(booted[1]?.loads).toEqual([{ files: ['weather.csv'], names: ['data'] }]);
    await engine.reset();
    const r = await engine.query('BREAK');
    expect(!r.ok && r.message).toMatch(/Sift restarted DuckDB; nothing else was lost/);
    expect(booted[2]?.loads).toEqual([]);
  });
});

describe('an engine on a database file that a query breaks', () => {
  /** Instances over one file: a table survives a restart when the file kept it. */
  function onAFile(keptByTheFile: string[]) {
    const { booted, boot } = instances();
    const reopened: Array<string | undefined> = [];
    const adopted: string[][] = [];
    const fileBoot = async (options?: BootOptions): Promise<EngineInstance> => {
      reopened.push(options?.reopen);
      const instance = await boot();
      return {
        ...instance,
        handOver: () => {
          instance.dispose();
          return 'opfs://sift-work/one.db';
        },
        adopt: options?.reopen
          ? async (wanted) => {
              const taken = wanted.filter((w) => keptByTheFile.includes(w.name));
              adopted.push(taken.map((w) => w.name));
              return taken.map((w) => tableOf(w.name, w.file));
            }
          : undefined,
      };
    };
    return { booted, reopened, adopted, boot: fileBoot };
  }

  it('reopens the file, keeps the tables it holds, and reads only the others again', async () => {
    const { booted, reopened, adopted, boot } = onAFile(['data']);
    const engine = resilientEngine(boot);
    await engine.load([csv('weather.csv'), csv('cities.csv')]);
    const r = await engine.query('BREAK');
    expect(!r.ok && r.message).toMatch(
      /Sift restarted DuckDB, kept 1 table in its database file and loaded 1 table again; nothing else was lost/,
    );
    expect(reopened).toEqual([undefined, 'opfs://sift-work/one.db']);
    expect(adopted).toEqual([['data']]);
    // Only the table the file did not keep is read from its file.
    expect(booted[1]?.loads).toEqual([{ files: ['cities.csv'], names: ['cities'] }]);
  });

  it('reads every table again when the file kept none of them', async () => {
    const { booted, boot } = onAFile([]);
    const engine = resilientEngine(boot);
    await engine.load([csv('weather.csv')]);
    const r = await engine.query('BREAK');
    expect(!r.ok && r.message).toMatch(/Sift restarted DuckDB and loaded 1 table again;/);
    expect(booted[1]?.loads).toEqual([{ files: ['weather.csv'], names: ['data'] }]);
  });
});

describe("a session's database file, kept and reopened", () => {
  /**
   * Instances whose file holds `held` when reopened (none: a file that would not open), and a
   * folder of kept files.
   */
  function kept(held: string[] | null) {
    const { booted, boot } = instances();
    const opened: Array<string | undefined> = [];
    const ended: Array<'handed over' | 'disposed'> = [];
    const files = new Set(['one.db']);
    const forgotten: string[][] = [];
    const fileBoot = async (options?: BootOptions): Promise<EngineInstance> => {
      opened.push(options?.reopen);
      const instance = await boot(options);
      const path =
        options?.reopen ?? (options?.storage === 'file' ? `opfs://w/${booted.length}.db` : null);
      return {
        ...instance,
        path,
        dispose: () => {
          ended.push('disposed');
          instance.dispose();
        },
        handOver: () => {
          ended.push('handed over');
          return path;
        },
        adopt:
          options?.reopen && held
            ? async (wanted) =>
                wanted.filter((w) => held.includes(w.name)).map((w) => tableOf(w.name, w.file))
            : undefined,
      };
    };
    const databases = {
      path: (d: string) => `opfs://w/${d}`,
      name: (p: string) => p.slice('opfs://w/'.length),
      exists: async (d: string) => files.has(d),
      list: async () => [...files].map((database) => ({ database, bytes: 10 })),
      forget: async (keep: string[]) => void forgotten.push(keep),
    };
    return { booted, opened, ended, forgotten, engine: resilientEngine(fileBoot, { databases }) };
  }
  const wanted = [
    { name: 'data', file: csv('weather.csv') },
    { name: 'cities', file: csv('cities.csv') },
  ];

  it('is left in storage by a reset naming it; any other file goes with its instance', async () => {
    const { ended, booted, engine } = kept([]);
    await engine.load([sized('orders.csv', 900)]);
    await engine.reset('2.db');
    await engine.load([sized('orders.csv', 900)]);
    await engine.reset('2.db');
    expect(booted.map((b) => b.storage)).toEqual(['memory', 'file', 'memory', 'file', 'memory']);
    expect(ended).toEqual(['disposed', 'handed over', 'disposed', 'disposed']);
  });

  it('removes a file that holds no table even when asked to keep it', async () => {
    const { ended, engine } = kept([]);
    await engine.load([sized('orders.csv', 900)]);
    await engine.dropTable('data');
    await engine.reset('2.db');
    expect(ended).toEqual(['disposed', 'disposed']);
  });

  it('gives back the tables the file holds as loaded, and says the others are stale', async () => {
    const { opened, booted, engine } = kept(['data']);
    const reopened = await engine.reopen('one.db', wanted);
    expect(reopened).toEqual({ tables: [tableOf('data', wanted[0]!.file)], file: 'stale' });
    expect(opened).toEqual([undefined, 'opfs://w/one.db']);
    // The others are the caller's to read, with their progress shown: none is read here.
    expect(booted[1]?.loads).toEqual([]);
    expect(await engine.info()).toMatchObject({ storage: 'file' });
  });

  it('says the file was used when it held every table', async () => {
    const { engine } = kept(['data', 'cities']);
    expect((await engine.reopen('one.db', wanted)).file).toBe('used');
  });

  it('says a file that would not open is damaged, and one not in storage missing', async () => {
    expect(await kept(null).engine.reopen('one.db', wanted)).toEqual({
      tables: [],
      file: 'damaged',
    });
    const { opened, engine } = kept(['data']);
    expect(await engine.reopen('two.db', wanted)).toEqual({ tables: [], file: 'missing' });
    expect(opened).toEqual([undefined]);
  });

  it('never removes the file the open instance holds', async () => {
    const { forgotten, engine } = kept(['data']);
    await engine.reopen('one.db', wanted);
    await engine.forgetDatabases(['three.db']);
    expect(forgotten).toEqual([['three.db', 'one.db']]);
  });
});

describe('a session opened in an instance that holds nothing yet', () => {
  it('opens its database file in that DuckDB instead of booting another', async () => {
    const { booted, boot } = instances();
    const inPlace: string[] = [];
    const engine = resilientEngine(
      async (options) => {
        const instance = await boot(options);
        return {
          ...instance,
          path: null,
          reopenHere: async (path: string) => {
            inPlace.push(path);
            return {
              ...instance,
              path,
              adopt: async (wanted) => wanted.map((w) => tableOf(w.name, w.file)),
            };
          },
        };
      },
      {
        databases: {
          path: (d) => `opfs://w/${d}`,
          name: (p) => p.slice('opfs://w/'.length),
          exists: async () => true,
          list: async () => [],
          forget: async () => undefined,
        },
      },
    );
    const reopened = await engine.reopen('one.db', [{ name: 'data', file: csv('weather.csv') }]);
    expect(reopened.file).toBe('used');
    expect(inPlace).toEqual(['opfs://w/one.db']);
    expect(booted).toHaveLength(1);
    expect(booted[0]?.disposed).toBe(false);
  });
});
