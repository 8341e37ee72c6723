/**
 * A query the model ran (sql_query), with its result as the page keeps it: the card appears,
 * running, as the query starts (`query_running`) and its result takes its place.
 */
import { z } from 'zod';
import { cell } from '../data/cell.ts';
import { queryId, turnId } from '../ids.ts';
import { compactResult } from '../data/compact-result.ts';
import { defineItem, defineUpdate, type Fields, type ReportDetail } from './item-kind.ts';

/** What the report gives of each result at full detail. */
const REPORT_RESULT_LIMITS = { rows: 20, bytes: 2_500 };

export const queryEvent = z.object({
  type: z.literal('query_result'),
  turnId,
  callId: z.string(),
  /** The session's id of this query (`Q3`), cited by the model; absent in older sessions. */
  queryId: queryId.optional(),
  description: z.string(),
  query: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(cell)),
  /** Rows in the full result; null when unknown. */
  rowCount: z.number().nullable(),
  truncated: z.boolean(),
  durationMs: z.number(),
  isError: z.boolean(),
  error: z.string().optional(),
  /** DuckDB's own text, when `error` says it in plain words (a limit met, a restart). */
  errorDetails: z.string().optional(),
});

/**
 * The query has started (transient, like a draft answer): its card shows it running until its
 * result, a `query_result` of the same call, takes its place.
 */
export const queryRunningEvent = z.object({
  type: z.literal('query_running'),
  turnId,
  callId: z.string(),
  description: z.string(),
  query: z.string(),
});

/** The running card of `e`'s query. */
const runningQuery = (e: z.infer<typeof queryRunningEvent>): QueryItem => ({
  type: 'query_result',
  id: e.callId,
  description: e.description,
  query: e.query,
  running: true,
  columns: [],
  rows: [],
  rowCount: null,
  truncated: false,
  durationMs: null,
  isError: false,
});

/** `running` until its result comes, with no duration yet. */
export type QueryItem = { type: 'query_result'; id: string; running: boolean } & Omit<
  Fields<z.infer<typeof queryEvent>>,
  'durationMs'
> & { durationMs: number | null };

const count = (n: number) => n.toLocaleString('en-US');

function reportQuery(item: QueryItem, detail: ReportDetail): string {
  const id = item.queryId ?? 'unnumbered query';
  const rows = item.rowCount ?? item.rows.length;
  if (item.isError) return `- ${id} — ${item.description} (failed: ${item.error ?? 'error'})`;
  const lines = [`- ${id} — ${item.description} (${count(rows)} row${rows === 1 ? '' : 's'})`];
  if (detail < 2) lines.push('  SQL:', ...item.query.split('\n').map((l) => `    ${l}`));
  if (detail === 0)
    lines.push(
      '  Result:',
      ...compactResult(
        {
          columns: item.columns.map((name) => ({ name })),
          rows: item.rows,
          totalRows: item.rowCount,
        },
        REPORT_RESULT_LIMITS,
      )
        .split('\n')
        .map((l) => `    ${l}`),
    );
  else lines.push('  (Result rows left out to fit the report budget.)');
  return lines.join('\n');
}

export const queryItem = defineItem({
  type: 'query_result',
  event: queryEvent,
  item: (e): QueryItem => ({
    type: 'query_result',
    id: e.callId,
    ...(e.queryId === undefined ? {} : { queryId: e.queryId }),
    description: e.description,
    query: e.query,
    running: false,
    columns: e.columns,
    rows: e.rows,
    rowCount: e.rowCount,
    truncated: e.truncated,
    durationMs: e.durationMs,
    isError: e.isError,
    ...(e.error === undefined ? {} : { error: e.error }),
    ...(e.errorDetails === undefined ? {} : { errorDetails: e.errorDetails }),
  }),
  call: (e) => ({
    status: e.isError ? 'error' : 'done',
    ...(e.error === undefined ? {} : { message: e.error }),
  }),
  updates: [defineUpdate({ event: queryRunningEvent, shows: runningQuery })],
  // A query card shown running whose call failed, or whose turn ended, says it did not finish.
  callFailed: (i, message) =>
    i.running ? { ...i, running: false, isError: true, error: message } : i,
  turnEnded: (i, stopped) =>
    i.running
      ? { ...i, running: false, isError: true, error: stopped ? 'Stopped' : 'Not finished' }
      : i,
  row: (e) => ({
    role: 'assistant',
    type: 'query_result',
    text: e.description,
    payload: { query: e.query, columns: e.columns, rows: e.rows, row_count: e.rowCount },
  }),
  report: (items, detail) =>
    items.length ? ['Queries:', ...items.map((q) => reportQuery(q, detail))] : [],
});
