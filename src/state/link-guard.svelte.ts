/**
 * Links in Claude's answers lead out of Sift, and the model may have been steered by the data it
 * read to write one that carries that data in its address. So a link opens only after the person
 * has seen its full address and said yes (issue 5); a click never navigates by itself.
 */
export class LinkGuard {
  /** The address waiting for the person's answer, or null. */
  pending = $state<string | null>(null);

  ask(url: string): void {
    this.pending = url;
  }

  /** Opens the pending address in a new tab that cannot reach back into this one. */
  confirm(): void {
    const url = this.pending;
    this.pending = null;
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
  }

  cancel(): void {
    this.pending = null;
  }
}

export const linkGuard = new LinkGuard();

/**
 * An attachment for an element holding rendered links: every activation of a link — click,
 * middle click, Enter — asks first instead of following it.
 */
export function guardLinks(node: HTMLElement): () => void {
  const intercept = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!link || !node.contains(link)) return;
    event.preventDefault();
    if (event.type === 'auxclick' && event.button !== 1) return;
    linkGuard.ask((link as HTMLAnchorElement).href);
  };
  node.addEventListener('click', intercept);
  node.addEventListener('auxclick', intercept);
  return () => {
    node.removeEventListener('click', intercept);
    node.removeEventListener('auxclick', intercept);
  };
}
