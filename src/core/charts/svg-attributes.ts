/**
 * What an attribute of a drawn chart may hold. A chart's SVG is written by vega from a spec the
 * model sent and from cells of the person's data, and Chromium reads paint attributes as CSS:
 * `fill="u\rl(http://host/p)"` and `fill="\75 rl(…)"` are `url(…)` to it and are fetched
 * (measured, issue 27: every CSS escape form but the newline one sent its request). So every
 * attribute of every element of a drawn chart passes this one function — in the page as vega
 * writes it (adapters/vega.ts), in the saved SVG, in the chart Claude is shown and in the
 * report's HTML — and keeps only what cannot fetch: a paint is a colour or `url(#id)` of the
 * drawing itself, a link or source is `#id`, and no other attribute may name a CSS function
 * that loads something, however it is escaped. The PNG is drawn on a canvas, where a paint that
 * is not a colour is simply ignored.
 *
 * Pure: it sees names and values as text, and knows nothing of the DOM.
 */

/** Attributes that take a paint: a colour, `none`, or a paint server of the drawing. */
const PAINTS = new Set([
  'fill',
  'stroke',
  'color',
  'stop-color',
  'flood-color',
  'lighting-color',
  'background-color',
]);

/** Attributes that refer to another element: `none` or `url(#id)`, nothing else. */
const REFERENCES = new Set([
  'clip-path',
  'mask',
  'filter',
  'marker',
  'marker-start',
  'marker-mid',
  'marker-end',
]);

/** Attributes that hold an address: only a fragment of the drawing itself. */
const LINKS = new Set(['href', 'xlink:href', 'src']);

/**
 * Elements that run script, style the document or embed another one, which vega never writes:
 * removed wherever they appear. (An `<image>`, `<use>` or `<a>` is inert once its link is.)
 */
export const UNSAFE_ELEMENTS = new Set([
  'script',
  'style',
  'foreignobject',
  'iframe',
  'object',
  'embed',
]);

/**
 * `s` as CSS reads it: each escape replaced by its character — `\75` and `\000075 ` by `u`, `\r`
 * by `r` — and an escaped newline dropped (CSS Syntax Level 3, 4.3.7 "consume an escaped code
 * point"). Used only to see what a value spells; the value kept is never the decoded one.
 */
export function cssUnescape(s: string): string {
  return s.replace(
    /\\(?:([0-9a-f]{1,6})(?:\r\n|[ \t\n\r\f])?|(\r\n|[\n\r\f])|([^]))/gi,
    (_, hex: string | undefined, newline: string | undefined, char: string | undefined) => {
      if (newline !== undefined) return '';
      if (hex === undefined) return char ?? '';
      const code = parseInt(hex, 16);
      return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
        ? '\ufffd'
        : String.fromCodePoint(code);
    },
  );
}

/**
 * CSS functions that load a resource (`url()` and `src()`, and image functions that take a bare
 * string as an address), as CSS reads the value: a function token is its name followed at once
 * by `(`, in any case.
 */
const FETCHING_FUNCTION =
  /(?:^|[^a-z0-9_-])(?:url|src|(?:-webkit-)?image-set|image|cross-fade|element)\(/i;

/** Whether `value`, read as CSS, calls a function that could fetch something. */
export function cssCanFetch(value: string): boolean {
  return FETCHING_FUNCTION.test(cssUnescape(value));
}

/** `url(#id)`, quoted or not: a paint server, clip path or marker of the same drawing. */
const LOCAL_REFERENCE = /^url\(\s*(['"]?)#[A-Za-z0-9_.:-]+\1\s*\)$/;

/**
 * A colour as vega writes it and as Vega-Lite specs name them: a keyword (`steelblue`, `none`,
 * `transparent`, `currentColor`), `#rgb` to `#rrggbbaa`, or a colour function of numbers
 * (`rgb(76, 120, 168)`, `hsl(…)`, `oklch(…)`, `color(srgb 1 0 0)`). No backslash, quote or
 * nested parenthesis can appear in any of them.
 */
const COLOUR =
  /^(?:[a-z]+|#[0-9a-f]{3,8}|(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([a-z0-9.,%\s/+-]*\))$/i;

export function isColour(value: string): boolean {
  return COLOUR.test(value.trim());
}

/**
 * vega writes a gradient in the page as `url(<the page's address>#gradient_1)` (vega-scenegraph
 * SVGRenderer, `href()`), which is the same drawing: made `url(#gradient_1)`. In a saved file
 * there is no page address and the form stays refused.
 */
function localised(value: string, pageAddress: string): string {
  const v = value.trim();
  if (!pageAddress) return v;
  const prefix = `url(${pageAddress}#`;
  return v.startsWith(prefix) ? `url(#${v.slice(prefix.length)}` : v;
}

/**
 * What a paint refused by `safeSvgAttribute` becomes: removed, a mark would inherit vega's
 * `fill="none"` and vanish, as if its value were not there; grey shows it is, with no colour.
 */
export function refusedPaint(name: string): string | null {
  return PAINTS.has(name.toLowerCase()) ? 'gray' : null;
}

/**
 * The value attribute `name` may keep, or null when it must be removed. `pageAddress` is the
 * address of the page the chart is drawn in (without its `#…`), or '' for a file.
 */
export function safeSvgAttribute(name: string, value: string, pageAddress = ''): string | null {
  const n = name.toLowerCase();
  if (n.startsWith('on')) return null;
  if (LINKS.has(n)) return /^#[A-Za-z0-9_.:-]+$/.test(value.trim()) ? value : null;
  if (PAINTS.has(n)) {
    const v = localised(value, pageAddress);
    return isColour(v) || LOCAL_REFERENCE.test(v) ? v : null;
  }
  if (REFERENCES.has(n)) {
    const v = localised(value, pageAddress);
    return v === 'none' || LOCAL_REFERENCE.test(v) ? v : null;
  }
  if (n === 'cursor') return /^[a-z-]+$/i.test(value.trim()) ? value : null;
  // `style` and every other attribute: whatever it is, it may not load anything.
  return cssCanFetch(value) ? null : value;
}
