/**
 * The session's notebook (issue 48): an ordered list of cells the person keeps and runs again.
 * Cells are events of the session's log like everything else, so they survive a reload, follow
 * into a second tab and go with a `.sift`. A SQL cell has a name, by which a later cell reads its
 * result (`SELECT * FROM revenue_by_month`), and its last result; a text cell is Markdown whose
 * figures cite cells (`[@revenue_by_month]`) and are anchored where they were found, to be
 * checked again when the cells run on other data (core/figures/recheck.ts); a chart cell is a
 * Vega-Lite spec drawn from a SQL cell's result.
 */
import { z } from 'zod';
import { figureAnchor, type FigureAnchor } from '../figures/recheck.ts';
import { queryEvent } from '../items/query.ts';

/** A cell's name: a SQL identifier that needs no quotes, as a table's name would be written. */
export const CELL_NAME = /^[a-z_][a-z0-9_]{0,59}$/;
export const cellName = z.string().regex(CELL_NAME);

export const CELL_KINDS = ['sql', 'text', 'chart'] as const;
export type CellKind = (typeof CELL_KINDS)[number];

/**
 * A cell added, or its name or source changed; a new one goes after `after` (null: first). The
 * source is SQL, Markdown, or a chart's Vega-Lite spec as JSON (without data: `of` is the SQL
 * cell whose result it draws). A text cell's `anchors` say where its figures were found.
 */
export const cellSetEvent = z.object({
  type: z.literal('cell_set'),
  cellId: z.string().min(1).max(100),
  kind: z.enum(CELL_KINDS),
  name: cellName,
  source: z.string().max(200_000),
  after: z.string().nullable().optional(),
  of: z.string().max(100).optional(),
  anchors: z.array(figureAnchor).max(1_000).optional(),
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
    /**
     * The session's data it ran on (dataStamp): its tables and the files they were read from.
     * Another file read in a table's place (Replace file) makes the result stale.
     */
    data: z.string().max(20_000).optional(),
    at: z.number(),
  });

/** What a cell's result depends on besides its SQL: each table and the file it was read from. */
export function dataStamp(
  tables: readonly {
    name: string;
    fileName: string;
    fileBytes: number;
    rows: number;
    fileModified?: number;
  }[],
): string {
  return tables
    .map((t) => `${t.name}:${t.fileName}:${t.fileBytes}:${t.fileModified ?? ''}:${t.rows}`)
    .sort()
    .join('|');
}

export type CellRun = Omit<z.infer<typeof cellRanEvent>, 'type' | 'cellId'>;

export interface CellView {
  cellId: string;
  kind: CellKind;
  name: string;
  source: string;
  /** A SQL cell's last run, if any. */
  run: CellRun | null;
  /** A chart cell's SQL cell. */
  of?: string;
  /** A text cell's figures where they were found when it was written. */
  anchors?: FigureAnchor[];
}

/** A cell's fields as its cell_set event has them. */
const setFields = (e: z.infer<typeof cellSetEvent>) => ({
  kind: e.kind,
  name: e.name,
  source: e.source,
  ...(e.of === undefined ? {} : { of: e.of }),
  ...(e.anchors === undefined ? {} : { anchors: e.anchors }),
});

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
      if (at >= 0) {
        const { of: _o, anchors: _a, ...kept } = cells[at]!;
        return cells.map((c, i) => (i === at ? { ...kept, ...setFields(e) } : c));
      }
      const made: CellView = { cellId: e.cellId, ...setFields(e), run: null };
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

/** A SQL cell's last successful result, by `@name` as a citation names it; undefined otherwise. */
export function cellRowsOf(
  cells: readonly CellView[],
  cited: string,
): { columns: string[]; rows: CellRun['rows']; rowCount: number | null } | undefined {
  const c = cells.find((x) => x.kind === 'sql' && `@${x.name}` === cited);
  if (!c?.run || c.run.isError) return undefined;
  return { columns: c.run.columns, rows: c.run.rows, rowCount: c.run.rowCount };
}
