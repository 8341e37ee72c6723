/**
 * Draws a checked Vega-Lite spec with vega-embed, loaded on first use (vega is a chunk of its
 * own that a session without charts never fetches).
 *
 * The spec comes from the model, so it is untrusted even after `create_plot` accepted it:
 * it is checked again here, and vega runs with a loader that refuses every URL, the AST
 * expression interpreter (our CSP has no 'unsafe-eval'), no injected <style> (no
 * 'unsafe-inline' either: the CSS ships with PlotView), no actions menu and text-only tooltips
 * (ARCHITECTURE.md, Facts: Vega).
 */
import type { EmbedOptions } from 'vega-embed';
import { checkPlotSpec } from '../core/charts/plot-spec.ts';
import {
  cssCanFetch,
  refusedPaint,
  safeSvgAttribute,
  UNSAFE_ELEMENTS,
} from '../core/charts/svg-attributes.ts';

export interface RenderedPlot {
  /** Stops the view and removes its listeners; call when the element goes away. */
  finalize(): void;
  /** The chart as a PNG data URL, at `scale` times its size on the page (2 by default). */
  toPng(scale?: number): Promise<string>;
  /** The chart as SVG markup. */
  toSvg(): Promise<string>;
  /** What vega logged instead of the console (empty for a clean chart); grows if it logs later. */
  warnings: string[];
}

type Logger = NonNullable<EmbedOptions['logger']>;
type Loader = Extract<NonNullable<EmbedOptions['loader']>, { load: unknown }>;

/**
 * Row limit of the second check. `create_plot` holds charts to 100 rows; this one only stops
 * what could never have passed it, so that a tighter tool limit never hides a stored chart.
 * The 200 KB size limit of the check applies here all the same.
 */
const RENDER_MAX_ROWS = 10_000;

const NO_URLS = 'Sift charts cannot load URLs';

/** vega swallows a loader's errors and logs them, so the refusal also shows as a warning. */
const denyAllLoader: Loader = {
  load: () => Promise.reject(new Error(NO_URLS)),
  sanitize: () => Promise.reject(new Error(NO_URLS)),
  http: () => Promise.reject(new Error(NO_URLS)),
  file: () => Promise.reject(new Error(NO_URLS)),
};

// vega-util's log levels.
const WARN = 2;

function collectingLogger(into: string[]): Logger {
  let level = WARN;
  const text = (args: unknown[]) =>
    args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
  const logger: Logger = {
    level(value?: number) {
      if (value === undefined) return level;
      level = value;
      return logger;
    },
    error(...args: unknown[]) {
      into.push(`Error: ${text(args)}`);
      return logger;
    },
    warn(...args: unknown[]) {
      if (level >= WARN) into.push(text(args));
      return logger;
    },
    info() {
      return logger;
    },
    debug() {
      return logger;
    },
  };
  return logger;
}

/** The colours of the app's light and dark themes (src/app.css) that a chart uses. */
const PALETTE = {
  light: {
    card: '#ffffff',
    ink: '#1b2430',
    muted: '#5d6b7a',
    grid: '#e8ecf1',
    rule: '#c5ced8',
    mark: '#3b6ea5',
  },
  dark: {
    card: '#171e26',
    ink: '#e3e9ef',
    muted: '#9eabb8',
    grid: '#2a343f',
    rule: '#4a5664',
    mark: '#6fa8e0',
  },
} as const;

/**
 * The app's look, in the page's theme; a spec's own `config` overrides any of it. Charts drawn
 * for Claude or for a report are always light: they are documents, not the page.
 */
function chartTheme(theme: keyof typeof PALETTE) {
  const { card, ink, muted, grid, rule, mark } = PALETTE[theme];
  return {
    background: card,
    font: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    padding: 4,
    view: { stroke: null, continuousWidth: 480, continuousHeight: 260 },
    title: { color: ink, fontSize: 14, fontWeight: 600, anchor: 'start', offset: 10 },
    axis: {
      labelColor: muted,
      titleColor: ink,
      labelFontSize: 11,
      titleFontSize: 12,
      titleFontWeight: 600,
      gridColor: grid,
      domainColor: rule,
      tickColor: rule,
    },
    legend: { labelColor: muted, titleColor: ink, labelFontSize: 11, titleFontSize: 12 },
    header: { labelColor: muted, titleColor: ink, labelFontSize: 12, titleFontSize: 12 },
    bar: { color: mark },
    line: { color: mark, strokeWidth: 2 },
    point: { color: mark },
    area: { color: mark, opacity: 0.8 },
    // Text marks (labels on bars, a lone figure) default to black, unreadable on dark.
    text: { color: ink },
  };
}

/**
 * A single view (or layers of one) without its own width fills the card's width; vega-lite
 * supports "container" width for nothing else (not concat, facet or repeat).
 */
function fitToContainer(spec: Record<string, unknown>): Record<string, unknown> {
  const encoding = (spec.encoding ?? {}) as Record<string, unknown>;
  const single = ('mark' in spec || 'layer' in spec) && !('facet' in spec || 'repeat' in spec);
  const faceted = 'row' in encoding || 'column' in encoding || 'facet' in encoding;
  if (!single || faceted || spec.width !== undefined) return spec;
  return {
    ...spec,
    width: 'container',
    autosize: spec.autosize ?? { type: 'fit-x', contains: 'padding' },
  };
}

/** The page's address as vega writes it before a gradient's `#id` (vega-scenegraph's `href()`). */
function pageAddress(): string {
  const { href, hash } = window.location;
  return hash ? href.slice(0, -hash.length) : href;
}

/**
 * What scrubbing took out of a drawing: something that could load or run (`url`), or only a paint
 * that was not a colour (a cell such as "banana"), drawn grey.
 */
interface Scrubbed {
  url: boolean;
  grey: boolean;
}

const nothing = (): Scrubbed => ({ url: false, grey: false });

/**
 * Makes one element of a drawing safe: an element that could run or embed anything goes, and
 * each attribute keeps only what `safeSvgAttribute` allows. Adds to `found` what was taken.
 */
function scrub(el: Element, address: string, found: Scrubbed): Scrubbed {
  if (UNSAFE_ELEMENTS.has(el.localName.toLowerCase())) {
    el.remove();
    found.url = true;
    return found;
  }
  for (const { name, value } of [...el.attributes]) {
    const kept = safeSvgAttribute(name, value, address);
    if (kept === null) {
      const grey = refusedPaint(name);
      if (grey) el.setAttribute(name, grey);
      else el.removeAttribute(name);
      if (grey && !cssCanFetch(value)) found.grey = true;
      else found.url = true;
    } else if (kept !== value) el.setAttribute(name, kept);
  }
  return found;
}

function scrubTree(root: Element, address: string): Scrubbed {
  const found = scrub(root, address, nothing());
  for (const el of root.querySelectorAll('*')) scrub(el, address, found);
  return found;
}

/**
 * The spec check cannot see strings that expressions build at run time, nor cells that reach a
 * paint through one: `fill: {"expr": "'ur' + 'l(ht' + 'tps://…)'"}` makes vega write
 * `fill="url(https://…)"`, and Chromium fetches external SVG paint servers (measured: with no CSP
 * the request went out; with ours, img-src refused it). So every attribute vega writes is
 * scrubbed as it appears (core/charts/svg-attributes.ts): mutation observers run before the next
 * style recalculation, where such fetches start.
 */
function guardExternalReferences(element: HTMLElement, warnings: string[]): () => void {
  const said = nothing();
  const address = pageAddress();
  // Each said once, in the words of what was taken.
  const note = (found: Scrubbed) => {
    if (found.url && !said.url) {
      said.url = true;
      warnings.push('A URL in the chart was removed: charts cannot load anything.');
    }
    if (found.grey && !said.grey) {
      said.grey = true;
      warnings.push('A colour from the data that is not a colour is drawn grey.');
    }
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes' && record.target instanceof Element)
        note(scrub(record.target, address, nothing()));
      for (const node of record.addedNodes)
        if (node instanceof Element) note(scrubTree(node, address));
    }
  });
  observer.observe(element, { subtree: true, childList: true, attributes: true });
  return () => observer.disconnect();
}

/**
 * SVG markup for a file (the SVG button, the report's HTML), with the same scrub: a file opened
 * later fetches whatever it names, under no CSP of ours. It has no page address, so only
 * `url(#id)` stays.
 */
function scrubSvgMarkup(markup: string): string {
  const doc = new DOMParser().parseFromString(markup, 'image/svg+xml');
  if (doc.querySelector('parsererror')) throw new Error('The chart could not be exported as SVG.');
  scrubTree(doc.documentElement, '');
  return new XMLSerializer().serializeToString(doc);
}

/**
 * Renders `spec` into `element` as SVG. Throws when the spec is refused or vega cannot compile
 * it; warnings (a field without values, a refused URL…) are collected, not thrown.
 */
export async function renderPlot(
  element: HTMLElement,
  spec: Record<string, unknown>,
  { dark = false }: { dark?: boolean } = {},
): Promise<RenderedPlot> {
  // The check returns a JSON copy, which is what vega-embed needs: a Svelte $state proxy
  // cannot be structured-cloned (ARCHITECTURE.md, Facts: Svelte proxies).
  const checked = checkPlotSpec(spec, { maxRows: RENDER_MAX_ROWS, paints: 'sanitised' });
  if (!checked.ok) throw new Error(`This chart was not drawn: ${checked.reason}`);

  const [{ default: embed }, { expressionInterpreter }] = await Promise.all([
    import('vega-embed'),
    import('vega-interpreter'),
  ]);
  const warnings: string[] = [];
  const stopGuard = guardExternalReferences(element, warnings);
  const result = await embed(element, fitToContainer(checked.spec) as never, {
    mode: 'vega-lite',
    renderer: 'svg',
    actions: false,
    defaultStyle: false,
    ast: true,
    expr: expressionInterpreter,
    loader: denyAllLoader,
    logger: collectingLogger(warnings),
    // Vega's own handler then sets the element's `title` attribute: text, never HTML.
    tooltip: false,
    hover: false,
    config: chartTheme(dark ? 'dark' : 'light') as EmbedOptions['config'],
  }).catch((e: unknown) => {
    stopGuard();
    throw e;
  });
  const view = result.view;
  return {
    finalize: () => {
      result.finalize();
      stopGuard();
    },
    // The PNG is drawn on a canvas, where a `url(…)` paint is simply invalid.
    toPng: (scale = 2) => view.toImageURL('png', scale),
    toSvg: async () => scrubSvgMarkup(await view.toSVG()),
    warnings,
  };
}
