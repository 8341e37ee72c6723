/**
 * Security of a chart spec from the model: nothing in it may make the browser fetch, navigate or
 * touch the page. Part of checkPlotSpec (plot-spec.ts).
 */
import { isObject, MAX_DEPTH, path, quote, refuse } from './plot-spec-util.ts';
import { cssCanFetch, cssUnescape } from './svg-attributes.ts';

/**
 * Who stands between the spec and a drawing. `sanitised`: Sift draws it (the page, the chart
 * Claude is shown, the saved SVG and the report's HTML), and every painted attribute passes
 * `safeSvgAttribute`, which paints a value that is not a colour grey. `raw`: a renderer of
 * someone else's draws it (a Markdown previewer that draws `vega-lite` fences), with nothing
 * of ours behind it.
 */
export type Paints = 'sanitised' | 'raw';

/**
 * Strings that a renderer could take as a URL: schemes, protocol-relative and `\\host` forms.
 * `data:` only with what a data URL has after it (a media type or a comma), so that a title
 * such as "Data: monthly totals" stays possible.
 */
const URL_START =
  /^(?:https?:|\/\/|\\\\|\/\\|\\\/|javascript:|vbscript:|data:\s*(?:[a-z]+\/|[;,]))/i;
/**
 * CSS `url(…)` (`cursor: "url(…)"` is fetched on hover whatever the loader says) and `://`
 * anywhere, e.g. in an expression that builds a string.
 */
const EMBEDDED_URL = /url\s*\(|:\/\//i;
/** Leading characters a URL parser ignores. */
// eslint-disable-next-line no-control-regex
const IGNORED_LEAD = /^[\u0000-\u0020\u00a0\u200b\ufeff]+/;

/**
 * Keys whose strings Vega-Lite only ever shows as text — a chart's description, titles and
 * subtitles, a text mark's or tooltip's constant text — so that "adapted from https://…" there
 * is words, not a fetch (no Vega property reads a URL from them; the properties that do are
 * refused by key below). Everywhere else, a URL-like string is refused: it may be a paint, a
 * CSS value or an expression that could build a request.
 */
const TEXT_KEYS = new Set(['description', 'title', 'subtitle', 'text', 'tooltip']);
/** Encoding channels whose `value` is text. */
const TEXT_CHANNELS = new Set(['text', 'tooltip']);
/**
 * Keys whose strings name fields or hold data values (a sort order, a domain, a filter's
 * values): a backslash there is Vega-Lite's own escape (`sales\\.q1` for the column "sales.q1")
 * or part of a value, and never reaches a paint (identity scales on colours are refused below).
 */
const FIELD_KEYS = new Set([
  'field',
  'fields',
  'groupby',
  'as',
  'key',
  'keyvals',
  'sort',
  'domain',
  'equal',
  'oneOf',
  'pivot',
  'impute',
  'lookup',
  'on',
  'loess',
  'regression',
  'density',
  'quantile',
  'stack',
]);
/** Channels whose values are paints (fill and stroke attributes of the drawing). */
const COLOUR_CHANNELS = new Set(['color', 'fill', 'stroke']);

/**
 * Where no sanitiser stands behind the drawing, a colour channel may not copy data into the
 * paint: an identity or `null` scale, or a range read from a field, would write a cell's text
 * straight into `fill` (issue 27: a CSV cell `\75 rl(http://…)` became a request). Where one
 * does, these are ordinary Vega-Lite (a column that holds colours, the gallery's
 * `bar_color_disabled_scale` and `point_scale_range_field`) and are drawn (issue 46).
 */
function checkColourScale(def: unknown, at: string): void {
  if (Array.isArray(def)) return def.forEach((d, i) => checkColourScale(d, path(at, i)));
  if (!isObject(def)) return;
  const scale = def.scale;
  if ('scale' in def && scale === null)
    refuse(
      `${at}.scale is null, which would use the data's values as colours. Leave the scale out, or give a range of colours.`,
    );
  if (isObject(scale) && scale.type === 'identity')
    refuse(
      `${at}.scale is an identity scale, which would use the data's values as colours. Use an ordinal or sequential scale with a range of colours.`,
    );
  if (isObject(scale) && isObject(scale.range) && 'field' in scale.range)
    refuse(
      `${at}.scale.range reads colours from a field of the data. Give the colours as a list (e.g. ["#1f77b4", "#ff7f0e"]) or a scheme.`,
    );
  if ('condition' in def) checkColourScale(def.condition, path(at, 'condition'));
}

/**
 * Walks the whole spec except the rows of `data.values` (which are data: shown as text, never
 * used as a URL once the constructs below are refused, and painted only through the sanitiser).
 * Drops `usermeta`, which vega-embed reads embed options from. With `raw` paints, a row may not
 * spell a fetching CSS function either: an expression (`fill: {expr: "datum.paint"}`) can copy
 * it into a paint where no check of the spec can see.
 */
export function scanForUnsafe(spec: unknown, paints: Paints): void {
  scan(spec, '', false, paints);
}

/** `textual`: strings here are shown as text (see TEXT_KEYS). */
function scan(
  node: unknown,
  at: string,
  inData: boolean,
  paints: Paints,
  depth = 0,
  textual = false,
  fieldKey = false,
): void {
  if (depth > MAX_DEPTH) refuse(`The spec is nested more than ${MAX_DEPTH} levels deep.`);
  if (typeof node === 'string') {
    if (textual) return;
    // As written, and as CSS reads it (`u\rl(` and `\75 rl(` are `url(` there).
    const raw = node.replace(IGNORED_LEAD, '');
    const css = cssUnescape(node).replace(IGNORED_LEAD, '');
    if ([raw, css].some((s) => EMBEDDED_URL.test(s) || URL_START.test(s)))
      refuse(
        `${at || 'The spec'} contains a URL (${quote(node.slice(0, 60))}). Charts cannot load or link to anything: put the data inline in data.values and leave URLs out.`,
      );
    if (node.includes('\\') && !fieldKey)
      refuse(
        `${at || 'The spec'} contains a backslash (${quote(node.slice(0, 60))}). A chart needs none outside its text and field names: write colours as names, #hex or rgb(…), and expressions without escapes.`,
      );
    return;
  }
  if (Array.isArray(node)) {
    node.forEach((item, i) => scan(item, path(at, i), false, paints, depth + 1, textual, fieldKey));
    return;
  }
  if (!isObject(node)) return;
  delete node.usermeta;
  const last = at.split('.').at(-1) ?? '';
  const textChannel = TEXT_CHANNELS.has(last);
  const encoding = last === 'encoding';
  for (const [key, value] of Object.entries(node)) {
    const here = path(at, key);
    if (inData && key === 'values') {
      if (paints === 'raw') checkRowsInert(value, here);
      continue;
    }
    if (key === 'url')
      refuse(`${here}: charts cannot load URLs. Draw the chart from a query of the data instead.`);
    if (key === 'href')
      refuse(`${here}: links are not allowed in charts. Remove the href channel or property.`);
    if (key === 'cursor' && !(typeof value === 'string' && /^[a-z-]+$/.test(value)))
      refuse(`${here}: cursor must be a plain keyword such as "pointer".`);
    if (key === 'mark' && (value === 'image' || (isObject(value) && value.type === 'image')))
      refuse(`${here}: image marks are not allowed (they load pictures from URLs).`);
    // An input binding draws a slider, menu or box beside the chart, which is fine; `element`
    // would put it at any CSS selector of Sift's own page (its question box, its settings).
    if (key === 'bind' && isObject(value) && 'element' in value)
      refuse(`${here}: binding to an element of the page is not allowed.`);
    if (encoding && COLOUR_CHANNELS.has(key) && paints === 'raw') checkColourScale(value, here);
    const text = TEXT_KEYS.has(key) || (key === 'value' && textChannel);
    scan(value, here, key === 'data', paints, depth + 1, text, fieldKey || FIELD_KEYS.has(key));
  }
}

/**
 * No value of the rows, however deep (an expression can read `datum.a.b`), reads as a CSS
 * function that fetches (`url(`, `\\75 rl(`, `image(`). Inline values may also be one string
 * that a `format` parses.
 */
function checkRowsInert(value: unknown, at: string, depth = 0): void {
  if (depth > MAX_DEPTH) refuse(`The data is nested more than ${MAX_DEPTH} levels deep.`);
  if (typeof value === 'string' && cssCanFetch(value))
    refuse(
      `${at} reads as a CSS url(…), which a viewer could fetch as a colour. Sift paints it grey; a file for other viewers leaves the chart out.`,
    );
  if (Array.isArray(value)) value.forEach((v, i) => checkRowsInert(v, path(at, i), depth + 1));
  else if (isObject(value))
    for (const [k, v] of Object.entries(value)) checkRowsInert(v, path(at, k), depth + 1);
}
