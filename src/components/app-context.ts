/**
 * How a component reaches what the whole page shares — one rule, for every component:
 *
 * - The app's long-lived objects (the fields of `SiftApp`, built once by createApp in src/app.ts:
 *   the workspace, the analyst, the settings, the sessions, the link guard, the theme, …) come by
 *   the app context, set once by App.svelte. A component calls `getApp()` and takes the ones it
 *   uses itself; no component passes one of them on to another as a prop.
 * - What the page's frame offers a part however deep it sits (open a query in the SQL box, put
 *   the focus in the question box) comes by the page context, also set once by App.svelte.
 * - Props carry only what differs from one instance to the next: the item, the table, the row,
 *   a value the parent computed for it, the parent's callbacks and the state it binds.
 *
 * Elements are reached by Svelte's own means — `bind:this`, an attachment, or a function a
 * component exports — never by looking them up in the document: test ids are for the tests.
 */
import { createContext } from 'svelte';
import type { Attachment } from 'svelte/attachments';
import type { SiftApp } from '../app.ts';
import type { ToNotebookWhat } from '../state/to-notebook.ts';

export type { ToNotebookWhat };

export const [getApp, setApp] = createContext<SiftApp>();

export interface Page {
  /** Puts `sql` in the SQL box, on the data tab, ready to edit and run. */
  openInSqlBox(sql: string): void;
  /**
   * Keeps a query, a chart or an answer in the session's notebook (state/to-notebook.ts), shows
   * the notebook at that cell and runs the SQL cells it made (issue 48).
   */
  toNotebook(what: ToNotebookWhat): void;
  /** Shows the notebook and runs every cell again (after a file was replaced). */
  runNotebook(): void;
  /** Puts the focus in the question box, when the page shows one (there is data). */
  focusQuestion(): void;
  /** An `{@attach}` making the element query `id`'s card, the one its citations show (query-cards.ts). */
  queryCard(id: string | null | undefined): Attachment<HTMLElement> | undefined;
  /**
   * Scrolls to query `id`'s card, its tab shown first, and highlights it for a moment: the card,
   * or null when the page has none.
   */
  showQuery(id: string): HTMLElement | null;
}

export const [getPage, setPage] = createContext<Page>();
