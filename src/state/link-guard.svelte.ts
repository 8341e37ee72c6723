/**
 * Links in Claude's answers lead out of Sift, and the model may have been steered by the data it
 * read to write one that carries that data in its address. So a link opens only after the person
 * has seen its full address and said yes (ARCHITECTURE.md, Security invariants); a click never navigates by itself.
 */
export class LinkGuard {
  /** The address waiting for the person's answer, or null. */
  pending = $state<string | null>(null);
  readonly #open: (url: string) => void;

  /** `open` opens an address in a new tab that cannot reach back into this one. */
  constructor(open: (url: string) => void) {
    this.#open = open;
  }

  ask(url: string): void {
    this.pending = url;
  }

  /** Opens the pending address. */
  confirm(): void {
    const url = this.pending;
    this.pending = null;
    if (url) this.#open(url);
  }

  cancel(): void {
    this.pending = null;
  }
}

/**
 * An attachment for an element holding rendered links (adapters/markdown.ts keeps each address in
 * `data-href`, never `href`): every activation of a link — click, middle click, Enter — asks
 * `linkGuard` first; nothing else can open it.
 */
export const guardLinks =
  (linkGuard: LinkGuard) =>
  (node: HTMLElement): (() => void) => {
    const linkAt = (event: Event): HTMLElement | null => {
      const link = (event.target as Element | null)?.closest?.('a[data-href]');
      return link instanceof HTMLElement && node.contains(link) ? link : null;
    };
    const intercept = (event: MouseEvent) => {
      const link = linkAt(event);
      if (!link) return;
      event.preventDefault();
      if (event.type === 'auxclick' && event.button !== 1) return;
      if (link.dataset.href) linkGuard.ask(link.dataset.href);
    };
    const key = (event: KeyboardEvent) => {
      const link = linkAt(event);
      if (!link || event.key !== 'Enter') return;
      event.preventDefault();
      if (link.dataset.href) linkGuard.ask(link.dataset.href);
    };
    node.addEventListener('click', intercept);
    node.addEventListener('auxclick', intercept);
    node.addEventListener('keydown', key);
    return () => {
      node.removeEventListener('click', intercept);
      node.removeEventListener('auxclick', intercept);
      node.removeEventListener('keydown', key);
    };
  };
