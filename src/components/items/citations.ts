/**
 * Citations in rendered Markdown (`<cite>Q3</cite>`, made by adapters/markdown.ts from `[Q3]`):
 * each becomes a link to its query card, or is marked unverified when the session has no such
 * query — a figure whose source cannot be shown is flagged, never silently passed off.
 */

/** Marks every citation under `root` as verified (a query of `known`) or not. */
export function markCitations(root: HTMLElement, known: { has(id: string): boolean }): void {
  for (const cite of root.querySelectorAll('cite')) {
    const id = cite.textContent?.trim() ?? '';
    const verified = known.has(id);
    cite.dataset.testid = 'citation';
    cite.dataset.query = id;
    cite.dataset.verified = String(verified);
    cite.tabIndex = 0;
    cite.setAttribute('role', 'link');
    cite.title = verified
      ? `Show query ${id}, which this figure comes from`
      : `Unverified: this session has no query ${id}`;
  }
}

/** Scrolls to a query's card, highlights it for a moment and focuses it (Center.showCard). */
export function highlightCard(card: HTMLElement): void {
  card.scrollIntoView({ block: 'center', behavior: 'smooth' });
  card.dataset.highlighted = 'true';
  setTimeout(() => delete card.dataset.highlighted, 2_000);
  card.focus({ preventScroll: true });
}

/**
 * Click and Enter on an element under `root` matching `selector` call `act` with it; returns the
 * listeners' removal. For citations here and checked figures (figures.ts).
 */
export function onActivate(
  root: HTMLElement,
  selector: string,
  act: (element: HTMLElement) => void,
): () => void {
  const follow = (event: Event) => {
    if (event instanceof KeyboardEvent && event.key !== 'Enter') return;
    const element = (event.target as Element | null)?.closest?.(selector);
    if (!(element instanceof HTMLElement) || !root.contains(element)) return;
    event.preventDefault();
    act(element);
  };
  root.addEventListener('click', follow);
  root.addEventListener('keydown', follow);
  return () => {
    root.removeEventListener('click', follow);
    root.removeEventListener('keydown', follow);
  };
}

/** Click and Enter on a verified citation under `root` show its query by `show` (the page's). */
export const followCitations = (
  root: HTMLElement,
  show: (queryId: string) => unknown,
): (() => void) =>
  onActivate(root, 'cite[data-verified="true"]', (cite) => show(cite.dataset.query ?? ''));
