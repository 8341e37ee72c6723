/**
 * A query's result as a session keeps it in an event (the person's SQL box, `own_query`; a
 * notebook cell, `cell_ran`): the fields of core/items/query.ts's result, filled alike from
 * success or failure, with DuckDB's own text apart from the words shown.
 */
import type { QueryResult } from './engine.ts';

/** `words` puts a failure's message as the page shows it (a cell's own line numbers). */
export function keptResult(result: QueryResult, words = (message: string) => message) {
  return {
    columns: result.ok ? result.columns.map((c) => c.name) : [],
    rows: result.ok ? result.rows : [],
    rowCount: result.ok ? result.totalRows : null,
    truncated: result.ok ? result.truncated : false,
    durationMs: result.durationMs,
    isError: !result.ok,
    ...(result.ok ? {} : { error: words(result.message) }),
    ...(!result.ok && result.details ? { errorDetails: result.details } : {}),
  };
}
