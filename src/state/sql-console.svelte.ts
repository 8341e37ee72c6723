/**
 * The person's own SQL box: the statement, the limits, the run in progress, its result, and the
 * statements run before in this session (issue 33: the box started filled, and kept no history).
 */
import type { QueryResult, SiftEngine } from '../core/data/engine.ts';
import { errorMessage } from '../core/errors.ts';

export const CONSOLE_MAX_ROWS = 1000;
/** Statements kept in the box's history, newest first. */
export const HISTORY_SIZE = 20;

export class SqlConsole {
  sql = $state('');
  /** Statements run in this session, newest first, each once. */
  history = $state.raw<string[]>([]);
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
    if (this.running || !this.sql.trim()) return;
    this.running = true;
    this.lastSql = this.sql;
    const statement = this.sql.trim();
    this.history = [statement, ...this.history.filter((s) => s !== statement)].slice(
      0,
      HISTORY_SIZE,
    );
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

  /** Forgets the last result and the history: they belonged to another session's tables. */
  clear(): void {
    this.result = null;
    this.lastSql = '';
    this.history = [];
  }

  /** Puts `statement` in the box in place of what was there, and the old result away. */
  load(statement: string): void {
    this.sql = statement;
    this.result = null;
  }

  cancel(): void {
    if (this.#runId) void this.#engine.cancel(this.#runId);
  }
}
