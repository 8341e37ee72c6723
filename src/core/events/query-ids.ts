/**
 * Query ids (`Q1`, `Q2`, …): every sql_query result of a session gets the next one, the model
 * cites them beside the figures it states, and the page links a citation to its card.
 */
import type { AgentEvent } from './events.ts';
import type { SessionView } from './view-types.ts';

const ID = /^Q(\d+)$/;

/** How many ids the session has used: the highest number given so far. */
export function queriesSoFar(events: readonly AgentEvent[]): number {
  let highest = 0;
  for (const e of events) {
    if (e.type !== 'query_result' || !e.queryId) continue;
    const n = Number(ID.exec(e.queryId)?.[1] ?? 0);
    if (n > highest) highest = n;
  }
  return highest;
}

/** Ids of the session's queries that ran: what a citation may name and be shown verified. */
export function verifiedQueryIds(view: SessionView): Set<string> {
  return new Set(
    view.turns.flatMap((t) =>
      t.items.flatMap((i) =>
        i.type === 'query_result' && i.queryId && !i.isError && !i.running ? [i.queryId] : [],
      ),
    ),
  );
}

/** The kept rows of the session's successful query `queryId`, if there is one. */
export function queryRowsOf(
  events: readonly AgentEvent[],
  queryId: string,
): Extract<AgentEvent, { type: 'query_result' }> | undefined {
  return events.findLast(
    (e): e is Extract<AgentEvent, { type: 'query_result' }> =>
      e.type === 'query_result' && e.queryId === queryId && !e.isError,
  );
}
