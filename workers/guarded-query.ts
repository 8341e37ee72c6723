/**
 * The one way a person's or the model's SQL runs. Every text holding their statement is prepared
 * first — DuckDB's parser refuses anything but a single statement, and the statement only ever
 * stands where a subquery of SELECT stands — then run in cancellable slices under a deadline,
 * with rows, bytes and cell length capped. Failures come back as values, never as throws.
 */
import type { RecordBatch } from 'apache-arrow';
import type { Cell, QueryOptions, QueryResult, ResultColumn } from '../src/core/data/engine.ts';
import {
  countQuery,
  describeQuery,
  explainPrepareFailure,
  normaliseStatement,
  resultQuery,
  toCell,
  transportOf,
} from '../src/core/sql/query-guard.ts';
import { errorMessage } from '../src/core/errors.ts';
import {
  mentionsRefusable,
  refusedTableCall,
  type SqlTokens,
} from '../src/core/sql/table-calls.ts';
import { errorOnQueryLines } from '../src/core/sql/error-lines.ts';
import {
  cellCharsFor,
  columnsNote,
  COUNT_BUDGET_MS,
  MAX_RESULT_COLUMNS,
  statementTooLong,
} from '../src/core/sql/query-limits.ts';
import { Interrupted, Stopper } from './pending.ts';
import { rowsOf } from './engine-rows.ts';

export const DEFAULT_MAX_ROWS = 1000;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

export interface GuardedRunner {
  /** Prepares and closes `text`; throws DuckDB's message when it does not prepare. */
  prepare(text: string): Promise<void>;
  run(text: string, stop: Stopper): Promise<RecordBatch[]>;
  /** Runs `text`, handing on each batch as it comes (`Stopper.each`). */
  each(text: string, stop: Stopper, onBatch: (batch: RecordBatch) => void): Promise<void>;
  /** DuckDB's tokens of `text`, read without binding it. */
  tokenize(text: string): Promise<SqlTokens>;
  /** The names a query may not call (table-calls.ts, refusableNames), read once. */
  refusable(): Promise<ReadonlySet<string>>;
}

function cellBytes(cell: Cell): number {
  return typeof cell === 'string' ? cell.length * 2 + 16 : 16;
}

/** A statement let through to run: one read-only statement, and the DESCRIBE that checked it. */
export type Admitted =
  | { ok: true; statement: string; describeText: string }
  | { ok: false; kind: 'rejected' | 'error'; message: string };

/**
 * The checks every statement from the page passes before it runs: not empty, not too long, no
 * table function outside the allowed ones, and one statement standing where a subquery stands.
 */
export async function admit(sql: string, db: GuardedRunner): Promise<Admitted> {
  const statement = normaliseStatement(sql);
  if (statement === '') return { ok: false, kind: 'rejected', message: 'The query is empty.' };
  const tooLong = statementTooLong(statement);
  if (tooLong) return { ok: false, kind: 'rejected', message: tooLong };
  // Before DuckDB binds any of it: a table function outside the allowed ones is refused by name
  // (table-calls.ts says why binding is too late).
  let refused: string | null = null;
  try {
    const refusable = await db.refusable();
    if (mentionsRefusable(statement, refusable))
      refused = refusedTableCall(statement, await db.tokenize(statement), refusable);
  } catch (e) {
    refused = `DuckDB could not read the query: ${errorMessage(e)}`;
  }
  if (refused) return { ok: false, kind: 'rejected', message: refused };
  // DESCRIBE SELECT * FROM (<statement>) AS q: the first text that holds the statement, so its
  // prepare is the check that it is one statement standing where a subquery stands.
  const describeText = describeQuery(statement);
  try {
    await db.prepare(describeText);
  } catch (e) {
    return { ok: false, ...explainPrepareFailure(statement, errorMessage(e)) };
  }
  return { ok: true, statement, describeText };
}

/** The statement's columns, by the DESCRIBE `admit` prepared. */
export async function describedColumns(
  db: GuardedRunner,
  describeText: string,
  stop: Stopper,
): Promise<ResultColumn[]> {
  return rowsOf(await db.run(describeText, stop)).map((r) => ({
    name: String(r.column_name),
    type: String(r.column_type),
  }));
}

/** How a stopped statement is told: what it was, and what its cancel says. */
export interface StopWords {
  subject: string;
  cancelled: string;
}

const QUERY_WORDS: StopWords = { subject: 'The query', cancelled: 'The query was cancelled.' };

/** A statement that threw: stopped at its time limit, cancelled, or DuckDB's error on its lines. */
export function stoppedOrFailed(
  e: unknown,
  statement: string,
  timeoutMs: number,
  durationMs: number,
  words: StopWords,
): Extract<QueryResult, { ok: false }> {
  if (e instanceof Interrupted) {
    const seconds = Math.round(timeoutMs / 100) / 10;
    return e.reason === 'timeout'
      ? {
          ok: false,
          kind: 'timeout',
          message: `${words.subject} was stopped after ${seconds} s, the time limit. Filter or aggregate more, or raise the limit.`,
          durationMs,
        }
      : { ok: false, kind: 'cancelled', message: words.cancelled, durationMs };
  }
  return {
    ok: false,
    kind: 'error',
    message: errorOnQueryLines(errorMessage(e), statement),
    durationMs,
  };
}

export async function runGuarded(
  sql: string,
  options: QueryOptions,
  db: GuardedRunner,
): Promise<QueryResult> {
  const started = performance.now();
  const maxRows = Math.max(1, Math.floor(options.maxRows ?? DEFAULT_MAX_ROWS));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const stop = new Stopper(started + timeoutMs);
  const elapsed = () => performance.now() - started;

  const admitted = await admit(sql, db);
  if (!admitted.ok) return { ...admitted, durationMs: elapsed() };
  const { statement, describeText } = admitted;

  try {
    const described = await describedColumns(db, describeText, stop);
    // A result wider than the page can show is cut to its first columns, and its cells shortened
    // so that what DuckDB materialises stays bounded (query-limits.ts).
    const columns = described.slice(0, MAX_RESULT_COLUMNS);
    const widthNote = columnsNote(described.length);
    const width = widthNote ? { totalColumns: described.length } : {};
    const fetchText = resultQuery(
      statement,
      columns,
      maxRows + 1,
      cellCharsFor(columns.length, maxRows + 1),
      described.length,
    );
    await db.prepare(fetchText);
    const transports = columns.map((c) => transportOf(c.type));

    const rows: Cell[][] = [];
    let bytes = 0;
    let more = false;
    let byteCapped = false;
    outer: for (const batch of await db.run(fetchText, stop)) {
      const vectors = transports.map((_, c) => batch.getChildAt(c));
      for (let r = 0; r < batch.numRows; r++) {
        if (rows.length >= maxRows) {
          more = true;
          break outer;
        }
        const row = transports.map((t, c) => toCell(vectors[c]?.get(r), t));
        bytes += row.reduce<number>((sum, cell) => sum + cellBytes(cell), 0);
        if (bytes > maxBytes && rows.length > 0) {
          byteCapped = true;
          break outer;
        }
        rows.push(row);
      }
    }
    if (!more && !byteCapped) {
      return {
        ok: true,
        columns,
        rows,
        totalRows: rows.length,
        truncated: widthNote !== null,
        ...(widthNote ? { note: widthNote } : {}),
        ...width,
        durationMs: elapsed(),
      };
    }

    // The rows are in hand, so counting the rest gets a short budget of its own: a result
    // without end (generate_series to 1e12) should not hold the page for the whole time limit.
    // A Cancel that came while the rows were being read landed on the first stopper.
    if (stop.reason) throw new Interrupted(stop.reason);
    const counting = new Stopper(Math.min(stop.deadline, performance.now() + COUNT_BUDGET_MS));
    let totalRows: number | null = null;
    try {
      const text = countQuery(statement);
      await db.prepare(text);
      const [count] = rowsOf(await db.run(text, counting));
      totalRows = Number(count?.n ?? 0);
    } catch (e) {
      // A count that runs out of time only leaves the total unknown.
      if (!(e instanceof Interrupted && e.reason === 'timeout')) throw e;
    }
    const shown = rows.length.toLocaleString('en-US');
    const of =
      totalRows === null
        ? `more than ${shown} (counting them all took too long)`
        : totalRows.toLocaleString('en-US');
    const why = byteCapped
      ? `: the result passed the ${Math.round(maxBytes / 1048576)} MB limit`
      : '';
    const rowsNote = `Showing the first ${shown} rows of ${of}${why}.`;
    return {
      ok: true,
      columns,
      rows,
      totalRows,
      truncated: true,
      note: widthNote ? `${rowsNote} ${widthNote}` : rowsNote,
      ...width,
      durationMs: elapsed(),
    };
  } catch (e) {
    return stoppedOrFailed(e, statement, timeoutMs, elapsed(), QUERY_WORDS);
  }
}
