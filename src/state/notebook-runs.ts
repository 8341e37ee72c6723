/**
 * How the notebook's SQL cells run (issue 48): each cell's statement is written from the cells
 * as they are when the run starts (core/sql/notebook-sql.ts), every statement of a Run all is
 * sent at once — DuckDB runs them one after another in its turn (workers/resilient-engine.ts,
 * inTurn) — and each result is recorded in order while the next runs. Sent one by one, the
 * page's work between two cells (recording, drawing the result) added to DuckDB's: Run all of
 * twenty cells on the 100 MB file took 1.32× the statements' own time (bench/notebook.mjs).
 */
import type { QueryResult, SiftEngine } from '../core/data/engine.ts';
import { keptResult } from '../core/data/kept-result.ts';
import { errorMessage } from '../core/errors.ts';
import type { CellView, NotebookEvent } from '../core/events/notebook.ts';
import { cannotRun, cellError, cellQuery } from '../core/sql/notebook-sql.ts';

/** Rows a cell's result keeps, as the SQL box's does. */
export const CELL_MAX_ROWS = 1000;
const CELL_TIMEOUT_MS = 30_000;

interface Job {
  cellId: string;
  index: number;
  statement: string;
  /** Why it cannot run as written (it reads a cell below it), else null. */
  refused: string | null;
}

/** The SQL cells to run — `only` that one, or all of them — as the cells are now. */
export function jobsOf(cells: readonly CellView[], only?: string): Job[] {
  return cells.flatMap((c, index) =>
    c.kind === 'sql' && c.source.trim() && (only === undefined || c.cellId === only)
      ? [
          {
            cellId: c.cellId,
            index,
            statement: cellQuery(cells, index),
            refused: cannotRun(cells, index),
          },
        ]
      : [],
  );
}

export interface RunDeps {
  engine: Pick<SiftEngine, 'query' | 'cancel'>;
  /** The session's data as the statements are sent (events/notebook.ts dataStamp). */
  data: string;
  /** The cell whose result is awaited now; null when the run is over. */
  running(cellId: string | null): void;
  record(event: Extract<NotebookEvent, { type: 'cell_ran' }>): void;
  /** Whether the run may go on: the notebook's log still takes its results. */
  alive(): boolean;
}

const queryId = (cellId: string) => `cell-${cellId}`;

/** Runs `jobs` of `cells`, recording each result in order; a run left midway cancels the rest. */
export async function runJobs(
  jobs: Job[],
  cells: readonly CellView[],
  deps: RunDeps,
): Promise<void> {
  const sent = jobs.map((j) =>
    j.refused
      ? null
      : deps.engine
          .query(j.statement, {
            maxRows: CELL_MAX_ROWS,
            timeoutMs: CELL_TIMEOUT_MS,
            id: queryId(j.cellId),
          })
          .catch((e: unknown): QueryResult => ({
            ok: false,
            kind: 'error',
            message: errorMessage(e),
            durationMs: 0,
          })),
  );
  try {
    for (const [k, j] of jobs.entries()) {
      if (!deps.alive()) {
        for (const rest of jobs.slice(k))
          void deps.engine.cancel(queryId(rest.cellId)).catch(() => undefined);
        return;
      }
      deps.running(j.cellId);
      const result: QueryResult = (await sent[k]) ?? {
        ok: false,
        kind: 'error',
        message: j.refused!,
        durationMs: 0,
      };
      deps.record({
        type: 'cell_ran',
        cellId: j.cellId,
        source: j.statement,
        data: deps.data,
        ...keptResult(result, (message) =>
          j.refused ? message : cellError(message, cells, j.index),
        ),
        at: Date.now(),
      });
    }
  } finally {
    deps.running(null);
  }
}
