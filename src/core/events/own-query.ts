/**
 * A query the person ran in the SQL box (issue 33, item 2: "your own SQL is second-class"). It
 * takes the next id of the session's series (`Q7`) like the model's queries, is kept with the
 * session — so its history outlives a reload — and the model is told of it at its next turn, so
 * that either of them can cite it. It belongs to no turn: the person runs it between turns, or
 * while one runs.
 */
import { z } from 'zod';
import { NO_TURN, queryId } from '../ids.ts';
import { queryEvent, queryItem, type QueryItem } from '../items/query.ts';

/** The fields of the model's query result (core/items/query.ts), less its turn, call and words. */
export const ownQueryEvent = queryEvent
  .omit({ type: true, turnId: true, callId: true, queryId: true, description: true })
  .extend({
    type: z.literal('own_query'),
    queryId,
    /** When it ran. */
    at: z.number(),
  });

export type OwnQueryEvent = z.infer<typeof ownQueryEvent>;

/** The person's query as the page and the next turn see it: when, among the session's turns. */
export type OwnQuery = Omit<OwnQueryEvent, 'type'> & {
  /** How many turns had started when it ran: those after the last turn are news to the model. */
  afterTurns: number;
};

/**
 * The person's query as a query card's item, for what lists the session's queries whoever ran
 * them (the report's list of queries, its figure checks).
 */
export function asQueryItem(q: OwnQuery): QueryItem {
  const { afterTurns: _afterTurns, at: _at, ...fields } = q;
  // The model's query item, made as its card's is (core/items/query.ts), under an id of its own.
  return queryItem.item(
    {
      ...fields,
      type: 'query_result',
      turnId: NO_TURN,
      callId: `own-${q.queryId}`,
      description: 'Run by the person in the SQL box',
    },
    [],
  );
}
