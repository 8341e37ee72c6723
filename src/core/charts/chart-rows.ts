/**
 * A chart's data made from a query's rows: what create_plot draws from a query of the model's,
 * and a notebook's chart cell from its SQL cell's result (issue 48).
 */
import type { Cell } from '../data/cell.ts';

/** The rows as the objects Vega-Lite reads, one key per column. */
export function rowObjects(result: {
  columns: readonly string[];
  rows: readonly (readonly Cell[])[];
}): Record<string, Cell>[] {
  return result.rows.map((row) =>
    Object.fromEntries(result.columns.map((name, i) => [name, row[i] ?? null])),
  );
}
