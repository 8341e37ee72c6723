/**
 * Keeps the data engine alive through queries written to break it. Some statements cannot be
 * stopped by DuckDB's own limits: `repeat('x', 3e9)` traps the wasm instance ("memory access out
 * of bounds"), after which every statement fails, and a parse or bind cannot be interrupted at
 * all. So every failure is followed by a one-row probe, every query has a hard deadline beyond
 * its own time limit, and when either says DuckDB is gone it is replaced by a fresh instance that
 * reads the loaded files again under the same table names. The person's tables and everything on
 * the page stay; the failed query says what happened.
 */
import type {
  LoadOutcome,
  ExportOptions,
  ExportResult,
  QueryOptions,
  QueryResult,
  ReadChoice,
  Reopened,
  SiftEngine,
  TableEngine,
  TableInfo,
  TableProfile,
  WantedTable,
} from '../src/core/data/engine.ts';
import { errorMessage } from '../src/core/errors.ts';
import {
  explainFatal,
  fatalKind,
  restartedWords,
  type FailedWork,
} from '../src/core/data/engine-failure.ts';
import { CANCELLED_BEFORE_START, Cancellations, runInTurn } from './cancellations.ts';
import { DEFAULT_TIMEOUT_MS } from './guarded-query.ts';
import { Interrupted } from './pending.ts';
import { ProfileCache, profileInSlices, type RunningProfiles } from './profile-slices.ts';
import { Scheduler } from './scheduler.ts';
import {
  bootWithRetries,
  FILE_AT,
  within,
  type BootOptions,
  type EngineInstance,
  type ResilienceOptions,
} from './engine-instance.ts';

export type { BootOptions, DatabaseFiles, EngineInstance } from './engine-instance.ts';

export function resilientEngine(
  boot: (options?: BootOptions) => Promise<EngineInstance>,
  {
    graceMs = 10_000,
    probeMs = 5_000,
    bootTries = 3,
    bootPauseMs = 500,
    tables = 'auto',
    databases,
  }: ResilienceOptions = {},
): SiftEngine & { restarts(): number } {
  // A failed boot is reported to the calls waiting for it, but is not final: the next call
  // (the page's "Try again") boots anew.
  let failed: Promise<EngineInstance> | null = null;
  /** What DuckDB may use in this tab (its memory_limit), read from the first instance booted. */
  let memoryLimit: number | null = null;
  const start = (options?: BootOptions) => {
    const booting = bootWithRetries(boot, bootTries, bootPauseMs, options).then(
      async (instance) => {
        memoryLimit ??= (await instance.engine.info()).memoryLimitBytes ?? null;
        return instance;
      },
    );
    booting.catch(() => {
      failed = booting;
    });
    return booting;
  };
  /** Where the current instance was asked to keep its tables. */
  let storage: 'file' | 'memory' = tables === 'file' ? 'file' : 'memory';
  let current = start({ storage });
  const ready = (): Promise<EngineInstance> => {
    if (failed === current) current = start();
    return current;
  };
  let restarts = 0;
  // The loaded files by table name: what a fresh instance reads again.
  /** Each table's file (and how it was read: a workbook's sheet, a chosen encoding), to read them again after a restart. */
  const files = new Map<string, { file: File; read: ReadChoice; table: TableInfo }>();
  /**
   * One operation at a time, so that a deadline measures the operation, not its wait; what
   * someone waits for before the profile (scheduler.ts).
   */
  const scheduler = new Scheduler();
  const exclusive = <T>(op: () => Promise<T>) => scheduler.now(op);
  /** Operations waiting here by id: a cancel must reach one before it reaches the instance. */
  const book = new Cancellations();
  const profiles: RunningProfiles = new Map();
  const profiled = new ProfileCache();

  /** Runs `op` in its turn unless `id` was cancelled meanwhile; a later cancel goes through. */
  function inTurn<T>(id: string | undefined, op: () => Promise<T>, never: () => T): Promise<T> {
    const forward = () => {
      if (id) void current.then((i) => i.engine.cancel(id)).catch(() => undefined);
    };
    return runInTurn(book, exclusive, id, op, never, forward);
  }

  async function alive(instance: EngineInstance): Promise<boolean> {
    const probe = instance.engine
      .query('SELECT 1 AS alive', { timeoutMs: probeMs })
      .catch(() => null);
    const settled = await within(probe, probeMs + 1_000);
    return settled.done && settled.value?.ok === true;
  }

  /** Ends `old`; the database file it hands over, if asked to and it has one. */
  function ended(old: EngineInstance, ending: 'remove' | 'keep' | 'handOver'): string | null {
    try {
      if (ending !== 'remove' && old.handOver) return old.handOver();
      old.dispose();
    } catch {
      // Already gone.
    }
    return null;
  }

  /** `old` reopened on `path` in place (EngineInstance.reopenHere), or null to boot anew. */
  async function reopenedHere(old: EngineInstance, path: string): Promise<EngineInstance | null> {
    try {
      return (await old.reopenHere?.(path)) ?? null;
    } catch {
      return null;
    }
  }

  /** The session's tables as a successor is to have them. */
  const loadedTables = (): WantedTable[] =>
    [...files].map(([name, { file, read }]) => ({ name, file, read }));

  /**
   * Ends `old` — its database file removed, left for its session (`keep`), or handed to the
   * successor — and boots the successor on `next`, then brings in `wanted` (the session's tables
   * by default): those a reopened file holds as loaded are taken from it (adopt-tables.ts), and
   * unless `readAgain` is false the others are read again from their files.
   */
  async function renew(
    old: EngineInstance,
    ending: 'remove' | 'keep' | 'handOver',
    next: { to: 'file' | 'memory'; reopen?: string },
    wanted: WantedTable[] = loadedTables(),
    readAgain = true,
  ): Promise<{ adopted: TableInfo[]; reopened: boolean; reloaded: number; lost: string[] }> {
    profiled.clear();
    // A session opened in an instance that holds nothing yet: its DuckDB opens the file itself.
    const here = next.reopen && ending === 'remove' ? await reopenedHere(old, next.reopen) : null;
    const handed = here ? null : ended(old, ending);
    const reopen = next.reopen ?? (ending === 'handOver' ? handed : null);
    const fresh = here ? Promise.resolve(here) : start(reopen ? { reopen } : { storage: next.to });
    current = fresh;
    // Where the tables are is known once the boot has answered: a boot that failed is booted
    // again in memory (ready), where a large session must not stay unmoved (placeFor).
    storage = 'memory';
    const instance = await fresh;
    storage = reopen ? 'file' : next.to;
    // The tables the database file kept, each checked, are not read again from their files (a
    // 5 GB CSV took two minutes to read; its table reopens at once).
    const adopted = reopen && instance.adopt ? await instance.adopt(wanted) : [];
    for (const table of adopted) {
      const { file, read } = wanted.find((w) => w.name === table.name)!;
      files.set(table.name, { file, read: read ?? {}, table });
    }
    const rest = wanted.filter((w) => !adopted.some((t) => t.name === w.name));
    const reopened = Boolean(instance.adopt);
    if (!readAgain || rest.length === 0) return { adopted, reopened, reloaded: 0, lost: [] };
    const restFiles = rest.map((w) => w.file);
    const outcomes = await instance.engine.load(
      restFiles,
      undefined,
      rest.map((w) => w.name),
      rest.map((w) => w.read),
    );
    remember(restFiles, outcomes);
    const lost = rest.filter((_, i) => !outcomes[i]?.ok).map((w) => w.name);
    for (const name of lost) files.delete(name);
    return { adopted, reopened, reloaded: rest.length - lost.length, lost };
  }

  /**
   * Empties the engine for the next session. Tables in the database file the session records
   * (`keep`) are kept there for it to reopen; any other file is removed with its instance (a
   * follower that took over as writer has a copy of its own). A session that needed a file leaves
   * it, and the next starts in memory again (FILE_AT).
   */
  async function emptied(keep: string | null): Promise<void> {
    const had = files.size > 0;
    files.clear();
    profiled.clear();
    const instance = await ready();
    const after = tables === 'file' ? 'file' : 'memory';
    const held = instance.path ? databases?.name(instance.path) : undefined;
    if (storage === 'file' && had && keep && held === keep)
      await renew(instance, 'keep', { to: after }, []);
    else if (storage === 'file' && tables === 'auto')
      await renew(instance, 'remove', { to: after }, []);
    // Else the tables are dropped; in a file (the engine suite's), their blocks are cut off at the
    // checkpoint (engine.ts).
    else await guarded((e) => e.reset());
  }

  /** Replaces a broken instance; says how many tables were read again, and which could not be. */
  async function restart(broken: EngineInstance): Promise<string> {
    restarts++;
    const { adopted, reloaded, lost } = await renew(broken, 'handOver', { to: storage });
    return restartedWords(adopted.length, reloaded, lost);
  }

  /**
   * A statement of the person's or the model's (a query, or a whole result saved): in its turn,
   * and a failure that takes DuckDB down restarts it and says so; `what` names it in the words
   * of a run that would not stop.
   */
  function statement<R extends QueryResult | ExportResult>(
    op: (engine: TableEngine) => Promise<R>,
    options: { timeoutMs?: number; id?: string },
    what: string,
  ): Promise<R | typeof CANCELLED_BEFORE_START> {
    const limitMs = (options.timeoutMs ?? DEFAULT_TIMEOUT_MS) + graceMs;
    const run = () =>
      guarded<R | Extract<QueryResult, { ok: false }>>(op, {
        failed: (r) => !r.ok && r.kind === 'error',
        fatal: (r) => !r.ok && fatalKind(r.message) !== null,
        limitMs,
        onRestart: (r, restarted) =>
          r && !r.ok
            ? { ...r, ...explain(r.message, { query: true }, restarted) }
            : {
                ok: false,
                kind: 'timeout',
                message: `${what} did not stop at its time limit, so DuckDB was stopped. ${restarted}`,
                durationMs: limitMs,
              },
      });
    return inTurn(options.id, run, () => CANCELLED_BEFORE_START);
  }

  /**
   * Runs `op`; when it throws or returns what `failed` calls a failure, checks that DuckDB still
   * answers, and restarts it if not. `limitMs` is the hard deadline; `onRestart` words the result.
   */
  async function guarded<T>(
    op: (engine: TableEngine) => Promise<T>,
    recover?: {
      failed: (value: T) => boolean;
      /** Whether a failure is one after which DuckDB is restarted whatever the probe says. */
      fatal: (value: T) => boolean;
      limitMs: number;
      onRestart: (value: T | null, restarted: string) => T;
    },
  ): Promise<T> {
    const instance = await ready();
    const rethrow = async (e: unknown): Promise<never> => {
      // Stopped on purpose (a cancel, or background work yielding): DuckDB is fine.
      if (e instanceof Interrupted) throw e;
      if (!fatalKind(errorMessage(e)) && (await alive(instance))) throw e;
      throw new Error(`${errorMessage(e)} ${await restart(instance)}`);
    };
    if (!recover) return op(instance.engine).catch(rethrow);
    const settled = await within(op(instance.engine), recover.limitMs).catch(rethrow);
    if (!settled.done) return recover.onRestart(null, await restart(instance));
    if (!recover.failed(settled.value)) return settled.value;
    // A failure that leaves DuckDB unfit restarts it even when it still answers the probe
    // (engine-failure.ts: a load that ran out of memory, then silently misread the next file).
    if (!recover.fatal(settled.value) && (await alive(instance))) return settled.value;
    return recover.onRestart(settled.value, await restart(instance));
  }

  /**
   * Plain words for a failure DuckDB was restarted after. One whose text names no known kind broke
   * it all the same (the probe found it dead): it is said as a crash.
   */
  const explain = (message: string, work: FailedWork, restarted: string) =>
    explainFatal(fatalKind(message) ?? 'trap', work, message, restarted, memoryLimit);

  /**
   * Moves the session's tables to a database file before a load that would take them past
   * `FILE_AT` of DuckDB's limit in memory (the tables already loaded are read again there).
   */
  async function placeFor(incoming: File[], names: (string | undefined)[] | undefined) {
    if (tables !== 'auto' || storage === 'file') return;
    // After the boot: a file chosen as the page shows comes before DuckDB's limit is known.
    const instance = await ready();
    if (!memoryLimit) return;
    const replaced = new Set(names ?? []);
    let bytes = incoming.reduce((sum, f) => sum + f.size, 0);
    for (const [name, { file }] of files) if (!replaced.has(name)) bytes += file.size;
    if (bytes <= FILE_AT * memoryLimit) return;
    if (!(await instance.engine.info()).fileStorage) return;
    await renew(instance, 'remove', { to: 'file' });
  }

  /**
   * A full profile goes into the database file with its table (engine.ts, keepProfile), as
   * background work after whatever waits, unless the table changed since it was profiled.
   */
  function keepProfile(profile: TableProfile, since: string): void {
    void scheduler
      .later({
        run: async () => {
          if (profiled.version(profile.table) !== since) return;
          await (await current).keepProfile?.(profile);
        },
        interrupt: () => undefined,
      })
      .catch(() => undefined);
  }

  function remember(loadFiles: File[], outcomes: LoadOutcome[]): void {
    outcomes.forEach((outcome, i) => {
      const file = loadFiles[outcome.fileIndex ?? i];
      if (outcome.ok) profiled.forget(outcome.table.name);
      if (outcome.ok && file) {
        const { sheet, readAs, asWritten, dates } = outcome.table;
        files.set(outcome.table.name, {
          file,
          read: {
            sheet,
            encoding: readAs,
            ...(asWritten ? { asWritten } : {}),
            ...(dates ? { dates } : {}),
          },
          table: outcome.table,
        });
      }
    });
  }

  return {
    restarts: () => restarts,
    info: async () => (await ready()).engine.info(),

    load: (loadFiles, onProgress, names, reads) =>
      exclusive(async () => {
        // A table a load replaces is gone even if the load then fails.
        for (const name of names ?? []) if (name) profiled.forget(name);
        await placeFor(loadFiles, names);
        const outcomes = await guarded(
          async (e) => {
            const all = await e.load(loadFiles, onProgress, names, reads);
            // Before any restart, so that the tables this load did read are read again by it.
            remember(loadFiles, all);
            return all;
          },
          {
            failed: (all) => all.some((o) => !o.ok),
            // DuckDB's own text is the details where the message says it in plain words
            // (core/reading/csv-failure.ts).
            fatal: (all) => all.some((o) => !o.ok && fatalKind(o.details ?? o.message) !== null),
            limitMs: Infinity,
            onRestart: (all, restarted) =>
              (all ?? []).map((o) => {
                if (o.ok) return o;
                const bytes = loadFiles[o.fileIndex ?? -1]?.size ?? 0;
                const duckdb = o.details ?? o.message;
                return { ...o, ...explain(duckdb, { file: o.fileName, bytes }, restarted) };
              }),
          },
        );
        return outcomes;
      }),

    query: (sql: string, options: QueryOptions = {}) =>
      statement((e) => e.query(sql, options), options, 'The query'),

    // As a query: a statement that takes DuckDB down restarts it, and says so.
    exportCsv: (sql: string, options: ExportOptions = {}) =>
      statement((e) => e.exportCsv(sql, options), options, 'Saving the result'),

    // Not queued: it must reach the operation that is running (book.start forwards it).
    cancel: async (id) => {
      if (!book.cancel(id)) profiles.get(id)?.();
    },

    profile: async (table, options = {}, onColumn) => {
      const since = profiled.version(table);
      const profile = await profileInSlices(
        {
          scheduler,
          running: profiles,
          cache: profiled,
          engine: async () => (await ready()).engine,
          slice: (columns, sliceId) =>
            guarded((e) => e.profile(table, { id: sliceId, columns }, undefined)),
          interrupt: (sliceId) =>
            void current.then((i) => i.engine.cancel(sliceId)).catch(() => undefined),
        },
        table,
        options,
        onColumn,
      );
      if (!options.columns) keepProfile(profile, since);
      return profile;
    },

    // Through `guarded` too: an instance that fails here is replaced, not asked again for ever.
    tables: () => guarded((e) => e.tables()),

    dropTable: (name) =>
      exclusive(async () => {
        files.delete(name);
        profiled.forget(name);
        await guarded((e) => e.dropTable(name));
      }),

    reset: (keep = null) => exclusive(() => emptied(keep)),

    reopen: (database, wanted) =>
      exclusive(async (): Promise<Reopened> => {
        const path = databases?.path(database);
        try {
          if (!path || !(await databases!.exists(database).catch(() => false))) {
            await emptied(null);
            return { tables: [], file: 'missing' };
          }
          // Not emptied first: renew ends the instance, or opens the file in its DuckDB.
          files.clear();
          const instance = await ready();
          const ending = instance.path === path ? 'keep' : 'remove';
          const found = await renew(instance, ending, { to: 'file', reopen: path }, wanted, false);
          const used = found.adopted.length === wanted.length;
          return {
            tables: found.adopted,
            file: !found.reopened ? 'damaged' : used ? 'used' : 'stale',
          };
        } catch {
          // A boot that failed is booted again by the next call (ready). An instance that could
          // not take the tables (a damaged block) is replaced, the file left for the sweep (the
          // session records the new one, state/sessions.svelte.ts): the files are the truth.
          files.clear();
          const broken = await current.catch(() => null);
          if (broken && path && broken.path === path) {
            ended(broken, 'keep');
            current = start({ storage: 'file' });
            storage = 'file';
          }
          return { tables: [], file: 'damaged' };
        }
      }),

    databases: async () => (databases ? databases.list().catch(() => []) : []),

    forgetDatabases: async (keep) => {
      if (!databases) return;
      // Not the open instance's file, whatever the page says: its log may not be written through.
      const open = (await current.catch(() => null))?.path;
      const name = open ? databases.name(open) : undefined;
      await databases.forget(name ? [...keep, name] : keep).catch(() => undefined);
    },
  };
}
