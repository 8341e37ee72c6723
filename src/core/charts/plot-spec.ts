/**
 * The check a Vega-Lite spec from the model passes before it becomes a chart (`create_plot`),
 * and again before it is rendered (adapters/vega.ts). Model output is untrusted, and vega
 * swallows loader errors and draws an empty chart (ARCHITECTURE.md, Facts: Vega), so everything a
 * chart needs must be inline and every field it names must exist; a refusal says why, in words
 * the model can act on (the ancestor analyst's `chart_rejected`).
 *
 * Pure: it reads the spec as JSON and knows nothing of vega.
 */
import {
  isObject,
  isPlainObject,
  path,
  quote,
  refuse,
  Refused,
  type Obj,
} from './plot-spec-util.ts';
import { scanForBombs } from './plot-bounds.ts';
import {
  type Scope,
  checkEncoding,
  checkFacet,
  checkRepeat,
  checkTransform,
  dataFields,
} from './plot-fields.ts';
import { type Paints, scanForUnsafe } from './plot-unsafe.ts';

export interface PlotSpecOptions {
  /** Rows allowed in each `data.values` (default 100). */
  maxRows?: number;
  /** Who draws it: Sift behind its paint sanitiser, or a viewer of a file (plot-unsafe.ts). */
  paints: Paints;
}

export type PlotSpecCheck =
  { ok: true; spec: Record<string, unknown> } | { ok: false; reason: string };

/** Larger specs are refused: a chart's data should be a small aggregate. */
export const MAX_SPEC_BYTES = 200_000;

export function checkPlotSpec(spec: unknown, options: PlotSpecOptions): PlotSpecCheck {
  const maxRows = options.maxRows ?? 100;
  if (!isPlainObject(spec))
    return { ok: false, reason: 'The spec must be a JSON object (a Vega-Lite specification).' };
  let json: string;
  try {
    json = JSON.stringify(spec);
  } catch {
    return { ok: false, reason: 'The spec must be plain JSON.' };
  }
  if (json.length > MAX_SPEC_BYTES)
    return {
      ok: false,
      reason:
        `The spec is ${Math.round(json.length / 1000)} KB of JSON; the limit is ${MAX_SPEC_BYTES / 1000} KB. ` +
        `Aggregate in a query first and put at most ${maxRows} rows in data.values.`,
    };
  const clean = JSON.parse(json) as Obj;
  try {
    checkSchema(clean.$schema);
    delete clean.$schema; // checked; not scanned as a URL below
    scanForUnsafe(clean, options.paints);
    scanForBombs(clean, '', clean);
    if ('datasets' in clean)
      refuse('Named datasets are not supported: put the rows inline in data.values.');
    checkView(clean, '', null, maxRows);
  } catch (e) {
    if (e instanceof Refused) return { ok: false, reason: e.message };
    throw e;
  }
  if (typeof spec.$schema === 'string')
    return { ok: true, spec: { $schema: spec.$schema, ...clean } };
  return { ok: true, spec: clean };
}

function checkSchema(schema: unknown): void {
  if (schema === undefined) return;
  if (
    typeof schema !== 'string' ||
    !/^https:\/\/vega\.github\.io\/schema\/vega-lite\/v[56](\.\d+){0,2}\.json$/.test(schema)
  )
    refuse(
      `$schema must be a Vega-Lite v5 or v6 schema such as "https://vega.github.io/schema/vega-lite/v6.json" (got ${quote(String(schema))}). Vega specs are not accepted.`,
    );
}

// ---------------------------------------------------------------------------------------------
// Structure: inline data in every view, within the row limit, and every named field present.

const COMPOSITIONS = ['layer', 'hconcat', 'vconcat', 'concat'] as const;

function checkView(view: unknown, at: string, parent: Scope | null, maxRows: number): void {
  const where = at || 'The spec';
  if (!isObject(view)) refuse(`${where} must be an object (a view).`);
  let scope: Scope | null = parent && { fields: new Set(parent.fields), open: parent.open };
  if (view.data !== undefined && view.data !== null) {
    scope = { fields: dataFields(view.data, path(at, 'data'), maxRows), open: false };
  }
  if (scope && Array.isArray(view.transform)) {
    view.transform.forEach((t, i) =>
      checkTransform(t, path(at, `transform[${i}]`), scope, maxRows),
    );
  }
  if (scope && isObject(view.encoding)) checkEncoding(view.encoding, path(at, 'encoding'), scope);

  const children: [unknown, string][] = [];
  for (const key of COMPOSITIONS) {
    const list = view[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length === 0)
      refuse(`${path(at, key)} must be a non-empty array of views.`);
    list.forEach((child, i) => children.push([child, path(at, `${key}[${i}]`)]));
  }
  if ('facet' in view || 'repeat' in view) {
    if (!isObject(view.spec)) refuse(`${where}: facet and repeat need an inner "spec".`);
    if (scope && 'facet' in view) checkFacet(view.facet, path(at, 'facet'), scope);
    if (scope && 'repeat' in view) checkRepeat(view.repeat, path(at, 'repeat'), scope);
    children.push([view.spec, path(at, 'spec')]);
  }

  if ('mark' in view) {
    checkMark(view.mark, path(at, 'mark'));
    if (!scope)
      refuse(
        `${where} has no data: give the rows inline as data.values (an array of objects) at the top level or in this view.`,
      );
    return;
  }
  if (children.length === 0)
    refuse(`${where} has no mark (and no layer, concat, facet or repeat): say what to draw.`);
  for (const [child, childAt] of children) checkView(child, childAt, scope, maxRows);
}

/** Vega-Lite's marks, less `image` (refused above); vega-lite fails obscurely on others. */
const MARKS = [
  'arc',
  'area',
  'bar',
  'boxplot',
  'circle',
  'errorband',
  'errorbar',
  'geoshape',
  'line',
  'point',
  'rect',
  'rule',
  'square',
  'text',
  'tick',
  'trail',
];

function checkMark(mark: unknown, at: string): void {
  const type = isObject(mark) ? mark.type : mark;
  if (typeof type !== 'string' || !MARKS.includes(type))
    refuse(
      `${at}: ${quote(String(type))} is not a Vega-Lite mark. Use one of: ${MARKS.join(', ')}.`,
    );
}
