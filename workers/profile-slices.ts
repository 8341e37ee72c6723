/**
 * The profile as background work, one column at a time: each column is a slice the scheduler
 * runs when nothing else waits (scheduler.ts), so a query asked for during the profile waits for
 * at most the statement it interrupts, and the page can show each column as it is done.
 * Columns are independent in a columnar store, so slicing by column scans no more data than one
 * statement over every column would.
 */
import type {
  ColumnProfile,
  ProfileOptions,
  TableEngine,
  TableProfile,
} from '../src/core/data/engine.ts';
import { Interrupted } from './pending.ts';
import type { Scheduler } from './scheduler.ts';

/** How to cancel each profile in progress, by the id its caller gave it. */
export type RunningProfiles = Map<string, () => void>;

/**
 * Columns already profiled, by table. The page profiles a table when it is loaded and the model
 * asks again moments later (profile_columns, describe_table): the second profile reads what the
 * first found instead of scanning again, and when both run at once each column is still
 * computed once, since a slice looks here when its turn comes. What a table held is forgotten
 * when it is replaced, dropped or reset.
 */
export class ProfileCache {
  readonly #tables = new Map<string, Map<string, ColumnProfile>>();
  /** Bumped by each forget: a slice that started before it must not write after it. */
  readonly #versions = new Map<string, number>();
  /**
   * Bumped by each clear, for every table at once: one whose profile began before a reset, with
   * no column written yet, is known to neither map (a profile of the last session's `data` must
   * not be kept as the next session's, resilient-engine.ts keepProfile).
   */
  #clears = 0;

  /** What a profile begun now is of: it writes (or is kept) only while this stays the same. */
  version(table: string): string {
    return `${this.#clears}.${this.#versions.get(table) ?? 0}`;
  }

  read(table: string, column: string): ColumnProfile | undefined {
    return this.#tables.get(table)?.get(column);
  }

  write(table: string, since: string, profile: ColumnProfile): void {
    if (since !== this.version(table)) return;
    let columns = this.#tables.get(table);
    if (!columns) this.#tables.set(table, (columns = new Map()));
    columns.set(profile.column, profile);
  }

  forget(table: string): void {
    this.#tables.delete(table);
    this.#versions.set(table, (this.#versions.get(table) ?? 0) + 1);
  }

  clear(): void {
    this.#tables.clear();
    this.#clears++;
  }
}

export interface SliceDeps {
  scheduler: Scheduler;
  running: RunningProfiles;
  cache: ProfileCache;
  /** The engine of the moment, for the table's columns. */
  engine(): Promise<TableEngine>;
  /** Profiles these columns as the operation `sliceId`. */
  slice(columns: string[], sliceId: string): Promise<TableProfile>;
  /** Stops the slice `sliceId` while it runs. */
  interrupt(sliceId: string): void;
}

let slices = 0;

export async function profileInSlices(
  deps: SliceDeps,
  table: string,
  options: ProfileOptions,
  onColumn?: (column: ColumnProfile) => unknown,
): Promise<TableProfile> {
  const started = performance.now();
  let cancelled = false;
  let running: string | null = null;
  let answerCancelled!: () => void;
  // A cancelled profile answers at once, even while a query it waits behind runs.
  const early = new Promise<never>((_, reject) => {
    answerCancelled = () => reject(new Interrupted('cancelled'));
  });
  const { id } = options;
  // Before anything is awaited: a cancel may come at once.
  if (id)
    deps.running.set(id, () => {
      cancelled = true;
      if (running) deps.interrupt(running);
      answerCancelled();
    });

  const work = async (): Promise<TableProfile> => {
    // In its turn, like every slice: a profile waiting behind a query can still be cancelled.
    const info = await deps.scheduler.later({
      run: async () => {
        if (cancelled) throw new Interrupted('cancelled');
        return (await (await deps.engine()).tables()).find((t) => t.name === table);
      },
      interrupt: () => undefined,
    });
    if (!info) throw new Error(`There is no table named ${table}.`);
    const names = info.schema?.map((c) => c.name) ?? info.columns.map((c) => c.name);
    const asked = options.columns;
    const wanted = asked ? names.filter((n) => asked.includes(n)) : names;
    const columns: ColumnProfile[] = [];
    // Through Comlink each column is told on the callback's own port, which keeps no order with
    // the profile's answer: the last one was heard after it (a CI run heard 7 of 8). The
    // profile answers once every column told has been taken.
    const told: Promise<unknown>[] = [];
    for (const name of wanted) {
      const sliceId = `profile-slice-${++slices}`;
      const part = await deps.scheduler.later({
        run: async (): Promise<ColumnProfile[]> => {
          if (cancelled) throw new Interrupted('cancelled');
          const known = deps.cache.read(table, name);
          if (known) return [known];
          const since = deps.cache.version(table);
          running = sliceId;
          try {
            const { columns } = await deps.slice([name], sliceId);
            for (const column of columns) deps.cache.write(table, since, column);
            return columns;
          } finally {
            running = null;
          }
        },
        interrupt: () => deps.interrupt(sliceId),
      });
      for (const column of part) {
        columns.push(column);
        told.push(Promise.resolve(onColumn?.(column)).catch(() => undefined));
      }
    }
    await Promise.all(told);
    return { table, rows: info.rows, columns, durationMs: performance.now() - started };
  };

  try {
    return await Promise.race([work(), early]);
  } finally {
    if (id) deps.running.delete(id);
  }
}
