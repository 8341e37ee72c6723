/**
 * The page's query cards by query id — the model's in the conversation (QueryCard), the
 * person's in the data tab (SessionQueries) — each kept here by an attachment of its own while
 * it is on the page, so that a citation, a figure or a chart reaches its query's card without
 * looking it up in the document (app-context.ts: elements are reached by Svelte's own means).
 */
import type { Attachment } from 'svelte/attachments';

export interface QueryCards {
  /** An `{@attach}` keeping the element as query `id`'s card; none without an id. */
  track(id: string | null | undefined): Attachment<HTMLElement> | undefined;
  /** Query `id`'s card, if the page shows one. */
  get(id: string): HTMLElement | undefined;
}

export function queryCards(): QueryCards {
  const cards = new Map<string, HTMLElement>();
  return {
    track: (id) =>
      id
        ? (card) => {
            cards.set(id, card);
            return () => {
              // A card of the same id made since (a session reopened) is not taken off.
              if (cards.get(id) === card) cards.delete(id);
            };
          }
        : undefined,
    get: (id) => cards.get(id),
  };
}
