/**
 * What a person does with an answer's figures (marked by adapters/figure-marks.ts): a figure's
 * note shows on hover and focus, and a click on a checked one shows its cells in the query's card.
 */
import { FIGURE } from '../../adapters/figure-marks.ts';
import { onActivate } from './citations.ts';

/** The timer that takes the last highlight off: a new click restarts it. */
let highlight: ReturnType<typeof setTimeout> | undefined;

/** Highlights, in the query's card (shown already), the cells a figure came from. */
function showFigureCells(card: HTMLElement, cells: string): void {
  for (const old of card.querySelectorAll('[data-figure-cell]'))
    old.removeAttribute('data-figure-cell');
  for (const cell of cells.split(' ').filter(Boolean)) {
    const [row, column] = cell.split(':');
    card
      .querySelector(`td[data-row="${Number(row)}"][data-column="${Number(column)}"]`)
      ?.setAttribute('data-figure-cell', 'true');
  }
  clearTimeout(highlight);
  highlight = setTimeout(() => {
    for (const c of card.querySelectorAll('[data-figure-cell]'))
      c.removeAttribute('data-figure-cell');
  }, 4_000);
}

/**
 * The note of the figure under the pointer or with focus, in one box for the page, placed by the
 * figure and kept inside the window (a box inside the answer was cut off by its column).
 */
let note: HTMLElement | undefined;

function noteBox(): HTMLElement {
  // This module's own box, kept here: the page has no other way to it.
  let box = note;
  if (!box?.isConnected) {
    box = note = document.createElement('div');
    // Styled by its class (app.css); the test id is for the tests alone.
    box.className = 'figure-note';
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
  if (note) note.hidden = true;
}

const figureOf = (event: Event): HTMLElement | null => {
  const figure = (event.target as Element | null)?.closest?.(FIGURE);
  return figure instanceof HTMLElement ? figure : null;
};

/**
 * Under `root`: a figure's note shows on hover and focus; click and Enter on a checked figure
 * show its query's card by `showQuery` (the page's, which returns the card) and its cells there.
 */
export function followFigures(
  root: HTMLElement,
  showQuery: (queryId: string) => HTMLElement | null,
): () => void {
  const unfollow = onActivate(root, `${FIGURE}[data-query]`, (figure) => {
    const card = showQuery(figure.dataset.query ?? '');
    if (card) showFigureCells(card, figure.dataset.cells ?? '');
  });
  const show = (event: Event) => {
    const figure = figureOf(event);
    if (figure && root.contains(figure)) showNote(figure);
  };
  const hide = (event: Event) => {
    if (figureOf(event)) hideNote();
  };
  const events: Array<[string, (event: Event) => void]> = [
    ['mouseover', show],
    ['focusin', show],
    ['mouseout', hide],
    ['focusout', hide],
  ];
  for (const [name, listener] of events) root.addEventListener(name, listener);
  // A scroll moves the figure from under its note.
  document.addEventListener('scroll', hideNote, { capture: true, passive: true });
  return () => {
    unfollow();
    for (const [name, listener] of events) root.removeEventListener(name, listener);
    document.removeEventListener('scroll', hideNote, { capture: true });
    hideNote();
  };
}
