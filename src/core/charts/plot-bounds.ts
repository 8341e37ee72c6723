/**
 * Bounds on what a chart spec may make the page compute. Vega runs on the page's main thread and
 * cannot be interrupted, and a few small numbers are enough to freeze it (measured in Chromium
 * 156): `sequence(0, 1e7)` flattened hung the tab for minutes, a width of 1e7 took 61 s
 * (vega draws a tick per 40 px), `tickCount: 1e7` 21 s, `pad('', 1e8)` 26 s. So the numbers that
 * size what vega generates are capped, and the expression functions that build values of a size
 * they are given are refused. Part of checkPlotSpec (plot-spec.ts).
 */
import { isObject, MAX_DEPTH, path, quote, refuse, type Obj } from './plot-spec-util.ts';

/** Expression functions whose output grows with an argument. */
const GENERATORS = /\b(sequence|pad)\s*\(/;
/** Where Vega-Lite reads a string as an expression (titles and labels stay free text). */
const EXPRESSION_KEYS = new Set(['calculate', 'filter', 'expr', 'signal', 'test', 'labelExpr']);

/** Caps by key: the most a legitimate chart needs, far below what hurts. */
const CAPS: Array<[RegExp, number, string]> = [
  [/^(width|height|continuousWidth|continuousHeight|discreteWidth|discreteHeight)$/, 4000, 'px'],
  [/^(tickCount|maxbins)$/, 1000, ''],
  [/^(steps|minsteps|maxsteps)$/, 10_000, ''],
  [/(fontsize|strokewidth|padding|offset|radius)$/i, 1000, 'px'],
  [/^size$/, 100_000, 'px²'],
];

const MAX_BINS = 1000;
const MAX_KEYS = 10_000;

/** A d3-format width (`'>100000000'`, `'0100000000d'`) of four digits or more. */
const WIDE_FORMAT = /^(?:.?[<>=^])?[-+( ]?[$#]?0?\d{4,}/;

function checkFormat(spec: string, at: string): void {
  if (WIDE_FORMAT.test(spec)) refuse(`${at}: the format ${quote(spec)} pads to a huge width.`);
}

function checkExpression(text: string, at: string): void {
  const generator = GENERATORS.exec(text);
  if (generator)
    refuse(
      `${at}: ${generator[1]}() is not allowed in chart expressions (it can build values too large to draw). Compute such data in a query and draw that query.`,
    );
  if (/\bformat\s*\(/.test(text))
    for (const [, quoted] of text.matchAll(/['"]([^'"]*)['"]/g)) checkFormat(quoted ?? '', at);
}

/** The numeric span of `field` over every inline row of the spec, or null if it has no numbers. */
function fieldSpan(root: Obj, field: string): number | null {
  let lo = Infinity;
  let hi = -Infinity;
  const visit = (node: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(node)) return node.forEach((n) => visit(n, depth + 1));
    if (!isObject(node)) return;
    if (isObject(node.data) && Array.isArray(node.data.values))
      for (const row of node.data.values) {
        const v = isObject(row) ? row[field] : undefined;
        if (typeof v === 'number' && Number.isFinite(v))
          [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
      }
    for (const [key, value] of Object.entries(node)) if (key !== 'data') visit(value, depth + 1);
  };
  visit(root, 0);
  return lo <= hi ? hi - lo : null;
}

/** A bin with an explicit step makes (span / step) bins, and an axis tick for each. */
function checkBin(bin: Obj, field: unknown, root: Obj, at: string): void {
  const step = bin.step;
  if (typeof step !== 'number') return;
  if (!(step > 0)) refuse(`${at}.step must be a positive number.`);
  const extent = Array.isArray(bin.extent) ? bin.extent : null;
  const span =
    extent && typeof extent[0] === 'number' && typeof extent[1] === 'number'
      ? Math.abs(extent[1] - extent[0])
      : typeof field === 'string'
        ? fieldSpan(root, field)
        : null;
  if (span !== null && span / step > MAX_BINS)
    refuse(
      `${at}.step ${step} makes ${Math.ceil(span / step).toLocaleString('en-US')} bins; at most ${MAX_BINS} are drawn. Use a larger step or maxbins.`,
    );
}

function checkImpute(keyvals: Obj, at: string): void {
  const { start, stop, step = 1 } = keyvals;
  if (typeof start !== 'number' || typeof stop !== 'number' || typeof step !== 'number') return;
  if (!(step > 0) || Math.abs(stop - start) / step > MAX_KEYS)
    refuse(`${at}: keyvals would make more than ${MAX_KEYS.toLocaleString('en-US')} keys.`);
}

/** Walks the spec except the rows of `data.values` (data, never a size or an expression). */
export function scanForBombs(node: unknown, at: string, root: Obj, parent = '', depth = 0): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(node)) {
    node.forEach((item, i) => scanForBombs(item, path(at, i), root, '', depth + 1));
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    const here = path(at, key);
    if (parent === 'data' && key === 'values') continue;
    if (typeof value === 'string') {
      if (EXPRESSION_KEYS.has(key)) checkExpression(value, here);
      if (key === 'format') checkFormat(value, here);
    } else if (typeof value === 'number') {
      for (const [pattern, cap, unit] of CAPS)
        if (pattern.test(key) && Math.abs(value) > cap)
          refuse(
            `${here} is ${value}; at most ${cap.toLocaleString('en-US')}${unit ? ` ${unit}` : ''}.`,
          );
      // A band's size (`width: {step}`, `config.view.step`); a bin's step is checked by its span.
      if (key === 'step' && !['bin', 'keyvals', 'timeUnit'].includes(parent) && value > 1000)
        refuse(`${here} is ${value}; at most 1,000 px.`);
    } else if (isObject(value)) {
      if (key === 'bin') checkBin(value, node.field, root, here);
      if (key === 'keyvals') checkImpute(value, here);
    }
    scanForBombs(value, here, root, key, depth + 1);
  }
}
