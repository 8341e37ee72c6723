/**
 * The page's keyboard shortcuts: which key does what, decided from the event alone so that it
 * can be tested without a page. Keys typed into a field stay the field's, except the ones that
 * are for the field (Enter, ↑ in the question box: AnalysisPanel.svelte) and Ctrl/Cmd+K.
 */

export type Shortcut = 'focus-question' | 'stop' | 'help' | 'close-panel';

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  /** The element the key was pressed in: is it one a person types into? Is it in a dialog? */
  inField: boolean;
  inDialog: boolean;
}

/**
 * `drawerOpen`: a side panel is open over the centre (a phone's Sessions or Activity drawer), which
 * Escape closes before it stops anything, as it closes a dialog (issue 33).
 */
export function shortcutOf(e: KeyLike, running: boolean, drawerOpen = false): Shortcut | null {
  if (e.defaultPrevented || e.altKey) return null;
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') return 'focus-question';
  // Escape closes a dialog first, then a drawer; only outside both does it stop the model.
  if (e.key === 'Escape' && !e.inDialog && drawerOpen) return 'close-panel';
  if (e.key === 'Escape' && running && !e.inDialog) return 'stop';
  if (e.key === '?' && !e.inField && !e.ctrlKey && !e.metaKey) return 'help';
  return null;
}

/** What the `?` list shows, in the order a person meets them. */
export const SHORTCUTS: ReadonlyArray<{ keys: string; what: string }> = [
  { keys: 'Ctrl+K (⌘K)', what: 'Go to the question box' },
  { keys: 'Enter', what: 'Send the question' },
  { keys: 'Shift+Enter', what: 'A new line in the question' },
  { keys: '↑', what: 'In an empty question box: your last question again' },
  { keys: 'Esc', what: 'Close the open panel; else stop the model while it works' },
  { keys: 'Ctrl+Enter', what: 'Run the SQL box' },
  { keys: '?', what: 'This list' },
];

/** Is `el` a place where keys are text (a field, an editable region)? */
export function isField(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  return (
    el.isContentEditable ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    (el instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit'].includes(el.type))
  );
}

/**
 * Where an event really began: inside the SQL editor's shadow root (adapters/sql-editor.ts) an
 * event reaches the document with its target retargeted to the shadow's host, which is no field.
 */
export function originOf(e: Event): EventTarget | null {
  return e.composedPath()[0] ?? e.target;
}
