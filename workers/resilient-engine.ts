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
  QueryOptions,
  QueryResult,
  ReadChoice,
  SiftEngine,
  TableInfo,
} from '../src/core/data/engine.ts';
import { errorMessage } from '../src/core/errors.ts';
import { explainFatal, fatalKind, type FailedWork } from '../src/core/data/engine-failure.ts';
import { CANCELLED_BEFORE_START, Cancellations, runInTurn } from './cancellations.ts';
import { DEFAULT_TIMEOUT_MS } from './guarded-query.ts';
import { Interrupted } from './pending.ts';
import { ProfileCache, profileInSlices, type RunningProfiles } from './profile-slices.ts';
import { Scheduler } from './scheduler.ts';

/** One booted DuckDB with the engine over it; `dispose` ends it for good (terminates its worker). */
export interface EngineInstance {
  engine: SiftEngine;
  dispose(): void;
  /**
   * Ends the instance but keeps its database file, for the next instance to reopen: the tables in
   * it need not be read again from their files. Returns the file, or null when there is none (a
   * database in memory), which is then ended as by `dispose`.
   */
  handOver?(): string | null;
  /**
   * Takes on the tables a reopened database file holds, each checked against what was loaded
   * (its rows and columns); returns the names taken. Those not taken are read again.
   */
  adopt?(tables: TableInfo[]): Promise<string[]>;
}

/** How to boot: on the database file an ended instance handed over, or where the tables go. */
export interface BootOptions {
  reopen?: string;
  /** Memory (the default), or a database file of its own where the tab can (work-database.ts). */
  storage?: 'file' | 'memory';
}

/**
 * The share of DuckDB's memory limit past which a session's files go to a database file. In
 * memory, a byte of CSV takes about a byte of DuckDB's memory (core/data/room.ts) and loads fast;
 * in a file it is compressed and paged, so the tab peaks at half the memory for 1 GB and a 5 GB
 * file loads, but the load takes 1.14× the time at 100 MB and 1.78× at 1 GB (ARCHITECTURE.md,
 * Facts: memory first, a file past a share). A quarter of the limit (about 790 MB of 3.1 GiB) keeps the common file
 * fast and leaves the rest of the limit to queries, which cannot spill.
 */
export const FILE_AT = 0.25;

export interface ResilienceOptions {
  /** Time past a query's own limit before DuckDB is taken to be stuck. */
  graceMs?: number;
  /** How long the liveness probe may take. */
  probeMs?: number;
  /** Boots tried before a failure is reported, and the pause that grows between them. */
  bootTries?: number;
  bootPauseMs?: number;
  /**
   * Where the tables go: `auto` keeps them in memory until the session's files pass `FILE_AT`,
   * then moves to a database file (and back to memory at the next reset); `file` always uses a
   * file where the tab can (the engine suite, so that every case runs on one).
   */
  tables?: 'auto' | 'file';
}

type Settled<T> = { done: true; value: T } | { done: false };

function within<T>(work: Promise<T>, ms: number): Promise<Settled<T>> {
  if (!Number.isFinite(ms)) return work.then((value) => ({ done: true, value }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Settled<T>>((resolve) => {
    timer = setTimeout(() => resolve({ done: false }), ms);
  });
  return Promise.race([work.then((value) => ({ done: true as const, value })), late]).finally(() =>
    clearTimeout(timer),
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Boots, retrying a failed boot `tries` times with a growing pause: a wasm fetch that failed
 * once (a flaky connection, a server restarting) should not leave the page without an engine.
 */
async function bootWithRetries(
  boot: (options?: BootOptions) => Promise<EngineInstance>,
  tries: number,
  pauseMs: number,
  options?: BootOptions,
): Promise<EngineInstance> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await boot(options);
    } catch (e) {
      if (attempt >= tries) throw e;
      await new Promise((r) => setTimeout(r, pauseMs * attempt));
    }
  }
}

export function resilientEngine(
  boot: (options?: BootOptions) => Promise<EngineInstance>,
  {
    graceMs = 10_000,
    probeMs = 5_000,
    bootTries = 3,
    bootPauseMs = 500,
    tables = 'auto',
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

  /**
   * Ends `old` and boots its successor with the session's tables: those a handed-over database
   * file still holds, checked, and the others read again from their files.
   */
  async function renew(
    old: EngineInstance,
    { handOver, to }: { handOver: boolean; to: 'file' | 'memory' },
  ): Promise<{ adopted: string[]; reloaded: number; lost: string[] }> {
    profiled.clear();
    let kept: string | null = null;
    try {
      kept = handOver ? (old.handOver?.() ?? null) : null;
      if (!kept) old.dispose();
    } catch {
      // Already gone.
    }
    storage = to;
    const names = [...files.keys()];
    const fresh = start(kept ? { reopen: kept } : { storage: to });
    current = fresh;
    const instance = await fresh;
    // The tables the database file kept, each checked, are not read again from their files (a
    // 5 GB CSV took two minutes to read; its table reopens at once).
    const adopted =
      kept && instance.adopt ? await instance.adopt(names.map((n) => files.get(n)!.table)) : [];
    const rest = names.filter((n) => !adopted.includes(n));
    const outcomes = rest.length
      ? await instance.engine.load(
          rest.map((n) => files.get(n)!.file),
          undefined,
          rest,
          rest.map((n) => files.get(n)!.read),
        )
      : [];
    const lost = rest.filter((_, i) => !outcomes[i]?.ok);
    for (const name of lost) files.delete(name);
    return { adopted, reloaded: rest.length - lost.length, lost };
  }

  /** Replaces a broken instance; says how many tables were read again, and which could not be. */
  async function restart(broken: EngineInstance): Promise<string> {
    restarts++;
    const { adopted, reloaded, lost } = await renew(broken, { handOver: true, to: storage });
    const done = [
      adopted.length > 0 ? `kept ${plural(adopted.length, 'table')} in its database file` : '',
      reloaded > 0 ? `loaded ${plural(reloaded, 'table')} again` : '',
    ].filter(Boolean);
    const again =
      done.length === 2 ? `, ${done[0]} and ${done[1]}` : done.map((d) => ` and ${d}`).join('');
    const missing = lost.length > 0 ? ` (${lost.join(', ')} could not be read again)` : '';
    return `Sift restarted DuckDB${again}${missing}; nothing else was lost.`;
  }

  /**
   * Runs `op`; when it throws or returns what `failed` calls a failure, checks that DuckDB still
   * answers, and restarts it if not. `limitMs` is the hard deadline; `onRestart` words the result.
   */
  async function guarded<T>(
    op: (engine: SiftEngine) => Promise<T>,
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
    await renew(instance, { handOver: false, to: 'file' });
  }

  function remember(loadFiles: File[], outcomes: LoadOutcome[]): void {
    outcomes.forEach((outcome, i) => {
      const file = loadFiles[outcome.fileIndex ?? i];
      if (outcome.ok) profiled.forget(outcome.table.name);
      if (outcome.ok && file) {
        const { sheet, readAs } = outcome.table;
        files.set(outcome.table.name, {
          file,
          read: { sheet, encoding: readAs },
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
            fatal: (all) => all.some((o) => !o.ok && fatalKind(o.message) !== null),
            limitMs: Infinity,
            onRestart: (all, restarted) =>
              (all ?? []).map((o) => {
                if (o.ok) return o;
                const bytes = loadFiles[o.fileIndex ?? -1]?.size ?? 0;
                return { ...o, ...explain(o.message, { file: o.fileName, bytes }, restarted) };
              }),
          },
        );
        return outcomes;
      }),

    query: (sql: string, options: QueryOptions = {}) => {
      const limitMs = (options.timeoutMs ?? DEFAULT_TIMEOUT_MS) + graceMs;
      const run = () =>
        guarded<QueryResult>((e) => e.query(sql, options), {
          failed: (r) => !r.ok && r.kind === 'error',
          fatal: (r) => !r.ok && fatalKind(r.message) !== null,
          limitMs,
          onRestart: (r, restarted) =>
            r && !r.ok
              ? {
                  ...r,
                  ...explain(r.message, { query: true }, restarted),
                }
              : {
                  ok: false,
                  kind: 'timeout',
                  message: `The query did not stop at its time limit, so DuckDB was stopped. ${restarted}`,
                  durationMs: limitMs,
                },
        });
      return inTurn(options.id, run, () => CANCELLED_BEFORE_START);
    },

    // Not queued: it must reach the operation that is running (book.start forwards it).
    cancel: async (id) => {
      if (!book.cancel(id)) profiles.get(id)?.();
    },

    profile: (table, options = {}, onColumn) =>
      profileInSlices(
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
      ),

    // Through `guarded` too: an instance that fails here is replaced, not asked again for ever.
    tables: () => guarded((e) => e.tables()),

    dropTable: (name) =>
      exclusive(async () => {
        files.delete(name);
        profiled.forget(name);
        await guarded((e) => e.dropTable(name));
      }),

    reset: () =>
      exclusive(async () => {
        files.clear();
        profiled.clear();
        // A session that needed a database file leaves it: the next starts in memory again, and
        // the file goes with its instance. Otherwise the tables are dropped (a file's freed
        // blocks are cut off at the checkpoint, engine.ts).
        if (tables === 'auto' && storage === 'file')
          await renew(await ready(), { handOver: false, to: 'memory' });
        else await guarded((e) => e.reset());
      }),
  };
}
