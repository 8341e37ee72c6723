/**
 * The database files of one fake browser's origin (OPFS), and an engine per tab that keeps every
 * session's tables in one, as workers/resilient-engine.ts does past FILE_AT: a file is held by
 * one tab at a time (a synchronous access handle's lock), kept by a reset that asks, reopened with
 * the tables it holds as they were loaded (the same name, file size and time), and removed by `forgetDatabases` unless kept or held.
 * The real engine is tested on real OPFS in tests/engine-suite/kept-cases.ts; this fake lets the
 * state suite check what the page does with it.
 */
import type { Reopened, SiftEngine, TableInfo } from '../../src/core/data/engine.ts';
import { namingEngine } from './state-tabs.ts';
import { answerAs } from './test-platform.ts';

interface DatabaseFile {
  tables: TableInfo[];
  /** The tab whose engine has it open; null once that tab let go or closed. */
  holder: number | null;
}

/** Bytes a table takes in a fake database file. */
export const TABLE_BYTES = 4096;

export class DatabaseFiles {
  readonly files = new Map<string, DatabaseFile>();
  #made = 0;

  /** The browser ends a tab: its files are let go of, and stay. */
  release(tab: number): void {
    for (const file of this.files.values()) if (file.holder === tab) file.holder = null;
  }

  /** An engine for tab `tab`; `reads` records every file it reads into a table. */
  engine(tab: number): SiftEngine & { reads: string[] } {
    const base = namingEngine(`tab ${tab}`);
    const reads: string[] = [];
    let open: string | null = null;
    let tables: TableInfo[] = [];
    const files = this.files;
    const held = () => (open ? files.get(open) : undefined);
    const letGo = (keep: string | null) => {
      const file = held();
      if (file && keep === open && tables.length) Object.assign(file, { tables, holder: null });
      else if (open) files.delete(open);
      open = null;
      tables = [];
    };
    return {
      ...base,
      reads,
      load: async (loaded, progress, names, readChoices) => {
        if (!open) files.set((open = `db-${++this.#made}.db`), { tables: [], holder: tab });
        const database = open;
        const outcomes = await base.load(loaded, progress, names, readChoices);
        for (const [i, o] of outcomes.entries()) {
          if (!o.ok) continue;
          o.table.database = database;
          o.table.fileModified = loaded[i]!.lastModified;
          reads.push(o.table.fileName);
          tables = [...tables.filter((t) => t.name !== o.table.name), o.table];
        }
        held()!.tables = tables;
        return outcomes;
      },
      tables: async () => tables,
      query: async () => answerAs(`tab ${tab}`, tables),
      dropTable: async (name) => {
        tables = tables.filter((t) => t.name !== name);
        const file = held();
        if (file) file.tables = tables;
      },
      reset: async (keep = null) => letGo(keep),
      reopen: async (database, wanted): Promise<Reopened> => {
        letGo(null);
        const file = files.get(database);
        if (!file) return { tables: [], file: 'missing' };
        // Another tab's engine holds it: the open fails, as on a locked file.
        if (file.holder !== null && file.holder !== tab) return { tables: [], file: 'damaged' };
        file.holder = tab;
        open = database;
        tables = file.tables.filter((t) =>
          wanted.some(
            (w) =>
              w.name === t.name &&
              w.file.size === t.fileBytes &&
              w.file.lastModified === t.fileModified,
          ),
        );
        return { tables, file: tables.length === wanted.length ? 'used' : 'stale' };
      },
      databases: async () =>
        [...files].map(([database, f]) => ({ database, bytes: f.tables.length * TABLE_BYTES })),
      forgetDatabases: async (keep) => {
        for (const [name, f] of files)
          if (!keep.includes(name) && f.holder === null) files.delete(name);
      },
    };
  }
}
