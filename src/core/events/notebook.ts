/**
 * The session's notebook (issue 48): an ordered list of cells the person keeps and runs again.
 * Cells are events of the session's log like everything else, so they survive a reload, follow
 * into a second tab and go with a `.sift`. This part has SQL cells: each has a name, by which a
 * later cell reads its result (`SELECT * FROM revenue_by_month`), and its last result.
 */
import { z } from 'zod';
import { queryEvent } from '../items/query.ts';

/** A cell's name: a SQL identifier that needs no quotes, as a table's name would be written. */
export const CELL_NAME = /^[a-z_][a-z0-9_]{0,59}$/;
export const cellName = z.string().regex(CELL_NAME);

/** A cell added, or its name or SQL changed; a new one goes after `after` (null: first). */
export const cellSetEvent = z.object({
  type: z.literal('cell_set'),
  cellId: z.string().min(1).max(100),
  kind: z.literal('sql'),
  name: cellName,
  source: z.string().max(200_000),
  after: z.string().nullable().optional(),
  at: z.number(),
});

export const cellRemovedEvent = z.object({
  type: z.literal('cell_removed'),
  cellId: z.string(),
  at: z.number(),
});

/** Moved one place up (-1) or down (1). */
export const cellMovedEvent = z.object({
  type: z.literal('cell_moved'),
  cellId: z.string(),
  by: z.union([z.literal(-1), z.literal(1)]),
  at: z.number(),
});

/**
 * A cell's run: the SQL it ran (its source then, with the earlier cells it read) and the result
 * as the page keeps it — the fields of a query's result (core/items/query.ts), as own_query's.
 */
export const cellRanEvent = queryEvent
  .omit({ type: true, turnId: true, callId: true, queryId: true, description: true, query: true })
  .extend({
    type: z.literal('cell_ran'),
    cellId: z.string(),
    source: z.string().max(200_000),
    at: z.number(),
  });

export type CellRun = Omit<z.infer<typeof cellRanEvent>, 'type' | 'cellId'>;

export interface CellView {
  cellId: string;
  kind: 'sql';
  name: string;
  source: string;
  /** Its last run, if any. */
  run: CellRun | null;
}

export type NotebookEvent =
  | z.infer<typeof cellSetEvent>
  | z.infer<typeof cellRemovedEvent>
  | z.infer<typeof cellMovedEvent>
  | z.infer<typeof cellRanEvent>;

/** The cells after `e`. Pure, like the rest of the view (view.ts). */
export function foldNotebook(cells: readonly CellView[], e: NotebookEvent): CellView[] {
  const at = cells.findIndex((c) => c.cellId === e.cellId);
  switch (e.type) {
    case 'cell_set': {
      if (at >= 0)
        return cells.map((c, i) => (i === at ? { ...c, name: e.name, source: e.source } : c));
      const made: CellView = {
        cellId: e.cellId,
        kind: e.kind,
        name: e.name,
        source: e.source,
        run: null,
      };
      // After the cell named, first for null, last when absent or not found.
      const anchor = e.after ? cells.findIndex((c) => c.cellId === e.after) : -1;
      const place = e.after === null ? 0 : anchor >= 0 ? anchor + 1 : cells.length;
      return [...cells.slice(0, place), made, ...cells.slice(place)];
    }
    case 'cell_removed':
      return at < 0 ? [...cells] : cells.filter((_, i) => i !== at);
    case 'cell_moved': {
      const to = at + e.by;
      if (at < 0 || to < 0 || to >= cells.length) return [...cells];
      const next = [...cells];
      [next[at], next[to]] = [next[to]!, next[at]!];
      return next;
    }
    case 'cell_ran': {
      const { type: _t, cellId: _c, ...run } = e;
      return cells.map((c, i) => (i === at ? { ...c, run } : c));
    }
  }
}
