/**
 * A chart as Claude is shown it when it looks at its own work: drawn the way the page draws it
 * (renderPlot: the same check, loader and theme), at the width of the answer column, as a PNG.
 * The image is made here, in the page, from the checked spec; nothing is fetched to make it.
 */
import { renderPlot } from './vega.ts';

/** About the width a chart has in the answer column at 1280 px. */
const WIDTH_PX = 760;
const PNG_PREFIX = 'data:image/png;base64,';

/** The chart of `spec` as base64 PNG (no data: prefix). Throws when it cannot be drawn. */
export async function chartImage(spec: Record<string, unknown>): Promise<string> {
  const host = document.createElement('div');
  // Off screen but laid out: a "container" width needs a box to measure.
  host.style.cssText = `position:fixed;left:-10000px;top:0;width:${WIDTH_PX}px;`;
  host.setAttribute('aria-hidden', 'true');
  document.body.append(host);
  try {
    const plot = await renderPlot(host, spec);
    try {
      const url = await plot.toPng(1);
      if (!url.startsWith(PNG_PREFIX)) throw new Error('The chart did not draw as a PNG.');
      return url.slice(PNG_PREFIX.length);
    } finally {
      plot.finalize();
    }
  } finally {
    host.remove();
  }
}
