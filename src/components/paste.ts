/** A pasted table as the file the loader reads (src/components/pasted-table.ts says how). */
import { pastedText } from './pasted-table.ts';

export function pastedFile(text: string): File | null {
  const pasted = pastedText(text);
  if (!pasted) return null;
  const type = pasted.name.endsWith('.tsv') ? 'text/tab-separated-values' : 'text/csv';
  return new File([pasted.content], pasted.name, { type });
}

/** Whether a paste landed in something that takes text itself (the SQL box, a question). */
export function pastedIntoField(target: EventTarget | null): boolean {
  const element = target instanceof Text ? target.parentElement : target;
  return (
    element instanceof HTMLElement &&
    (element.isContentEditable || element.closest('input, textarea, select') !== null)
  );
}
