/**
 * Query ids (`Q1`, `Q2`, …): every sql_query result of a session gets the next one, the model
 * cites them beside the figures it states, and the page links a citation to its card.
 */
import type { AgentEvent } from './events.ts';
import type { SessionView } from './view-types.ts';
import type { FigureSource } from '../figures/check-figures.ts';
import { cellRowsOf } from './notebook.ts';

const ID = /^Q(\d+)$/;

/** How many ids the session has used: the highest number given so far. */
export function queriesSoFar(events: readonly AgentEvent[]): number {
  let highest = 0;
  for (const e of events) {
    if ((e.type !== 'query_result' && e.type !== 'own_query') || !e.queryId) continue;
    const n = Number(ID.exec(e.queryId)?.[1] ?? 0);
    if (n > highest) highest = n;
  }
  return highest;
}

/**
 * The session's queries that ran, by id, with the results the page keeps: what a citation may
 * name and be shown verified, and what its figures are checked against (core/figures).
 *
 * `previous` is given back when it holds the same results (the same rows, as the view keeps an
 * item it did not change): the view is folded anew at every event of a turn, and a new map made
 * every answer of every turn check its figures again at each one.
 */
export function citableQueries(
  view: SessionView,
  previous?: ReadonlyMap<string, FigureSource>,
): ReadonlyMap<string, FigureSource> {
  const queries = new Map<string, FigureSource>();
  for (const t of view.turns)
    for (const i of t.items)
      if (i.type === 'query_result' && i.queryId && !i.isError && !i.running)
        queries.set(i.queryId, { columns: i.columns, rows: i.rows, rowCount: i.rowCount });
  for (const q of view.ownQueries)
    if (!q.isError)
      queries.set(q.queryId, { columns: q.columns, rows: q.rows, rowCount: q.rowCount });
  // The notebook's SQL cells, which an answer may cite as `[@name]` (core/events/notebook.ts).
  for (const c of view.notebook) {
    const rows = cellRowsOf(view.notebook, `@${c.name}`);
    if (rows) queries.set(`@${c.name}`, rows);
  }
  const same =
    previous?.size === queries.size &&
    [...queries].every(([id, q]) => {
      const p = previous.get(id);
      return p?.rows === q.rows && p.columns === q.columns && p.rowCount === q.rowCount;
    });
  return same && previous ? previous : queries;
}

/** The kept rows of the session's successful query `queryId` (the model's or the person's). */
export function queryRowsOf(
  events: readonly AgentEvent[],
  queryId: string,
): Extract<AgentEvent, { type: 'query_result' | 'own_query' }> | undefined {
  return events.findLast(
    (e): e is Extract<AgentEvent, { type: 'query_result' | 'own_query' }> =>
      (e.type === 'query_result' || e.type === 'own_query') && e.queryId === queryId && !e.isError,
  );
}

/** The SQL of the session's query `queryId` that ran (the model's or the person's). */
export function querySqlOf(view: SessionView, queryId: string): string | undefined {
  for (const t of view.turns)
    for (const i of t.items)
      if (i.type === 'query_result' && i.queryId === queryId && !i.isError && !i.running)
        return i.query;
  return view.ownQueries.find((q) => q.queryId === queryId && !q.isError)?.query;
}
