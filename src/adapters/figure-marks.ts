/**
 * The figures of rendered Markdown, each marked with what core/figures/check-figures.ts found:
 * checked, not in the cited query, or not traced. The check ran on the Markdown; here each figure
 * is found again in the rendered text, in order, outside code, citations and links' shown
 * targets, where the check did not look. Used by the page (components/items/figures.ts) and by
 * the saved report (report-html.ts), which shows the same marks without script.
 */
import type { CheckedFigure } from '../core/figures/check-figures.ts';

/**
 * What a figure's mark is found by, in code and in CSS (the page's and the saved report's). Its
 * `data-testid` is for the tests alone.
 */
export const FIGURE = '[data-figure]';

const SKIP = `code, pre, cite, a > span, ${FIGURE}`;
/** A link whose text is its own address (an autolink, a bare URL): the check left it out. */
const isAddress = (node: Text) =>
  /^\s*(?:https?:|mailto:)/i.test(node.parentElement?.closest('a')?.textContent ?? '');

/** The text nodes under `root` a figure may stand in, in document order. */
function textNodes(root: HTMLElement): Text[] {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) =>
      n.parentElement?.closest(SKIP) || isAddress(n as Text)
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  return nodes;
}

/**
 * Where `figure` stands in `node` from `from` on, standing alone by the rules its reader used
 * (core/figures/figures-in-text.ts): not inside a word or a longer number (the 2 of "Q2", "H2O",
 * "COVID-19"), with a letter after it only where one followed it in the text ("3.5m").
 */
function find(node: Text, figure: CheckedFigure, from: number): number {
  const { data } = node;
  const { text } = figure;
  for (let at = data.indexOf(text, from); at >= 0; at = data.indexOf(text, at + 1)) {
    const before = data.slice(Math.max(0, at - 2), at);
    const after = data.slice(at + text.length, at + text.length + 2);
    if (/[\p{L}\p{N}_.,]$/u.test(before)) continue;
    if (/[\p{L}\p{N}][-−–]$/u.test(before)) continue;
    if (/^\d|^[.,]\d/.test(after)) continue;
    if (/^[\p{L}_]/u.test(after) && after[0] !== figure.then[0]) continue;
    return at;
  }
  return -1;
}

export const FIGURE_LABEL: Record<CheckedFigure['state'], string> = {
  checked: 'Checked',
  mismatch: 'Not in the cited query',
  untraced: 'Not traced to a query',
  changed: 'Changed since it was written',
};

/** Takes off the marks of an earlier check: the text is the same, what it cites may not be. */
function unmark(root: HTMLElement): void {
  for (const now of root.querySelectorAll('[data-figure-now]')) now.remove();
  const marked = root.querySelectorAll(FIGURE);
  for (const span of marked) span.replaceWith(...span.childNodes);
  if (marked.length) root.normalize();
}

/**
 * Wraps each figure of `figures` (in the order written) found in `root`'s text; marks of an
 * earlier call are replaced (a query the answer cites may have finished since).
 */
export function markFigures(
  root: HTMLElement,
  figures: readonly (CheckedFigure & { now?: string })[],
): void {
  unmark(root);
  const nodes = textNodes(root);
  let n = 0;
  let from = 0;
  for (const figure of figures) {
    // Markdown escapes and entities aside, the figure reads in the page as it was written.
    for (let k = n; k < nodes.length; k++) {
      const node = nodes[k] as Text;
      const at = find(node, figure, k === n ? from : 0);
      if (at < 0) continue;
      const rest = node.splitText(at);
      const after = rest.splitText(figure.text.length);
      const span = document.createElement('span');
      span.dataset.figure = '';
      span.dataset.testid = 'figure';
      span.dataset.state = figure.state;
      span.dataset.note = figure.note;
      span.tabIndex = 0;
      span.setAttribute(
        'aria-label',
        `${figure.text} (${FIGURE_LABEL[figure.state]}: ${figure.note})`,
      );
      if (figure.state === 'mismatch') span.dataset.cited = figure.queries.join(', ');
      if (figure.found) {
        span.dataset.query = figure.found.queryId;
        span.dataset.cells = figure.found.cells.map((c) => `${c.row}:${c.column}`).join(' ');
        span.setAttribute('role', 'button');
      }
      rest.replaceWith(span);
      span.append(rest);
      // A notebook's finding whose value moved (core/figures/recheck.ts): the value now, beside
      // the one written.
      if (figure.state === 'changed' && figure.now) {
        const now = document.createElement('span');
        now.dataset.figureNow = '';
        now.dataset.testid = 'figure-now';
        now.className = 'figure-now';
        now.textContent = `now ${figure.now}`;
        span.after(now);
      }
      // What follows the figure is a text node of its own now: the next figure is looked for there.
      nodes.splice(k, 1, after);
      n = k;
      from = 0;
      break;
    }
  }
}
