/**
 * What the conversation sends to the notebook (issue 48): a query becomes a SQL cell, a chart a
 * chart cell over its query's cell, and an answer a text cell whose citations point at cells —
 * each query it cites a SQL cell (the one already holding its SQL, or a new one named for it:
 * `[Q3]` → `[@q3]`), its figures anchored where they were found in the results the answer was
 * checked against, so that a run on next month's file says which still hold.
 */
import type { SessionView } from '../core/events/view-types.ts';
import { citableQueries, querySqlOf } from '../core/events/query-ids.ts';
import type { CitableQueries, FigureSource } from '../core/figures/check-figures.ts';
import { figuresInText, renameCitations } from '../core/figures/figures-in-text.ts';
import { anchorFigures } from '../core/figures/recheck.ts';
import type { Notebook } from './notebook.svelte.ts';
import { body } from '../core/sql/notebook-sql.ts';

/** A query of the session: its SQL and its result as the page keeps it. */
export interface SessionQuery {
  sql: string;
  source: FigureSource;
}

/** The session's query `id` that ran, by its SQL and result; undefined when it has none. */
export function sessionQueries(view: SessionView): (id: string) => SessionQuery | undefined {
  const results = citableQueries(view);
  return (id) => {
    const sql = querySqlOf(view, id);
    const source = results.get(id);
    return sql === undefined || !source ? undefined : { sql, source };
  };
}

/**
 * The SQL cell holding `sql` (its id and name), a new one named `name` when none does; `made`
 * lists the new ones, which the caller runs.
 */
function cellFor(
  notebook: Notebook,
  sql: string,
  name: string,
  made: string[],
): { id: string; name: string } | null {
  const same = notebook.cells.find((c) => c.kind === 'sql' && body(c.source) === body(sql));
  if (same) return { id: same.cellId, name: same.name };
  const id = notebook.add('sql', sql, { name });
  const cell = id ? notebook.cell(id) : undefined;
  if (!id || !cell) return null;
  made.push(id);
  return { id, name: cell.name };
}

/** Keeps a query as a SQL cell; the new cells to run (none when a cell already holds it). */
export function queryToNotebook(
  notebook: Notebook,
  sql: string,
): { cell: string | null; run: string[] } {
  const run: string[] = [];
  const cell = cellFor(notebook, sql, 'cell', run);
  return { cell: cell?.id ?? null, run };
}

/** Keeps a chart as a chart cell over its query's SQL cell; the new cells to run. */
export function chartToNotebook(
  notebook: Notebook,
  chart: { spec: Record<string, unknown>; title: string; queryId: string },
  query: (id: string) => SessionQuery | undefined,
): { cell: string | null; run: string[] } {
  const run: string[] = [];
  const q = query(chart.queryId);
  if (!q) return { cell: null, run };
  const of = cellFor(notebook, q.sql, chart.queryId.toLowerCase(), run);
  if (!of) return { cell: null, run };
  // The data is the cell's result, whatever it is when the chart is drawn: not the rows of then.
  const { data: _data, ...spec } = chart.spec;
  const cell = notebook.add('chart', JSON.stringify({ title: chart.title, ...spec }, null, 2), {
    of: of.id,
  });
  return { cell, run };
}

/**
 * Keeps an answer as a text cell citing cells; the new SQL cells to run. A citation of a query
 * the session does not have stays as written, shown unverified as in the answer.
 */
export function answerToNotebook(
  notebook: Notebook,
  text: string,
  query: (id: string) => SessionQuery | undefined,
): { cell: string | null; run: string[] } {
  const run: string[] = [];
  const names = new Map<string, string>();
  const sources = new Map<string, FigureSource>();
  const cited = new Set(figuresInText(text).citations.flatMap((c) => c.ids));
  for (const id of cited) {
    // A cell the answer cites already (the model was told of the notebook's cells) stays cited.
    const cell = id.startsWith('@') ? notebook.sources.get(id) : undefined;
    if (cell) sources.set(id, cell);
    const q = id.startsWith('Q') ? query(id) : undefined;
    const made = q && cellFor(notebook, q.sql, id.toLowerCase(), run);
    if (!q || !made) continue;
    names.set(id, `@${made.name}`);
    sources.set(`@${made.name}`, q.source);
  }
  const source = renameCitations(text, (id) => names.get(id) ?? id);
  const known: CitableQueries = sources;
  const cell = notebook.add('text', source, { anchors: anchorFigures(source, known) });
  return { cell, run };
}

/** What the page sends: a query's SQL, an answer's text, or a chart of a query. */
export type ToNotebookWhat =
  | { query: string }
  | { answer: string }
  | { chart: { spec: Record<string, unknown>; title: string; queryId: string } };

/** Keeps `what` in the notebook; the cell to show and the new SQL cells to run. */
export function toNotebook(
  notebook: Notebook,
  view: SessionView,
  what: ToNotebookWhat,
): { cell: string | null; run: string[] } {
  if ('query' in what) return queryToNotebook(notebook, what.query);
  const query = sessionQueries(view);
  return 'chart' in what
    ? chartToNotebook(notebook, what.chart, query)
    : answerToNotebook(notebook, what.answer, query);
}
