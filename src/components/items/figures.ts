/**
 * The figures of rendered Markdown, each marked with what core/figures/check-figures.ts found:
 * checked (where it came from on hover and focus; a click shows its cells in the query's card),
 * not in the cited query (what the query has instead), or not traced (no citation beside it).
 * The check ran on the answer's Markdown; here each figure is found again in the rendered text,
 * in order, outside code, citations and links' shown targets, where the check did not look.
 */
import type { CheckedFigure } from '../../core/figures/check-figures.ts';
import { showCitedQuery } from './citations.ts';

const SKIP = 'code, pre, cite, a > span, [data-testid="figure"]';

/** The text nodes under `root` a figure may stand in, in document order. */
function textNodes(root: HTMLElement): Text[] {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) =>
      n.parentElement?.closest(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  return nodes;
}

/** Where `text` stands in `node` from `from` on, as a whole number (no digit beside it). */
function find(node: Text, text: string, from: number): number {
  const data = node.data;
  for (let at = data.indexOf(text, from); at >= 0; at = data.indexOf(text, at + 1)) {
    const before = data[at - 1] ?? '';
    const after = data.slice(at + text.length, at + text.length + 2);
    if (!/[\d.,]$/.test(before) && !/^\d|^[.,]\d/.test(after)) return at;
  }
  return -1;
}

const LABEL: Record<CheckedFigure['state'], string> = {
  checked: 'Checked',
  mismatch: 'Not in the cited query',
  untraced: 'Not traced to a query',
};

/** Takes off the marks of an earlier check: the text is the same, what it cites may not be. */
function unmark(root: HTMLElement): void {
  const marked = root.querySelectorAll('[data-testid="figure"]');
  for (const span of marked) span.replaceWith(...span.childNodes);
  if (marked.length) root.normalize();
}

/**
 * Wraps each figure of `figures` (in the order written) found in `root`'s text; marks of an
 * earlier call are replaced (a query the answer cites may have finished since).
 */
export function markFigures(root: HTMLElement, figures: readonly CheckedFigure[]): void {
  unmark(root);
  const nodes = textNodes(root);
  let n = 0;
  let from = 0;
  for (const figure of figures) {
    // Markdown escapes and entities aside, the figure reads in the page as it was written.
    for (let k = n; k < nodes.length; k++) {
      const node = nodes[k] as Text;
      const at = find(node, figure.text, k === n ? from : 0);
      if (at < 0) continue;
      const rest = node.splitText(at);
      const after = rest.splitText(figure.text.length);
      const span = document.createElement('span');
      span.dataset.testid = 'figure';
      span.dataset.state = figure.state;
      span.dataset.note = figure.note;
      span.tabIndex = 0;
      span.setAttribute('aria-label', `${figure.text} (${LABEL[figure.state]}: ${figure.note})`);
      if (figure.state === 'mismatch') span.dataset.cited = figure.queries.join(', ');
      if (figure.found) {
        span.dataset.query = figure.found.queryId;
        span.dataset.cells = figure.found.cells.map((c) => `${c.row}:${c.column}`).join(' ');
        span.setAttribute('role', 'button');
      }
      rest.replaceWith(span);
      span.append(rest);
      // What follows the figure is a text node of its own now: the next figure is looked for there.
      nodes.splice(k, 1, after);
      n = k;
      from = 0;
      break;
    }
  }
}

/** Scrolls to the query's card and highlights the cells a figure came from. */
export function showFigureCells(queryId: string, cells: string): void {
  if (!showCitedQuery(queryId)) return;
  const card = document.getElementById(`query-${queryId}`);
  for (const old of card?.querySelectorAll('[data-figure-cell]') ?? [])
    old.removeAttribute('data-figure-cell');
  for (const cell of cells.split(' ').filter(Boolean)) {
    const [row, column] = cell.split(':');
    card
      ?.querySelector(`td[data-row="${Number(row)}"][data-column="${Number(column)}"]`)
      ?.setAttribute('data-figure-cell', 'true');
  }
  setTimeout(() => {
    for (const c of card?.querySelectorAll('[data-figure-cell]') ?? [])
      c.removeAttribute('data-figure-cell');
  }, 4_000);
}

/**
 * The note of the figure under the pointer or with focus, in one box for the page, placed by the
 * figure and kept inside the window (a box inside the answer was cut off by its column).
 */
function noteBox(): HTMLElement {
  let box = document.getElementById('figure-note');
  if (!box) {
    box = document.createElement('div');
    box.id = 'figure-note';
    box.dataset.testid = 'figure-note';
    box.setAttribute('role', 'tooltip');
    box.hidden = true;
    document.body.append(box);
  }
  return box;
}

function showNote(figure: HTMLElement): void {
  const box = noteBox();
  box.textContent = figure.dataset.note ?? '';
  box.dataset.state = figure.dataset.state ?? '';
  box.hidden = false;
  const at = figure.getBoundingClientRect();
  const margin = 8;
  const { clientWidth: width, clientHeight: height } = document.documentElement;
  const left = Math.max(margin, Math.min(at.left, width - box.offsetWidth - margin));
  const below = at.bottom + 4;
  const top = below + box.offsetHeight > height - margin ? at.top - box.offsetHeight - 4 : below;
  box.style.left = `${left}px`;
  box.style.top = `${Math.max(margin, top)}px`;
}

function hideNote(): void {
  const box = document.getElementById('figure-note');
  if (box) box.hidden = true;
}

const figureOf = (event: Event): HTMLElement | null => {
  const figure = (event.target as Element | null)?.closest?.('[data-testid="figure"]');
  return figure instanceof HTMLElement ? figure : null;
};

/**
 * Under `root`: a figure's note shows on hover and focus; click and Enter on a checked figure
 * show its cells.
 */
export function followFigures(root: HTMLElement): () => void {
  const follow = (event: Event) => {
    if (event instanceof KeyboardEvent && event.key !== 'Enter') return;
    const figure = figureOf(event);
    if (!figure?.dataset.query || !root.contains(figure)) return;
    event.preventDefault();
    showFigureCells(figure.dataset.query, figure.dataset.cells ?? '');
  };
  const show = (event: Event) => {
    const figure = figureOf(event);
    if (figure && root.contains(figure)) showNote(figure);
  };
  const hide = (event: Event) => {
    if (figureOf(event)) hideNote();
  };
  const events: Array<[string, (event: Event) => void]> = [
    ['click', follow],
    ['keydown', follow],
    ['mouseover', show],
    ['focusin', show],
    ['mouseout', hide],
    ['focusout', hide],
  ];
  for (const [name, listener] of events) root.addEventListener(name, listener);
  // A scroll moves the figure from under its note.
  document.addEventListener('scroll', hideNote, { capture: true, passive: true });
  return () => {
    for (const [name, listener] of events) root.removeEventListener(name, listener);
    document.removeEventListener('scroll', hideNote, { capture: true });
    hideNote();
  };
}
