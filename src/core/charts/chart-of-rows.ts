/**
 * A notebook chart cell's spec (issue 48) made drawable: its JSON read, any data it carries put
 * aside, the rows of its SQL cell as its data, and the whole passed through the check every
 * chart passes (plot-spec.ts) — the page draws it with paints sanitised, a saved file carries it
 * raw for other viewers. One way for the page, the Markdown file and the Jupyter notebook.
 */
import type { Cell } from '../data/cell.ts';
import { rowObjects } from './chart-rows.ts';
import { checkPlotSpec } from './plot-spec.ts';
import type { Paints } from './plot-unsafe.ts';

export type ChartOfRows =
  { ok: true; spec: Record<string, unknown>; title: string | null } | { ok: false; reason: string };

export function chartOfRows(
  source: string,
  result: { columns: readonly string[]; rows: readonly (readonly Cell[])[] } | null,
  { paints, maxRows }: { paints: Paints; maxRows: number },
): ChartOfRows {
  let spec: unknown;
  try {
    spec = JSON.parse(source);
  } catch (e) {
    return { ok: false, reason: `its spec is not JSON (${e instanceof Error ? e.message : e})` };
  }
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec))
    return { ok: false, reason: 'its spec is not a Vega-Lite object' };
  // The data is the SQL cell's result as it is now, never rows the spec carries.
  const { data: _data, ...rest } = spec as Record<string, unknown>;
  const checked = checkPlotSpec(
    { ...rest, data: { values: result ? rowObjects(result) : [] } },
    { maxRows, paints },
  );
  if (!checked.ok) return { ok: false, reason: checked.reason };
  return {
    ok: true,
    spec: checked.spec,
    title: typeof rest.title === 'string' ? rest.title : null,
  };
}
