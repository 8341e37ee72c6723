/**
 * The person's own SQL box: the statement, the limits, the run in progress and its result. Each
 * run is kept with the session as an `own_query` event (core/events/own-query.ts), with the next
 * id of the session's series: its history outlives a reload, and the model, told of it at its
 * next turn, can cite it as the person can (issue 33: "your own SQL is second-class").
 */
import type { CsvDialect } from '../core/data/csv-dialect.ts';
import type { QueryResult, SiftEngine } from '../core/data/engine.ts';
import type { OwnQuery } from '../core/events/own-query.ts';
import type { QueryId } from '../core/ids.ts';
import { errorMessage } from '../core/errors.ts';
import { MAX_SQL_CHARS } from '../core/sql/query-limits.ts';
import { ResultFile } from './result-file.svelte.ts';
import type { SessionLog } from './session-log.svelte.ts';
import { keptResult } from '../core/data/kept-result.ts';

export const CONSOLE_MAX_ROWS = 1000;
/** Statements listed in the box's history, newest first. */
export const HISTORY_SIZE = 50;

export class SqlConsole {
  sql = $state('');
  timeoutSeconds = $state(30);
  running = $state(false);
  result = $state.raw<QueryResult | null>(null);
  /** The id the last result was kept under; null when it was not kept (a follower tab). */
  resultId = $state<QueryId | null>(null);
  lastSql = $state('');
  /** Counts finished runs, so a view (or a test) can tell a new result from the last one. */
  runs = $state(0);
  /** The whole of the shown result, saved as a CSV file (`saveAll`). */
  readonly file: ResultFile;
  /** The id of the run in progress: Cancel stops this query and no other. */
  #runId: string | null = null;
  /** The statement of the result shown: what a save of the whole result runs again. */
  #resultSql = '';
  readonly #engine: SiftEngine;
  /** The session's log: the box's queries are its events, cited like the model's. */
  readonly #log: SessionLog;

  constructor(engine: SiftEngine, log: SessionLog) {
    this.#engine = engine;
    this.#log = log;
    this.file = new ResultFile(engine);
  }

  /** The session's queries from this box, newest first, each statement once (its latest run). */
  get history(): OwnQuery[] {
    const out: OwnQuery[] = [];
    for (const q of [...this.#log.view.ownQueries].reverse()) {
      if (out.some((o) => o.query.trim() === q.query.trim())) continue;
      out.push(q);
      if (out.length === HISTORY_SIZE) break;
    }
    return out;
  }

  async run(): Promise<void> {
    if (this.running || !this.sql.trim()) return;
    this.running = true;
    this.lastSql = this.sql;
    const statement = this.sql;
    const log = this.#log;
    const id = `sql-box-${crypto.randomUUID()}`;
    this.#runId = id;
    let result: QueryResult;
    try {
      result = await this.#engine.query(statement, {
        maxRows: CONSOLE_MAX_ROWS,
        timeoutMs: Math.max(1, this.timeoutSeconds) * 1000,
        id,
      });
    } catch (e) {
      result = { ok: false, kind: 'error', message: errorMessage(e), durationMs: 0 };
    } finally {
      this.#runId = null;
      this.running = false;
    }
    const cancelled = !result.ok && result.kind === 'cancelled';
    // A statement too long to run is not kept: it would be stored, listed and told to the model
    // whole (a 1.6 MB one froze the page as the history drew it).
    const tooLong = statement.length > MAX_SQL_CHARS;
    const kept = !log.readOnly && !log.closed && !cancelled && !tooLong;
    const queryId = kept ? log.nextQueryId() : null;
    if (queryId) {
      log.record({
        type: 'own_query',
        queryId,
        query: statement,
        ...keptResult(result),
        at: Date.now(),
      });
    }
    // The person may have left the session while it ran: this box went with it, unseen.
    this.result = result;
    this.resultId = queryId;
    this.#resultSql = statement;
    this.file.clear();
    this.runs++;
  }

  /**
   * The whole of the shown result as a CSV file, every row and column (the box shows 1,000 rows):
   * its statement run again by DuckDB under the box's time limit; null when it could not be made.
   */
  saveAll(dialect?: CsvDialect): Promise<Blob | null> {
    if (!this.result?.ok) return Promise.resolve(null);
    return this.file.save(this.#resultSql, Math.max(1, this.timeoutSeconds) * 1000, dialect);
  }

  /** Puts `statement` in the box in place of what was there, and the old result away. */
  load(statement: string): void {
    this.sql = statement;
    this.result = null;
    this.resultId = null;
    this.file.clear();
  }

  cancel(): void {
    if (this.#runId) void this.#engine.cancel(this.#runId);
  }
}
