/**
 * A throw-away load right after boot. V8 first runs DuckDB's 32 MB of wasm in its baseline tier
 * and recompiles hot functions while they run, so the first real load paid for it. Measured on a
 * 95 MB CSV, 5 runs each (BENCHMARKS.md): a file chosen 3 s after the app is ready loaded in
 * 1.13 s instead of 1.49 s; one chosen at once, 1.37 s instead of 1.52 s. It costs about 0.6 s of
 * worker time while the person is still choosing a file.
 */
import type { EngineInfo } from '../src/core/data/engine.ts';
import type { Row } from '../src/core/sql/profile.ts';
import { loadCsv } from './load-csv.ts';
import { UPLOAD_DIR } from './lockdown.ts';
import { Stopper } from './pending.ts';
const ROWS = 20_000;
/**
 * The rows are one block of a thousand repeated: writing 20,000 lines one by one (a date and two
 * decimals formatted for each) took 230 ms of the worker's first, cold JavaScript in Chromium's
 * profile of the boot, time in which a file dropped at once waited.
 */
const BLOCK = 1_000;
const CATEGORIES = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];

/** A small CSV with the column types real files have: integers, doubles, dates, text, booleans. */
export function warmUpFile(): File {
  const lines: string[] = [];
  for (let i = 0; i < BLOCK; i++) {
    const day = new Date(Date.UTC(2024, 0, 1 + (i % 366))).toISOString().slice(0, 10);
    const category = CATEGORIES[i % CATEGORIES.length] as string;
    lines.push(
      `${i},${day},${((i * 37) % 1000) / 10},${(i % 97) / 97},${category},"note ${i % 131}, more",${i % 3 === 0}`,
    );
  }
  const block = `${lines.join('\n')}\n`;
  const parts = [
    'id,day,amount,ratio,category,note,flag\n',
    ...Array<string>(ROWS / BLOCK).fill(block),
  ];
  return new File(parts, 'warm-up.csv', { type: 'text/csv' });
}

export const WARM_UP_TABLE = '__sift_warm_up';

export const warmUpQueries = (table: string) => [
  `SELECT category, count(*) AS n, avg(amount), sum(id), min(day), max(day) FROM ${table} GROUP BY category`,
  `SELECT count(DISTINCT note), approx_quantile(ratio, 0.5) FROM ${table}`,
  `DROP TABLE ${table}`,
];

export type WarmUpState = NonNullable<EngineInfo['warmUp']>;

/** What the engine needs to warm DuckDB up (workers/engine.ts). */
export interface WarmUpDeps {
  /** Runs `op` in the engine's one queue, after whatever was queued before it. */
  queue(op: () => Promise<void>): Promise<unknown>;
  exec(sql: string, stop: Stopper): Promise<Row[]>;
  registerFile(path: string, file: File): Promise<void>;
  unregisterFile(path: string): Promise<void>;
}

/**
 * Queues the warm-up first (unless `run` is false: a reopened database file, whose first work is
 * taking its tables back), to be abandoned as soon as real work arrives: it must never delay a file
 * or a query, only make the ones that come after it faster.
 */
export function startWarmUp(deps: WarmUpDeps, run: boolean) {
  const stop = new Stopper();
  let state: WarmUpState = run ? 'running' : 'abandoned';
  if (run)
    void deps.queue(async () => {
      const path = `${UPLOAD_DIR}warm-up.csv`;
      try {
        // A task of its own, so that the page hears the engine is ready before any of it runs.
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (stop.reason) throw new Error('abandoned before it began');
        await deps.registerFile(path, warmUpFile());
        await loadCsv((sql) => deps.exec(sql, stop), WARM_UP_TABLE, path, 'warm-up.csv');
        for (const sql of warmUpQueries(WARM_UP_TABLE)) await deps.exec(sql, stop);
        state = 'done';
      } catch {
        // Abandoned, or failed: either way it costs only the time it took.
        state = stop.reason ? 'abandoned' : 'failed';
        await deps
          .exec(`DROP TABLE IF EXISTS ${WARM_UP_TABLE}`, new Stopper())
          .catch(() => undefined);
      } finally {
        await deps.unregisterFile(path).catch(() => undefined);
      }
    });
  return {
    get state(): WarmUpState {
      return state;
    },
    abandon(): void {
      if (state === 'running') stop.stop('cancelled');
    },
  };
}
