/**
 * What the model is told of the notebook's SQL cells that ran since its last turn began (issue
 * 48): their names, SQL and results, so that it can cite them (`[@name]`, checked as a query's
 * id is: core/figures) and build on them. Put before the question, as the person's own queries
 * are (own-queries-note.ts).
 */
import { compactResult } from '../data/compact-result.ts';
import type { CellView } from '../events/notebook.ts';

/** The latest this many are told; the others stay in the notebook, for the person. */
export const CELLS_TOLD = 5;

export function notebookNote(
  cells: readonly CellView[],
  limits: { rows: number; bytes: number },
): string | null {
  const told = cells.filter((c) => c.kind === 'sql' && c.run && !c.run.isError).slice(-CELLS_TOLD);
  if (told.length === 0) return null;
  const parts = told.map((c) =>
    [
      `Cell ${c.name}:`,
      c.source.trim(),
      'Result:',
      compactResult(
        {
          columns: c.run!.columns.map((name) => ({ name })),
          rows: c.run!.rows,
          totalRows: c.run!.rowCount,
        },
        limits,
      ),
    ].join('\n'),
  );
  return [
    `The person keeps ${told.length === 1 ? 'this cell' : 'these cells'} in the session's notebook and ran ${told.length === 1 ? 'it' : 'them'} since your last answer. ` +
      'If you use a figure from one, cite it as [@name] (the cell’s name), as you cite your own queries. ' +
      'A cell is not a table: to build on one, put its SQL in a WITH clause of your query.',
    ...parts,
  ].join('\n\n');
}
