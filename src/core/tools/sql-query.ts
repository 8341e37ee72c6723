import { z } from 'zod';
import { compactResult, MODEL_MAX_BYTES, MODEL_MAX_ROWS } from '../data/compact-result.ts';
import { queryHint } from './sql-hints.ts';
import { cancellable, defineTool, fail, ok, field, clip } from './tool.ts';

/** Rows the page keeps of each result; the model sees far fewer (compact-result.ts). */
export const PAGE_MAX_ROWS = 1_000;
export const QUERY_TIMEOUT_MS = 30_000;

export const sqlQuery = defineTool({
  name: 'sql_query',
  label: 'Query',
  description:
    'Run one read-only DuckDB SQL query (SELECT, WITH … SELECT, DESCRIBE, SUMMARIZE) against the loaded tables. ' +
    `The person sees the result as a query card; you get at most ${MODEL_MAX_ROWS} rows back, with the true row count. ` +
    'Aggregate in SQL rather than fetching raw rows.',
  schema: z.object({
    query: z.string().min(1).describe('One DuckDB SQL statement. No semicolon-separated chains.'),
    description: z
      .string()
      .min(1)
      .describe('A short phrase saying what this query finds out, shown to the person.'),
  }),
  guidance: {
    rules: [
      "SQL is DuckDB's dialect, read-only: one SELECT / WITH … SELECT / DESCRIBE / SUMMARIZE per sql_query. Quote identifiers that need it with double quotes.",
      `Each query result you receive holds at most ${MODEL_MAX_ROWS} rows and about ${MODEL_MAX_BYTES / 1000} KB, with the true row count; aggregate in SQL instead of paging through rows. Queries time out after ${QUERY_TIMEOUT_MS / 1000} seconds.`,
    ],
    analysis: {
      step: 'explore',
      text: 'Use sql_query to check distributions, ranges and relationships for key columns.',
    },
    question:
      "Use sql_query to fetch what you need before answering. Don't guess: verify with queries.",
    compact: {
      order: 1,
      text: 'Call sql_query with one DuckDB SQL query that answers one thing. Aggregate; do not fetch raw rows.',
      // Too wide to list in the compact prompt, and no describe tool in the compact set.
      wide: 'First call sql_query with DESCRIBE <table> to see the columns you need.',
    },
  },
  describe: (input) => field(input, 'description') || 'Query',
  summarise: (input) =>
    `- queried: ${field(input, 'description')} — ${clip(field(input, 'query'), 300)}`,
  async run({ query, description }, ctx) {
    // The card appears, running, as the query starts; its result takes its place.
    ctx.emit({ type: 'query_running', turnId: ctx.turnId, callId: ctx.callId, description, query });
    const result = await cancellable(ctx, ctx.callId, () =>
      ctx.engine.query(query, {
        maxRows: PAGE_MAX_ROWS,
        timeoutMs: QUERY_TIMEOUT_MS,
        id: ctx.callId,
      }),
    );
    const queryId = ctx.nextQueryId();
    const shown = {
      type: 'query_result',
      turnId: ctx.turnId,
      callId: ctx.callId,
      queryId,
      description,
      query,
    } as const;
    if (!result.ok) {
      const stopped = ctx.signal.aborted || result.kind === 'cancelled';
      const message = stopped ? 'Stopped by the person.' : result.message;
      const details = stopped ? undefined : result.details;
      ctx.emit({
        ...shown,
        columns: [],
        rows: [],
        rowCount: null,
        truncated: false,
        durationMs: result.durationMs,
        isError: true,
        error: message,
        ...(details ? { errorDetails: details } : {}),
      });
      const hint = stopped ? null : queryHint(result.message, result.kind, ctx.tables);
      // The model reads DuckDB's own text too: its words say where a query went wrong.
      const said = details ? `${message}\nDuckDB said: ${details}` : message;
      return fail(`${queryId} failed: ${hint ? `${said}\n${hint}` : said}`);
    }
    ctx.emit({
      ...shown,
      columns: result.columns.map((c) => c.name),
      rows: result.rows,
      rowCount: result.totalRows,
      truncated: result.truncated,
      durationMs: result.durationMs,
      isError: false,
    });
    return ok(
      `Query ${queryId} (cite it as [${queryId}] beside figures from it)\n${compactResult(result, ctx.resultLimits)}`,
    );
  },
});
