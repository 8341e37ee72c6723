/** The person's own SQL box: the statement, the limits, the run in progress and its result. */
import type { QueryResult, SiftEngine } from '../core/data/engine.ts';
import { errorMessage } from '../core/errors.ts';

export const CONSOLE_MAX_ROWS = 1000;

export class SqlConsole {
  sql = $state('SELECT * FROM data LIMIT 100');
  timeoutSeconds = $state(30);
  running = $state(false);
  result = $state.raw<QueryResult | null>(null);
  lastSql = $state('');
  /** Counts finished runs, so a view (or a test) can tell a new result from the last one. */
  runs = $state(0);
  /** The id of the run in progress: Cancel stops this query and no other. */
  #runId: string | null = null;
  readonly #engine: SiftEngine;

  constructor(engine: SiftEngine) {
    this.#engine = engine;
  }

  async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.lastSql = this.sql;
    const id = `sql-box-${crypto.randomUUID()}`;
    this.#runId = id;
    try {
      this.result = await this.#engine.query(this.sql, {
        maxRows: CONSOLE_MAX_ROWS,
        timeoutMs: Math.max(1, this.timeoutSeconds) * 1000,
        id,
      });
    } catch (e) {
      this.result = { ok: false, kind: 'error', message: errorMessage(e), durationMs: 0 };
    } finally {
      this.#runId = null;
      this.running = false;
      this.runs++;
    }
  }

  /** Forgets the last result: it belonged to another session's tables. */
  clear(): void {
    this.result = null;
    this.lastSql = '';
  }

  cancel(): void {
    if (this.#runId) void this.#engine.cancel(this.#runId);
  }
}
