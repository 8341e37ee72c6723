/**
 * Typing in the SQL editor where the browser's own way is too slow (adapters/sql-editor.ts):
 * CodeMirror makes the change instead.
 */
import { isolateHistory } from '@codemirror/commands';
import type { EditorView } from '@codemirror/view';

/** Longer than this, a selection typed over is replaced by CodeMirror rather than the browser. */
const NATIVE_REPLACE_LIMIT = 2_000;

/**
 * Typing over a long selection, CodeMirror's way rather than the browser's. Chrome deletes a
 * selected stretch of a wrapped, highlighted line node by node, laying out the whole line after
 * each: typing one letter over a selected 5,000-column statement (72 KB, ~2,900 tokens) took
 * 20–28 s (measured: 2,881 forced layouts in TypingCommand::InsertText). Below the limit the
 * browser keeps its own path, which composition and autocorrect rely on.
 */
export function replaceLongSelection(event: InputEvent, view: EditorView): boolean {
  if (event.inputType !== 'insertText' || event.data === null) return false;
  // A composition, and a browser that would insert the text anyway, keep the native path.
  if (view.composing || !event.cancelable) return false;
  const span = replacedSpan(event, view);
  if (!span || span.to - span.from <= NATIVE_REPLACE_LIMIT) return false;
  event.preventDefault();
  view.dispatch({
    changes: { ...span, insert: event.data },
    selection: { anchor: span.from + event.data.length },
    userEvent: 'input.type',
    // Its own step of the history, the letters typed after it joining it: Undo gives the
    // statement back even when it was pasted a moment before (they would have been one step).
    annotations: isolateHistory.of('before'),
    scrollIntoView: true,
  });
  return true;
}

/**
 * What the browser is about to replace: its target range, or — in a shadow root, where Chrome
 * gives none (measured: getTargetRanges() was empty) — the shadow root's own selection, which
 * CodeMirror may not have read yet when the selection was set a moment before.
 */
function replacedSpan(event: InputEvent, view: EditorView): { from: number; to: number } | null {
  const target = event.getTargetRanges()[0];
  const root = view.root as (Document | ShadowRoot) & { getSelection?: () => Selection | null };
  const selection = target ? null : (root.getSelection?.() ?? document.getSelection());
  const range = target ?? (selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null);
  if (!range || !view.contentDOM.contains(range.startContainer)) return null;
  if (!view.contentDOM.contains(range.endContainer)) return null;
  const a = view.posAtDOM(range.startContainer, range.startOffset);
  const b = view.posAtDOM(range.endContainer, range.endOffset);
  return { from: Math.min(a, b), to: Math.max(a, b) };
}
