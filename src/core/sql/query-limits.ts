/**
 * The bounds every query runs within besides rows and time, so that a statement written to
 * exhaust the browser (ARCHITECTURE.md, Facts: exhaustion: a 100,000-column result, `repeat('x', 1e9)`, a count that never
 * ends) stops with a message instead of taking the tab with it.
 */

/**
 * Longest statement accepted. DuckDB's parse and bind of a statement cannot be interrupted and
 * grow faster than linearly: a 1.2 MB SELECT of 100,000 columns took over 10 s just to prepare
 * (native; 2–3× that in the browser). A hand-written or generated analysis query is far shorter.
 */
export const MAX_SQL_CHARS = 100_000;

/** Columns of a result that are fetched and shown; the rest are named in the note. */
export const MAX_RESULT_COLUMNS = 1_000;

/** Longest text cell, cut with an ellipsis past this. */
export const MAX_CELL_CHARS = 10_000;

/**
 * Characters DuckDB may hand over for one result before the page's byte cap is even looked at:
 * the cell cut shrinks for wide results so that rows × columns × cell stays near this (a result
 * is materialised whole in wasm memory, which has a 4 GB ceiling).
 */
const MATERIALISED_CHARS = 64 * 1024 * 1024;
const MIN_CELL_CHARS = 100;

/** How long counting the rows of a result that was cut may take, within the query's own limit. */
export const COUNT_BUDGET_MS = 5_000;

/** The cell cut for a result of `columns` columns fetched `rows` rows at a time. */
export function cellCharsFor(columns: number, rows: number): number {
  const fair = Math.floor(MATERIALISED_CHARS / Math.max(1, columns * rows));
  return Math.max(MIN_CELL_CHARS, Math.min(MAX_CELL_CHARS, fair));
}

/**
 * Whether a text cell of a result of `columns` columns fetched `rows` at a time was cut by that
 * cut (query-guard.ts, resultQuery, ends it with '…'): then it is not the value as stored. A value
 * that is exactly that long and ends with '…' itself is taken for cut too: rare, and harmless.
 */
export function wasCut(text: string, columns: number, rows: number): boolean {
  const cut = cellCharsFor(Math.min(columns, MAX_RESULT_COLUMNS), rows);
  // Characters as DuckDB counts them (code points), not UTF-16 units: an emoji is one.
  return text.endsWith('…') && [...text].length === cut + 1;
}

/** A refusal for a statement longer than MAX_SQL_CHARS, or null. */
export function statementTooLong(statement: string): string | null {
  if (statement.length <= MAX_SQL_CHARS) return null;
  const size = (n: number) => `${Math.round(n / 1000).toLocaleString('en-US')} KB`;
  return `The query is ${size(statement.length)} long; queries of up to ${size(MAX_SQL_CHARS)} run here. Select fewer columns or put long value lists in a table.`;
}

/** The note for a result cut to its first MAX_RESULT_COLUMNS columns, or null. */
export function columnsNote(total: number): string | null {
  if (total <= MAX_RESULT_COLUMNS) return null;
  const n = (x: number) => x.toLocaleString('en-US');
  return `Showing the first ${n(MAX_RESULT_COLUMNS)} of ${n(total)} columns.`;
}
